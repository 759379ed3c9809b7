import { failure } from '@/lib/api/errors';
import { handle } from '@/lib/api/handle';
import { getImageOp } from '@/lib/images/api';
import {
  findGridFsImage,
  IMAGE_CACHE_CONTROL,
  imageIdString,
  toImageId,
} from '@/lib/images';

/**
 * GET /api/images/{imageId}: an image stored in GridFS, with the content type found from its
 * bytes at upload. The id is 32 lower-case hex digits (random, lib/images/ids.ts), or 24 hex
 * digits for an image stored before random ids; anything else is 400. The bytes under an id
 * never change, so browsers and CDNs may keep it a year.
 */
export const GET = handle(getImageOp, async ({ request, params: { imageId } }) => {
  const id = toImageId(imageId);
  if (!id) throw failure('request.invalid_id', { params: { what: 'image id', value: imageId } });
  const image = await findGridFsImage(id);
  if (!image) throw failure('image.not_found');

  const etag = `"${imageIdString(id)}"`;
  const headers = {
    'Cache-Control': IMAGE_CACHE_CONTROL,
    ETag: etag,
    'Last-Modified': image.uploadDate.toUTCString(),
    'X-Content-Type-Options': 'nosniff',
  };
  if (request.headers.get('if-none-match') === etag) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(image.open(), {
    headers: {
      ...headers,
      'Content-Type': image.contentType,
      'Content-Length': String(image.length),
    },
  });
});
