/**
 * Whether next/image may optimise a picture: our own paths (/images/..., /api/images/...)
 * and Cloudinary's delivery host are allowed by next.config.mjs. Any other absolute URL (an
 * admin's http(s) picture URL, or a Cloudinary stand-in in tests) must be rendered with
 * `unoptimized`, or next/image refuses it.
 */
export function isOptimizable(src: string): boolean {
  if (src.startsWith('/') && !src.startsWith('//')) return true;
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && url.hostname === 'res.cloudinary.com';
  } catch {
    return false;
  }
}
