import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ServerImage, trimSrcSet } from '@/components/ui/ServerImage';

// Pictures rendered on the server offer no srcset width past the picture's own: the optimiser
// never enlarges, so wider candidates are the same bytes under more URLs in every page.

const url = (width: number) => `/_next/image?url=%2Fimages%2Fa.webp&w=${width}&q=75`;
const srcSet = (widths: number[]) => widths.map((width) => `${url(width)} ${width}w`).join(', ');

describe('trimSrcSet', () => {
  it('keeps the candidates up to the first at least as wide as the picture', () => {
    expect(trimSrcSet(srcSet([384, 640, 750, 828, 1080, 1920, 3840]), 800)).toEqual({
      srcSet: srcSet([384, 640, 750, 828]),
      src: url(828),
    });
    expect(trimSrcSet(srcSet([640, 750, 1200, 1920]), 1200)).toEqual({
      srcSet: srcSet([640, 750, 1200]),
      src: url(1200),
    });
  });

  it('keeps every candidate of a picture wider than all of them', () => {
    expect(trimSrcSet(srcSet([640, 750]), 4000)).toEqual({
      srcSet: srcSet([640, 750]),
      src: url(750),
    });
  });

  it('leaves a density-described srcset alone', () => {
    expect(trimSrcSet(`${url(64)} 1x, ${url(128)} 2x`, 64)).toBeNull();
  });
});

describe('ServerImage', () => {
  it('renders a static picture with candidates up to its intrinsic width', () => {
    const html = renderToStaticMarkup(
      createElement(ServerImage, {
        src: { src: '/_next/static/media/hero.abc.webp', width: 1200, height: 800 },
        alt: 'Hero',
        sizes: '(min-width: 1024px) 40rem, 100vw',
      }),
    );
    const widths = [...html.matchAll(/&amp;w=(\d+)&amp;q=75 (\d+)w/g)].map((match) =>
      Number(match[2]),
    );
    expect(widths.length).toBeGreaterThan(1);
    expect(Math.max(...widths)).toBe(1200);
    expect(html).toContain(
      'src="/_next/image?url=%2F_next%2Fstatic%2Fmedia%2Fhero.abc.webp&amp;w=1200&amp;q=75"',
    );
  });
});

describe('trimSrcSet with chosen widths', () => {
  it('keeps only the chosen widths, up to the picture width', () => {
    expect(trimSrcSet(srcSet([384, 640, 750, 828, 1080]), 800, [384, 640, 828, 1080])).toEqual({
      srcSet: srcSet([384, 640, 828]),
      src: url(828),
    });
  });
});
