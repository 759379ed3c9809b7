import { CLOUDINARY_DELIVERY_ORIGIN, imageOrigins } from '@/lib/security/headers.mjs';

/** A path on this origin (`/images/…`), not a protocol-relative URL (`//host/…`). */
const isOwnPath = (src: string) => src.startsWith('/') && !src.startsWith('//');

/**
 * Whether next/image may optimise a picture: our own paths (/images/..., /api/images/...,
 * /api/product/{id}/picture) and Cloudinary's delivery host are allowed by next.config.mjs. Any
 * other absolute URL (a Cloudinary stand-in in tests) must be rendered with `unoptimized`, or
 * next/image refuses it.
 */
export function isOptimizable(src: string): boolean {
  if (isOwnPath(src)) return true;
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && url.hostname === 'res.cloudinary.com';
  } catch {
    return false;
  }
}

/**
 * The origins, besides our own, that the pages' Content-Security-Policy lets the browser load
 * pictures from (`imageOrigins`, the policy's img-src).
 */
function pictureOrigins(): string[] {
  try {
    return imageOrigins(process.env.CLOUDINARY_URL);
  } catch {
    // A malformed CLOUDINARY_URL fails the build (next.config.mjs makes the policy from it).
    return [CLOUDINARY_DELIVERY_ORIGIN];
  }
}

/** The store's copy of a product's picture (app/api/product/[productId]/picture). */
export const productPicturePath = (productId: string) => `/api/product/${productId}/picture`;

/**
 * Where the pages load a product's picture from: the picture itself when it is on our own
 * origin or one the Content-Security-Policy allows, else the store's copy, fetched by the server
 * from the admin's URL (lib/images/remote.ts).
 */
export function productPictureSrc(productId: string, picture: string): string {
  if (isOwnPath(picture)) return picture;
  try {
    if (pictureOrigins().includes(new URL(picture).origin)) return picture;
  } catch {
    // Not a URL: the store's copy answers why it cannot be shown.
  }
  return productPicturePath(productId);
}

/**
 * The next/image `src` and `unoptimized` of a product's picture, wherever it is shown (cards,
 * the product page, an order's page): from `productPictureSrc`, optimised where allowed.
 */
export function productPictureImage(productId: string, picture: string) {
  const src = productPictureSrc(productId, picture);
  return { src, unoptimized: !isOptimizable(src) };
}
