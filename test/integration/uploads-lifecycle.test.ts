import { randomBytes } from 'node:crypto';
import { GridFSBucket, ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeConnection, collections, getDb } from '../support/db';
import type { UploadDoc } from '@/lib/images/collections';
import { POST as addReviewRoute, GET as listReviewsRoute } from '@/app/api/review/route';
import { POST as addProductRoute } from '@/app/api/product/route';
import { POST as uploadRoute } from '@/app/api/images/route';
import { GET as imageRoute } from '@/app/api/images/[imageId]/route';
import { MAX_UNATTACHED_BYTES, ORPHAN_JOB, ORPHAN_UPLOAD_MS, sweepOrphanUploads } from '@/lib/images';
import { registeredJobs, runJobNow } from '@/lib/core/jobs';
import { settleBackgroundWork } from '@/lib/core/background';
import { HOME_REVIEW_COUNT, listCachedReviews } from '@/lib/reviews/store';
import { createActor, params, request, type Actor } from '../support/users';
import { pngImage } from '../../e2e/fixtures/images';

// Uploads nobody uses (issue 21, item 4): random ids, a bound on what waits unattached, one
// review per upload, and the sweep that removes what was never attached.

let buyer: Actor;
let admin: Actor;

async function call(response: Response | Promise<Response>) {
  const res = await response;
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

async function upload(actor: Actor, bytes: Uint8Array, name = 'photo.png') {
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(bytes)]), name);
  return call(
    uploadRoute(
      request('/api/images', { method: 'POST', headers: actor.headers, body: form }),
      params({}),
    ),
  );
}

const review = (actor: Actor, img: string) =>
  call(
    addReviewRoute(
      request('/api/review', {
        method: 'POST',
        headers: actor.headers,
        json: { rating: 5, name: 'Mira', location: 'Accra', reviewText: 'Fine threads.', img },
      }),
      params({}),
    ),
  );

/** GET /api/images/{id}: its status, and its JSON error body when it failed. */
async function getImage(id: string) {
  const res = await imageRoute(request(`/api/images/${id}`), params({ imageId: id }));
  return { status: res.status, body: res.ok ? null : await res.json() };
}

async function files(id: string | ObjectId) {
  const db = await getDb();
  return {
    files: await db.collection('images.files').countDocuments({ _id: id as ObjectId }),
    chunks: await db.collection('images.chunks').countDocuments({ files_id: id as ObjectId }),
  };
}

async function backdate(id: string, by = ORPHAN_UPLOAD_MS + 60_000) {
  const { uploads } = collections(await getDb());
  await uploads.updateOne({ _id: id }, { $set: { createdAt: new Date(Date.now() - by) } });
}

/** A PNG of about 1 MB (uncompressed noise). */
const aboutOneMegabyte = (seed: number) => pngImage({ width: 580, height: 580, seed, noise: true });

beforeAll(async () => {
  // The sweep the uploads start in the background (at most once a minute) stays off here:
  // these tests run the sweep themselves and count what each run removed.
  (globalThis as { __storefrontOrphanSweep?: unknown }).__storefrontOrphanSweep = {
    startedAt: Date.now() + 24 * 3_600_000,
    running: null,
  };
  [buyer, admin] = await Promise.all([createActor('user'), createActor('admin')]);
});
afterAll(async () => {
  await settleBackgroundWork();
  await closeConnection();
});

describe('upload ids', () => {
  it('are 128 random bits (32 hex digits), not sequential, and serve from /api/images/{id}', async () => {
    const png = pngImage({ seed: 3 });
    const first = await upload(buyer, png);
    const second = await upload(buyer, pngImage({ seed: 4 }));
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    const ids = [first.body.data.id as string, second.body.data.id as string];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(first.body.data.url).toBe(`/api/images/${ids[0]}`);
    // Two uploads in a row share no long prefix (ObjectIds made a second apart share 20 digits).
    let common = 0;
    while (ids[0]![common] === ids[1]![common]) common += 1;
    expect(common).toBeLessThan(8);
    expect(BigInt(`0x${ids[1]}`) - BigInt(`0x${ids[0]}`)).not.toBe(2n);

    const served = await imageRoute(request(`/api/images/${ids[0]}`), params({ imageId: ids[0]! }));
    expect(served.status).toBe(200);
    expect(served.headers.get('etag')).toBe(`"${ids[0]}"`);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
  });

  it('an image stored under an ObjectId keeps serving; other spellings are 400', async () => {
    const db = await getDb();
    const legacy = new ObjectId();
    const png = pngImage({ seed: 5 });
    await new Promise<void>((resolve, reject) => {
      const stream = new GridFSBucket(db, { bucketName: 'images' }).openUploadStreamWithId(
        legacy,
        'old.png',
        { metadata: { contentType: 'image/png' } },
      );
      stream.once('finish', () => resolve());
      stream.once('error', reject);
      stream.end(png);
    });
    const served = await imageRoute(
      request(`/api/images/${legacy.toHexString()}`),
      params({ imageId: legacy.toHexString() }),
    );
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

    const random = 'a'.repeat(32);
    expect((await getImage(random)).status).toBe(404);
    for (const bad of [
      'A'.repeat(32),
      'a'.repeat(31),
      'a'.repeat(33),
      'g'.repeat(32),
      `${'a'.repeat(32)}.png`,
      'nope',
    ]) {
      const answer = await getImage(bad);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.error.code).toBe('invalid_id');
    }
  });
});

describe('at most 50 MB of unattached uploads per account', () => {
  it('the 51st MB is refused with 409 under the image field, and nothing is stored', async () => {
    const saver = await createActor('user');
    const { uploads } = collections(await getDb());
    // 49 MB already waiting, unattached (recent, so not yet swept).
    const waiting: UploadDoc[] = Array.from({ length: 7 }, (_, index) => ({
      _id: randomBytes(16).toString('hex'),
      url: `/api/images/waiting-${saver.user.id}-${index}`,
      provider: 'gridfs',
      contentType: 'image/png',
      size: 7 * 1024 * 1024,
      userId: new ObjectId(saver.user.id),
      createdAt: new Date(),
    }));
    await uploads.insertMany(waiting);

    const fiftieth = await upload(saver, aboutOneMegabyte(1));
    expect(fiftieth.status).toBe(201);
    const count = await uploads.countDocuments({ userId: new ObjectId(saver.user.id) });

    const fiftyFirst = await upload(saver, aboutOneMegabyte(2));
    expect(fiftyFirst.status).toBe(409);
    expect(fiftyFirst.body.error).toEqual({
      code: 'conflict',
      message: expect.stringContaining('50 MB'),
      details: { fields: { image: [expect.stringContaining('50 MB')] } },
    });
    expect(await uploads.countDocuments({ userId: new ObjectId(saver.user.id) })).toBe(count);

    // Attaching the 50th MB to a review makes room again.
    expect((await review(saver, fiftieth.body.data.url)).status).toBe(201);
    expect((await upload(saver, aboutOneMegabyte(3))).status).toBe(201);
  });

  it('the bound holds for uploads at the same time', async () => {
    const saver = await createActor('user');
    const { uploads } = collections(await getDb());
    await uploads.insertOne({
      _id: randomBytes(16).toString('hex'),
      url: `/api/images/almost-full-${saver.user.id}`,
      provider: 'gridfs',
      contentType: 'image/png',
      size: MAX_UNATTACHED_BYTES - 1_500_000,
      userId: new ObjectId(saver.user.id),
      createdAt: new Date(),
    });
    const answers = await Promise.all(
      [1, 2, 3].map((seed) => upload(saver, aboutOneMegabyte(seed))),
    );
    expect(answers.filter((answer) => answer.status === 201).length).toBeLessThanOrEqual(1);
    const [sum] = await uploads
      .aggregate<{ bytes: number }>([
        { $match: { userId: new ObjectId(saver.user.id) } },
        { $group: { _id: null, bytes: { $sum: '$size' } } },
      ])
      .toArray();
    expect(sum!.bytes).toBeLessThanOrEqual(MAX_UNATTACHED_BYTES);
  });
});

describe('an upload is attached once', () => {
  it('a second review with the same picture is refused (409), one review stays', async () => {
    const uploaded = await upload(buyer, pngImage({ seed: 7 }));
    const { reviews } = collections(await getDb());
    const before = await reviews.countDocuments();
    expect((await review(buyer, uploaded.body.data.url)).status).toBe(201);
    const again = await review(buyer, uploaded.body.data.url);
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({
      code: 'conflict',
      message: expect.stringContaining('already used by another review'),
      details: { fields: { img: [expect.stringContaining('already used by another review')] } },
    });
    expect(await reviews.countDocuments()).toBe(before + 1);
  });

  it('two reviews at the same time with one picture: exactly one is added', async () => {
    const uploaded = await upload(buyer, pngImage({ seed: 8 }));
    const answers = await Promise.all([1, 2, 3].map(() => review(buyer, uploaded.body.data.url)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
  });

  it('a review cannot take a product picture; a product edit keeps its picture attached', async () => {
    const uploaded = await upload(admin, pngImage({ seed: 9 }));
    const product = await call(
      addProductRoute(
        request('/api/product', {
          method: 'POST',
          headers: admin.headers,
          json: {
            name: 'Spur gear',
            description: 'Steel, module 2',
            minimumOrderQuantity: 500,
            availableQuantity: 5000,
            price: 1.5,
            picture: uploaded.body.data.url,
            sku: `SG-${new ObjectId().toHexString().slice(-6)}`,
            category: 'gears',
          },
        }),
        params({}),
      ),
    );
    expect(product.status).toBe(201);
    const { uploads } = collections(await getDb());
    const doc = await uploads.findOne({ url: uploaded.body.data.url });
    expect(doc?.attachedTo).toEqual({
      kind: 'product',
      id: new ObjectId(product.body.insertedId as string),
    });
    expect((await review(admin, uploaded.body.data.url)).status).toBe(409);
  });
});

describe('the orphan sweep', () => {
  it('removes an upload left unattached for an hour (file and record), exactly once', async () => {
    const orphan = await upload(buyer, pngImage({ seed: 10 }));
    const attached = await upload(buyer, pngImage({ seed: 11 }));
    const recent = await upload(buyer, pngImage({ seed: 12 }));
    expect((await review(buyer, attached.body.data.url)).status).toBe(201);
    await backdate(orphan.body.data.id);
    await backdate(attached.body.data.id);
    expect(await files(orphan.body.data.id)).toEqual({ files: 1, chunks: 1 });

    // Two sweeps at once (two instances): the orphan is removed once in all.
    const removed = await Promise.all([sweepOrphanUploads(), sweepOrphanUploads()]);
    expect(removed[0]! + removed[1]!).toBe(1);

    const { uploads } = collections(await getDb());
    expect(await uploads.countDocuments({ _id: orphan.body.data.id })).toBe(0);
    expect(await files(orphan.body.data.id)).toEqual({ files: 0, chunks: 0 });
    expect((await getImage(orphan.body.data.id)).status).toBe(404);

    for (const kept of [attached, recent]) {
      expect(await uploads.countDocuments({ _id: kept.body.data.id })).toBe(1);
      expect(await files(kept.body.data.id)).toEqual({ files: 1, chunks: 1 });
      expect((await getImage(kept.body.data.id)).status).toBe(200);
    }
    expect(await sweepOrphanUploads()).toBe(0);
  });

  it('an upload the sweep has claimed can no longer be attached (422, upload again)', async () => {
    const orphan = await upload(buyer, pngImage({ seed: 13 }));
    const { uploads } = collections(await getDb());
    await uploads.updateOne({ _id: orphan.body.data.id }, { $set: { deletingAt: new Date() } });
    const answer = await review(buyer, orphan.body.data.url);
    expect(answer.status).toBe(422);
    expect(answer.body.error.details.fields.img).toEqual([
      expect.stringContaining('upload it again'),
    ]);
  });

  it('an old upload from before attachments that a review shows is kept and attached', async () => {
    const uploaded = await upload(buyer, pngImage({ seed: 14 }));
    const { reviews, uploads } = collections(await getDb());
    await reviews.insertOne({
      _id: new ObjectId(),
      rating: 4,
      name: 'Old',
      location: 'Before',
      reviewText: 'From before attachments.',
      img: uploaded.body.data.url,
      userId: new ObjectId(buyer.user.id),
      createdAt: new Date(),
    });
    await backdate(uploaded.body.data.id);
    await sweepOrphanUploads();
    const doc = await uploads.findOne({ _id: uploaded.body.data.id });
    expect(doc?.attachedAt).toBeInstanceOf(Date);
    expect(await files(uploaded.body.data.id)).toEqual({ files: 1, chunks: 1 });
  });
});

describe('the sweep runs in the background', () => {
  it('is the background job images.orphans: its run removes the old orphan, never a request', async () => {
    const orphan = await upload(buyer, pngImage({ seed: 15 }));
    await backdate(orphan.body.data.id);
    const next = await upload(buyer, pngImage({ seed: 16 }));
    expect(next.status).toBe(201);
    const { uploads } = collections(await getDb());
    expect(registeredJobs()).toContain(ORPHAN_JOB);
    expect(await runJobNow(ORPHAN_JOB)).toBe('ran');
    expect(await uploads.countDocuments({ _id: orphan.body.data.id })).toBe(0);
    expect(await files(orphan.body.data.id)).toEqual({ files: 0, chunks: 0 });
    expect(await uploads.countDocuments({ _id: next.body.data.id })).toBe(1);
  });
});

describe('GET /api/review is bounded', () => {
  it('answers at most the page size, newest first, with X-Total-Count and Link to the next page', async () => {
    const { reviews } = collections(await getDb());
    const now = Date.now();
    await reviews.insertMany(
      Array.from({ length: 45 }, (_, index) => ({
        _id: new ObjectId(),
        rating: 5,
        name: `Reviewer ${index}`,
        location: 'Leeds',
        reviewText: 'Good.',
        img: '/images/reviews/1.webp',
        userId: new ObjectId(buyer.user.id),
        createdAt: new Date(now - index * 1000),
      })),
    );
    const total = await reviews.countDocuments();
    expect(total).toBeGreaterThan(40);

    const first = await call(listReviewsRoute(request('/api/review'), params({}) as never));
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(20);
    expect(first.headers.get('x-total-count')).toBe(String(total));
    expect(first.headers.get('link')).toBe('</api/review?page=2>; rel="next"');

    const second = await call(
      listReviewsRoute(request('/api/review?page=2&limit=20'), params({}) as never),
    );
    expect(second.body).toHaveLength(20);
    expect(second.headers.get('link')).toBe(
      '</api/review?page=1&limit=20>; rel="prev", </api/review?page=3&limit=20>; rel="next"',
    );
    const firstIds = new Set(first.body.map((r: { _id: string }) => r._id));
    for (const r of second.body) expect(firstIds.has(r._id)).toBe(false);

    // The home page shows the newest HOME_REVIEW_COUNT.
    const home = await listCachedReviews();
    expect(home).toHaveLength(HOME_REVIEW_COUNT);
    expect(home.map((r) => r._id)).toEqual(
      first.body.slice(0, HOME_REVIEW_COUNT).map((r: { _id: string }) => r._id),
    );

    const big = await call(
      listReviewsRoute(request('/api/review?limit=1000'), params({}) as never),
    );
    expect(big.status).toBe(400);
    expect(big.body.error.details.fields.limit).toEqual([expect.any(String)]);
  });
});
