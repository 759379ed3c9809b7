import { z } from 'zod';
import { fieldErrorExample, objectIdPath, operation } from './operation';
import { reviewMessages } from '@/lib/validation/review';

/** Uploaded pictures: POST /api/images stores one, GET /api/images/{imageId} serves it. */

const tag = 'Images';

const imageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

export const storedImageSchema = z.object({
  id: z.string().meta({ description: 'The stored image: a GridFS id, or a Cloudinary public id.' }),
  url: z.string().meta({
    description:
      'Where the image is shown from: /api/images/{imageId} on this origin, or a Cloudinary URL. Send it as a review’s `img`.',
    example: '/api/images/66a1f0c2e4b0a1b2c3d4e5f6',
  }),
});

const cacheHeaders = {
  'Cache-Control': z.string().meta({ example: 'public, max-age=31536000, immutable' }),
  ETag: z
    .string()
    .meta({ description: 'The image id, quoted.', example: '"66a1f0c2e4b0a1b2c3d4e5f6"' }),
  'Last-Modified': z.string().meta({ description: 'When the image was uploaded (HTTP date).' }),
};

export const imageOperations = [
  operation({
    method: 'post',
    path: '/api/images',
    operationId: 'uploadImage',
    tag,
    summary: 'Upload a picture',
    description:
      'Stores one picture, sent as the multipart `image` file: JPEG, PNG, WebP or GIF by its bytes (never by its name or declared type), at most 5 MB. Stored on Cloudinary when it is configured, else in the database. At most 30 uploads per person in 10 minutes.',
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
  }),
  operation({
    method: 'get',
    path: '/api/images/{imageId}',
    operationId: 'getImage',
    tag,
    summary: 'An uploaded picture',
    description:
      'A picture stored in the database, with the type found from its bytes at upload. The bytes under an id never change, so it may be cached for a year.',
    access: 'public',
    params: {
      path: z.object({ imageId: objectIdPath('image id') }),
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
  }),
];
