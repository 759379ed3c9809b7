import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeConnection, collections, getDb } from '../support/db';
import { GET as listReviewsRoute, POST as addReviewRoute } from '@/app/api/review/route';
import { POST as uploadRoute } from '@/app/api/images/route';
import { GET as imageRoute } from '@/app/api/images/[imageId]/route';
import { IMAGE_CACHE_CONTROL, MAX_IMAGE_BYTES } from '@/lib/images';
import { createActor, params, request, type Actor } from '../support/users';
import { largePng, pngImage, textFile } from '../../e2e/fixtures/images';
import * as nextCache from 'next/cache';

const revalidateTag = vi.mocked(nextCache.revalidateTag);

let buyer: Actor;
let otherBuyer: Actor;
let admin: Actor;
const anonymous: Actor['headers'] = {};

async function call(response: Response | Promise<Response>) {
  const res = await response;
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

function reviewForm(fields: Record<string, string> = {}, image: Blob | string | null = null) {
  const form = new FormData();
  const values = {
    rating: '5',
    name: 'Mira Okafor',
    location: 'Lagos, Nigeria',
    reviewText: 'The bearings arrived on time, well packed, and every batch matched the drawing.',
    ...fields,
  };
  for (const [key, value] of Object.entries(values)) form.set(key, value);
  if (typeof image === 'string') form.set('image', image);
  else if (image) form.set('image', image, 'me.png');
  return form;
}

const postForm = (headers: Actor['headers'], form: FormData) =>
  call(addReviewRoute(request('/api/review', { method: 'POST', headers, body: form }), params({})));

const postJson = (headers: Actor['headers'], json: unknown) =>
  call(addReviewRoute(request('/api/review', { method: 'POST', headers, json }), params({})));

async function upload(headers: Actor['headers'], bytes: Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  form.set('image', new Blob([bytes]), 'photo.png');
  return call(
    uploadRoute(request('/api/images', { method: 'POST', headers, body: form }), params({})),
  );
}

async function counts() {
  const db = await getDb();
  const c = collections(db);
  return {
    reviews: await c.reviews.countDocuments(),
    uploads: await c.uploads.countDocuments(),
    files: await db.collection('images.files').countDocuments(),
  };
}

beforeAll(async () => {
  [buyer, otherBuyer, admin] = await Promise.all([
    createActor('user', 'Mira Okafor'),
    createActor('user'),
    createActor('admin'),
  ]);
});
beforeEach(() => revalidateTag.mockClear());
afterAll(closeConnection);

describe('POST /api/review (multipart, what the form sends)', () => {
  it('anonymous 401, nothing stored', async () => {
    const before = await counts();
    const res = await postForm(anonymous, reviewForm({}, new Blob([pngImage()])));
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
    expect(await counts()).toEqual(before);
  });

  it('buyer 201: the review records the reviewer, its photo is served from GridFS', async () => {
    const png = pngImage({ seed: 1 });
    const res = await postForm(buyer.headers, reviewForm({ rating: '4' }, new Blob([png])));
    expect(res.status).toBe(201);
    const { review, insertedId } = res.body;
    expect(review).toEqual({
      _id: insertedId,
      rating: 4,
      name: 'Mira Okafor',
      location: 'Lagos, Nigeria',
      reviewText: expect.stringContaining('bearings'),
      img: expect.stringMatching(/^\/api\/images\/[0-9a-f]{32}$/),
    });
    const doc = await collections(await getDb()).reviews.findOne({
      _id: new ObjectId(insertedId as string),
    });
    expect(doc?.userId).toEqual(new ObjectId(buyer.user.id));
    expect(revalidateTag).toHaveBeenCalledWith('reviews', { expire: 0 });

    const list = await call(listReviewsRoute(request('/api/review'), params({}) as never));
    expect(list.body[0]).toEqual(review);

    const imageId = (review.img as string).split('/').pop()!;
    const image = await imageRoute(request(review.img), params({ imageId }));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe(IMAGE_CACHE_CONTROL);
    expect(image.headers.get('content-length')).toBe(String(png.length));
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);

    const cached = await imageRoute(
      request(review.img, { headers: { 'If-None-Match': image.headers.get('etag')! } }),
      params({ imageId }),
    );
    expect(cached.status).toBe(304);
  });

  it('admin 201 too (any signed-in person may review)', async () => {
    const res = await postForm(admin.headers, reviewForm({ name: 'Ada' }, new Blob([pngImage()])));
    expect(res.status).toBe(201);
  });

  it('an empty form: 422 with every field message, nothing stored', async () => {
    const before = await counts();
    const form = new FormData();
    form.set('rating', '');
    const res = await postForm(buyer.headers, form);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details.fields).toEqual({
      rating: ['Rating is Required'],
      name: ['Name is Required'],
      location: ['Location is Required'],
      reviewText: ['Review is Required'],
      image: ['Image is Required'],
    });
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['a rating of 6', { rating: '6' }, 'rating'],
    ['a rating of 0', { rating: '0' }, 'rating'],
    ['a fractional rating', { rating: '4.5' }, 'rating'],
    ['a rating in words', { rating: 'five' }, 'rating'],
    ['a blank location', { location: '   ' }, 'location'],
  ])('%s: 422, nothing stored', async (_label, fields, field) => {
    const before = await counts();
    const res = await postForm(buyer.headers, reviewForm(fields, new Blob([pngImage()])));
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields[field]).toEqual([expect.any(String)]);
    expect(await counts()).toEqual(before);
  });

  it('the image as text instead of a file: 422 Image is Required', async () => {
    const res = await postForm(buyer.headers, reviewForm({}, 'https://example.com/me.png'));
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields.image).toEqual(['Image is Required']);
  });

  it('a text file named .png: 415 with a message for the image field, nothing stored', async () => {
    const before = await counts();
    const res = await postForm(buyer.headers, reviewForm({}, new Blob([textFile])));
    expect(res.status).toBe(415);
    expect(res.body.error).toEqual({
      code: 'unsupported_media_type',
      message: 'The picture must be a JPEG, PNG, WebP or GIF image.',
      details: { fields: { image: ['The picture must be a JPEG, PNG, WebP or GIF image.'] } },
    });
    expect(await counts()).toEqual(before);
  });

  it('a 6 MB image: 413, refused by its Content-Length before reading', async () => {
    const before = await counts();
    const big = largePng();
    expect(big.length).toBeGreaterThan(MAX_IMAGE_BYTES);
    const form = reviewForm({}, new Blob([big]));
    const res = await postForm(buyer.headers, form);
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
    expect(res.body.error.details.fields.image).toEqual(['The picture must be at most 5 MB.']);

    // The same, announced by its length.
    const body = await new Response(reviewForm({}, new Blob([big]))).arrayBuffer();
    const announced = await call(
      addReviewRoute(
        new Request('http://127.0.0.1/api/review', {
          method: 'POST',
          headers: {
            ...buyer.headers,
            'Content-Type': new Response(form).headers.get('content-type')!,
            'Content-Length': String(body.byteLength),
          },
          body: new Uint8Array(0),
        }),
        params({}),
      ),
    );
    expect(announced.status).toBe(413);
    expect(await counts()).toEqual(before);
  });

  it('a body that says multipart but is not: 400', async () => {
    const res = await call(
      addReviewRoute(
        request('/api/review', {
          method: 'POST',
          headers: { ...buyer.headers, 'Content-Type': 'multipart/form-data; boundary=zzz' },
          body: 'garbage',
        }),
        params({}),
      ),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
  });
});

describe('POST /api/review (JSON) and POST /api/images', () => {
  it('POST /api/images: anonymous 401; signed in 201 with the URL', async () => {
    expect((await upload(anonymous, pngImage())).status).toBe(401);
    const res = await upload(otherBuyer.headers, pngImage({ seed: 2 }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      data: {
        id: expect.stringMatching(/^[0-9a-f]{32}$/),
        url: expect.stringMatching(/^\/api\/images\//),
      },
    });
  });

  it('POST /api/images refuses a text file (415) and a missing file (422)', async () => {
    expect((await upload(buyer.headers, textFile)).status).toBe(415);
    const empty = await call(
      uploadRoute(
        request('/api/images', { method: 'POST', headers: buyer.headers, body: new FormData() }),
        params({}),
      ),
    );
    expect(empty.status).toBe(422);
    expect(empty.body.error.details.fields.image).toEqual(['Image is Required']);
  });

  it('JSON with an img the same person uploaded: 201', async () => {
    const uploaded = await upload(buyer.headers, pngImage({ seed: 4 }));
    const res = await postJson(buyer.headers, {
      rating: 3,
      name: 'Mira Okafor',
      location: 'Accra',
      reviewText: 'Good threads, slow courier.',
      img: uploaded.body.data.url,
    });
    expect(res.status).toBe(201);
    expect(res.body.review.img).toBe(uploaded.body.data.url);
  });

  it('JSON: anonymous 401; an img uploaded by someone else or never uploaded: 422', async () => {
    const theirs = await upload(otherBuyer.headers, pngImage({ seed: 5 }));
    const body = {
      rating: 5,
      name: 'N',
      location: 'L',
      reviewText: 'R',
      img: theirs.body.data.url,
    };
    expect((await postJson(anonymous, body)).status).toBe(401);
    const before = await counts();
    for (const img of [
      theirs.body.data.url,
      'https://example.com/cat.png',
      '/api/images/0123456789abcdef01234567',
    ]) {
      const res = await postJson(buyer.headers, { ...body, img });
      expect(res.status, img).toBe(422);
      expect(res.body.error.details.fields.img).toEqual([expect.any(String)]);
    }
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['missing fields', {}],
    ['a rating as text', { rating: '5', name: 'N', location: 'L', reviewText: 'R', img: '/x' }],
    [
      'a $-operator name',
      { rating: 5, name: { $ne: null }, location: 'L', reviewText: 'R', img: '/x' },
    ],
    [
      'a $-operator img',
      { rating: 5, name: 'N', location: 'L', reviewText: 'R', img: { $regex: '.*' } },
    ],
    [
      'an extra key',
      { rating: 5, name: 'N', location: 'L', reviewText: 'R', img: '/x', userId: 'x' },
    ],
    ['a rating of 10', { rating: 10, name: 'N', location: 'L', reviewText: 'R', img: '/x' }],
  ])('JSON with %s: 422 with the error shape, nothing stored', async (_label, body) => {
    const before = await counts();
    const res = await postJson(buyer.headers, body);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({
      code: 'validation_failed',
      message: expect.any(String),
      details: { fields: expect.any(Object) },
    });
    expect(await counts()).toEqual(before);
  });

  it('JSON that is not an object: 400', async () => {
    for (const body of ['[1]', 'null', '{oops']) {
      const res = await call(
        addReviewRoute(
          request('/api/review', {
            method: 'POST',
            headers: { ...buyer.headers, 'Content-Type': 'application/json' },
            body,
          }),
          params({}),
        ),
      );
      expect(res.status, body).toBe(400);
    }
  });

  it('ten reviews per person per ten minutes, then 429', async () => {
    const busy = await createActor('user');
    // Each review needs a picture of its own (an upload is attached once).
    const body = async (seed: number) => ({
      rating: 5,
      name: 'N',
      location: 'L',
      reviewText: 'R',
      img: (await upload(busy.headers, pngImage({ seed }))).body.data.url,
    });
    for (let i = 0; i < 10; i += 1) {
      expect((await postJson(busy.headers, await body(i))).status).toBe(201);
    }
    const limited = await postJson(busy.headers, await body(10));
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
  });
});

describe('GET /api/images/{imageId}', () => {
  it('404 for an unknown id, 400 for a malformed one', async () => {
    const unknown = '0123456789abcdef01234567';
    const missing = await call(
      imageRoute(request(`/api/images/${unknown}`), params({ imageId: unknown })),
    );
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    for (const imageId of ['nope', '{"$gt":""}', '../etc/passwd']) {
      const bad = await call(imageRoute(request('/api/images/x'), params({ imageId })));
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('invalid_id');
    }
  });
});
