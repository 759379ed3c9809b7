import { ImageResponse } from 'next/og';
import { previewImage, storeName } from '@/lib/core/site';

// The link-preview image of every page (OpenGraph, and the Twitter card that inherits it),
// drawn at build time with next/og's built-in font: no font file or host is fetched.
export const alt = previewImage.alt;
export const size = { width: previewImage.width, height: previewImage.height };
export const contentType = 'image/png';

export default function OpenGraphImage() {
  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        padding: '80px',
        background: 'linear-gradient(135deg, #0f172a 0%, #1e3a8a 100%)',
        color: 'white',
      }}
    >
      <div style={{ display: 'flex', width: 96, height: 12, background: '#60a5fa' }} />
      <div style={{ display: 'flex', marginTop: 40, fontSize: 88, lineHeight: 1.1 }}>
        {storeName}
      </div>
      <div style={{ display: 'flex', marginTop: 28, fontSize: 40, color: '#cbd5e1' }}>
        Parts direct from the manufacturer, in bulk
      </div>
      <div style={{ display: 'flex', marginTop: 16, fontSize: 32, color: '#94a3b8' }}>
        Gears, bearings, fasteners, hydraulics and fittings
      </div>
    </div>,
    size,
  );
}
