import { ObjectId } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiErrorFrom } from '@/lib/api/errors';
import { closeConnection, collections, getDb } from '../support/db';
import { readImageUpload, withStoredImage } from '@/lib/images';
import { pngImage, textFile } from '../../e2e/fixtures/images';

// What every upload route shares: reading the form, checking its fields and image, storing the
// image (in GridFS here, without CLOUDINARY_URL) and removing it when its record is not saved.

const schema = z.strictObject({
  name: z.string({ error: 'Name is Required' }).min(1, 'Name is Required'),
  rating: z.number({ error: 'Rating is Required' }),
});

function upload(entries: Record<string, string | Blob>): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(entries)) form.set(name, value);
  return new Request('http://127.0.0.1/upload', { method: 'POST', body: form });
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => {
      const answer = apiErrorFrom(error);
      return { status: answer.status, message: answer.message, details: answer.details };
    },
  );

async function stored() {
  const db = await getDb();
  return {
    uploads: await collections(db).uploads.countDocuments(),
    files: await db.collection('images.files').countDocuments(),
  };
}

afterAll(() => closeConnection());

describe('readImageUpload', () => {
  it('answers the text fields and the missing image together, in field order', async () => {
    const answer = await refusal(
      readImageUpload(upload({ rating: 'five' }), {
        field: 'image',
        schema,
        numeric: ['rating'],
        required: 'Image is Required',
      }),
    );
    expect(answer).toEqual({
      status: 422,
      message: 'name: Name is Required',
      details: {
        fields: {
          name: ['Name is Required'],
          rating: ['Rating is Required'],
          image: ['Image is Required'],
        },
      },
    });
  });

  it('checks the fields before the file, then the file by its bytes', async () => {
    const options = { field: 'image', schema, numeric: ['rating'], required: 'Image is Required' };
    const notImage = new Blob([new Uint8Array(textFile)]);
    expect(
      (await refusal(readImageUpload(upload({ rating: '4', image: notImage }), options)))?.details,
    ).toEqual({ fields: { name: ['Name is Required'] } });
    expect(
      (
        await refusal(
          readImageUpload(upload({ name: 'Mira', rating: '4', image: notImage }), options),
        )
      )?.status,
    ).toBe(415);

    const png = pngImage();
    const read = await readImageUpload(
      upload({ name: 'Mira', rating: '4', image: new Blob([new Uint8Array(png)]) }),
      options,
    );
    expect(read.fields).toEqual({ name: 'Mira', rating: 4 });
    expect(read.image.contentType).toBe('image/png');
    expect(read.image.bytes.equals(png)).toBe(true);
  });

  it('takes the URL in the same field instead of a file where the route allows it', async () => {
    const orUrl = z.string({ error: 'Picture is Required' }).trim().startsWith('/images/', 'Bad');
    const options = { field: 'picture', orUrl };
    expect(await readImageUpload(upload({ picture: ' /images/gear.webp ' }), options)).toEqual({
      fields: {},
      image: null,
      url: '/images/gear.webp',
    });
    expect((await refusal(readImageUpload(upload({}), options)))?.details).toEqual({
      fields: { picture: ['Picture is Required'] },
    });
    expect((await refusal(readImageUpload(upload({ picture: 'x' }), options)))?.details).toEqual({
      fields: { picture: ['Bad'] },
    });
  });
});

describe('withStoredImage', () => {
  const image = () => ({
    bytes: pngImage({ seed: 9 }),
    contentType: 'image/png' as const,
    filename: 'p.png',
  });

  it('hands the stored image to the save and answers what it saved', async () => {
    const userId = new ObjectId().toHexString();
    const saved = await withStoredImage(image(), { userId, folder: 'reviews' }, async (s) => s);
    expect(saved.url).toBe(`/api/images/${saved.id}`);
    const { uploads } = collections(await getDb());
    expect(await uploads.countDocuments({ url: saved.url, userId: new ObjectId(userId) })).toBe(1);
  });

  it('removes the image again when the save fails, and passes the failure on', async () => {
    const before = await stored();
    const failure = new Error('the record could not be saved');
    await expect(
      withStoredImage(
        image(),
        { userId: new ObjectId().toHexString(), folder: 'reviews' },
        async () => {
          expect(await stored()).toEqual({
            uploads: before.uploads + 1,
            files: before.files + 1,
          });
          throw failure;
        },
      ),
    ).rejects.toBe(failure);
    expect(await stored()).toEqual(before);
  });
});
