import { NextResponse } from 'next/server';
import { productPictureSrc } from '@/components/product/picture';
import { failure } from '@/lib/api/errors';
import { handle } from '@/lib/api/handle';
import { getProductPictureOp } from '@/lib/catalogue/api';
import { findProduct } from '@/lib/catalogue';
import { remotePicture, RemotePictureError } from '@/lib/images';

/** How long browsers and CDNs may keep the store's copy of a picture. */
export const PRODUCT_PICTURE_CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400';

/**
 * GET /api/product/{productId}/picture (public): the product's picture from this origin. A
 * picture on another host is fetched by the server (public addresses only, a JPEG, PNG, WebP or
 * GIF of at most 5 MB: lib/images/remote.ts) and answered with its type found from its bytes;
 * 502 when that fails. A picture the pages may load directly (our own paths, Cloudinary) is a
 * 307 redirect to it. 400 for a malformed id, 404 for an unknown product.
 */
export const GET = handle(getProductPictureOp, async ({ params: { productId } }) => {
  const product = await findProduct(productId);
  if (!product) throw failure('product.not_found');
  const src = productPictureSrc(product._id, product.picture);
  if (src === product.picture) {
    // Percent-encoded: a header carries no character beyond Latin-1 (`’` in a file name).
    const location = src.startsWith('/') ? src : new URL(src).href;
    return new NextResponse(null, { status: 307, headers: { Location: location } });
  }
  try {
    const picture = await remotePicture(product.picture);
    return new NextResponse(new Uint8Array(picture.bytes), {
      headers: {
        'Content-Type': picture.contentType,
        'Content-Length': String(picture.bytes.length),
        'Cache-Control': PRODUCT_PICTURE_CACHE_CONTROL,
        'X-Content-Type-Options': 'nosniff',
      },
    });
  } catch (error) {
    // Why (in the server's log, lib/images/remote.ts) is not the client's business.
    if (error instanceof RemotePictureError) throw failure('product.picture_unavailable');
    throw error;
  }
});
