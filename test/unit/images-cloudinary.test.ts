import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadApiResponse } from 'cloudinary';
import { pngImage } from '../../e2e/fixtures/images';
import { apiSignRequest, start } from '../../e2e/stand-ins/cloudinary.mjs';

// The real Cloudinary SDK against the local stand-in. The SDK reads CLOUDINARY_URL when it is
// first loaded, so the variable is set before anything imports it.
type StandIn = Awaited<ReturnType<typeof start>>;
let standIn: StandIn;
let images: typeof import('@/lib/images');
let answered: <T>(attempt: Promise<T>) => Promise<T>;
let sdk: typeof import('cloudinary').v2;

beforeAll(async () => {
  standIn = await start({ port: 0 });
  process.env.CLOUDINARY_URL = standIn.env.CLOUDINARY_URL;
  images = await import('@/lib/images');
  const { apiErrorFrom } = await import('@/lib/api/errors');
  answered = (attempt) =>
    attempt.catch((error: unknown) => {
      throw apiErrorFrom(error);
    });
  sdk = (await import('cloudinary')).v2;
});

afterAll(async () => {
  await (await import('@/lib/core/db')).closeConnection();
  await standIn?.stop();
});

/** A user id as the store has them (24 hex digits). */
const uploader = new ObjectId().toHexString();

describe('lib/images with CLOUDINARY_URL set', () => {
  it('uploads through the SDK, records the upload and answers the delivery URL', async () => {
    expect(images.imageProvider()).toBe('cloudinary');
    const png = pngImage({ seed: 6 });
    const stored = await images.storeImage(
      { bytes: png, contentType: 'image/png', filename: 'me.png' },
      { userId: uploader, folder: 'reviews' },
    );
    expect(stored.provider).toBe('cloudinary');
    expect(stored.url).toBe(
      `${standIn.origin}/storefront-e2e/image/upload/v${standIn.uploads[0]!.result.version}/reviews/${stored.id}.png`,
    );

    // The stand-in checked the signature; the signed parameters are those the SDK chose.
    const { fields } = standIn.uploads[0]!;
    expect(fields).toMatchObject({ folder: 'reviews', public_id: stored.id, overwrite: '0' });
    expect(fields.signature).toMatch(/^[0-9a-f]{40}$/);

    const served = await fetch(stored.url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    expect(await images.findUpload(stored.url, uploader)).toEqual({
      id: stored.id,
      url: stored.url,
    });
    expect(await images.findUpload(stored.url, 'user-2')).toBeNull();
  });

  it('the stand-in signs exactly as the SDK does', () => {
    const params = { timestamp: 1700000000, folder: 'a&b', public_id: 'x', overwrite: false };
    const utils = (
      sdk as unknown as { utils: { api_sign_request: (p: object, s: string) => string } }
    ).utils;
    expect(apiSignRequest({ ...params, api_key: 'k', file: 'f' }, 'secret').signature).toBe(
      utils.api_sign_request(params, 'secret'),
    );
  });

  it('refuses an upload signed with the wrong secret, and lib/images answers 502', async () => {
    const attempt = new Promise<UploadApiResponse>((resolve, reject) => {
      sdk.uploader
        .upload_stream({ api_secret: 'wrong-secret', resource_type: 'image' }, (error, result) =>
          error ? reject(error) : resolve(result!),
        )
        .end(pngImage());
    });
    await expect(attempt).rejects.toMatchObject({
      http_code: 401,
      message: expect.stringMatching(/^Invalid Signature/),
    });

    const uploads = standIn.uploads.length;
    const before = process.env.CLOUDINARY_URL!;
    // Point the SDK at a cloud the stand-in does not know: storing fails with a clear error.
    sdk.config({ cloud_name: 'unknown-cloud' });
    try {
      // lib/images refuses (image.store_failed); the HTTP edge answers the refusal with 502.
      await expect(
        answered(
          images.storeImage(
            { bytes: pngImage(), contentType: 'image/png', filename: 'a.png' },
            { userId: uploader, folder: 'reviews' },
          ),
        ),
      ).rejects.toMatchObject({ status: 502, message: images.imageMessages.storeFailed });
    } finally {
      sdk.config({ cloud_name: new URL(before.replace('cloudinary://', 'http://')).hostname });
    }
    expect(standIn.uploads.length).toBe(uploads);
  });

  it('refuses a file that is not an image even with a good signature', async () => {
    const attempt = new Promise((resolve, reject) => {
      sdk.uploader
        .upload_stream({ resource_type: 'image' }, (error, result) =>
          error ? reject(error) : resolve(result),
        )
        .end(Buffer.from('plain text'));
    });
    await expect(attempt).rejects.toMatchObject({ http_code: 400, message: 'Invalid image file' });
  });
});
