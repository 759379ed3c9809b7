import { z } from 'zod';
import { fieldErrorExample, imageIdPath, operation } from '@/lib/core/api/operation';
import { reviewMessages } from '@/lib/reviews/schemas';

/** Uploaded pictures: POST /api/images stores one, GET /api/images/{imageId} serves it. */

const tag = 'Images';

const imageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

export const storedImageSchema = z.object({
  id: z.string().meta({
    description:
      'The stored image’s id: 32 hex digits, 128 random bits (its GridFS id, or the name of its Cloudinary public id).',
    example: '3f9c2a7e5b1d4c8a9e0f6b2d7a4c1e58',
  }),
  url: z.string().meta({
    description:
      'Where the image is shown from: /api/images/{imageId} on this origin, or a Cloudinary URL. Send it as a review’s `img` (or a product’s `picture`) within an hour.',
    example: '/api/images/3f9c2a7e5b1d4c8a9e0f6b2d7a4c1e58',
  }),
});

const cacheHeaders = {
  'Cache-Control': z.string().meta({ example: 'public, max-age=31536000, immutable' }),
  ETag: z
    .string()
    .meta({ description: 'The image id, quoted.', example: '"3f9c2a7e5b1d4c8a9e0f6b2d7a4c1e58"' }),
  'Last-Modified': z.string().meta({ description: 'When the image was uploaded (HTTP date).' }),
};

export const uploadImageOp = operation({
  method: 'post',
  path: '/api/images',
  operationId: 'uploadImage',
  tag,
  summary: 'Upload a picture',
  description:
    'Stores one picture, sent as the multipart `image` file: JPEG, PNG, WebP or GIF by its bytes (never by its name or declared type), at most 5 MB. Stored on Cloudinary when it is configured, else in the database, under a random id. At most 30 uploads per person in 10 minutes. The upload must be attached within an hour (sent as one review’s `img`, or a product’s `picture`); an upload not attached by then is removed, file and record. A person’s uploads not yet attached may take at most 50 MB together; past that an upload is refused with 409.',
  access: 'user',
  body: { multipart: { file: 'image' } },
  responses: {
    201: {
      description: 'The picture was stored.',
      json: z.object({ success: z.literal(true), data: storedImageSchema }),
    },
  },
  errors: [
    {
      code: 'validation_failed',
      when: 'no file came in `image`',
      example: fieldErrorExample('image', reviewMessages.imageRequired),
    },
  ],
});

export const getImageOp = operation({
  method: 'get',
  path: '/api/images/{imageId}',
  operationId: 'getImage',
  tag,
  summary: 'An uploaded picture',
  description:
    'A picture stored in the database, with the type found from its bytes at upload. The bytes under an id never change, so it may be cached for a year. An upload never attached to a review or product is removed an hour after it was made (404 from then on).',
  access: 'public',
  // The bytes under a random id, whoever asks: cached a year, for signed-in callers too.
  sameForEveryone: true,
  params: {
    path: z.object({ imageId: imageIdPath() }),
    header: z.object({
      'If-None-Match': z
        .string()
        .optional()
        .meta({ description: 'The ETag of a copy you have: answered 304 when it is current.' }),
    }),
  },
  responses: {
    200: {
      description: 'The image.',
      content: Object.fromEntries(imageTypes.map((type) => [type, z.file()])),
      headers: z.object({
        ...cacheHeaders,
        'Content-Length': z.string(),
        'X-Content-Type-Options': z.literal('nosniff'),
      }),
    },
    304: { description: 'The copy you have is current.', headers: z.object(cacheHeaders) },
  },
  errors: ['image.not_found'],
});

export const imageOperations = [uploadImageOp, getImageOp];
