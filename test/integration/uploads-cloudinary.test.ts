import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage } from '../../e2e/fixtures/images';
import { start } from '../../e2e/stand-ins/cloudinary.mjs';

// The orphan sweep with images on Cloudinary: the real SDK's destroy against the local
// stand-in. The SDK reads CLOUDINARY_URL when it is first loaded, so the variable is set before
// anything imports it.
type StandIn = Awaited<ReturnType<typeof start>>;
let standIn: StandIn;
let images: typeof import('@/lib/images');
let db: typeof import('../support/db');

beforeAll(async () => {
  standIn = await start({ port: 0 });
  process.env.CLOUDINARY_URL = standIn.env.CLOUDINARY_URL;
  images = await import('@/lib/images');
  db = await import('../support/db');
});

afterAll(async () => {
  await db.closeConnection();
  await standIn?.stop();
  delete process.env.CLOUDINARY_URL;
});

const uploader = new ObjectId().toHexString();

const store = (seed: number) =>
  images.storeImage(
    { bytes: pngImage({ seed }), contentType: 'image/png', filename: 'me.png' },
    { userId: uploader, folder: 'reviews' },
  );

describe('the orphan sweep on Cloudinary', () => {
  it('destroys an upload unattached for an hour through the SDK, and keeps an attached one', async () => {
    expect(images.imageProvider()).toBe('cloudinary');
    const orphan = await store(21);
    const attached = await store(22);
    expect(orphan.id).toMatch(/^[0-9a-f]{32}$/);
    expect(await images.attachUploadById(attached.id, { kind: 'review', id: new ObjectId() })).toBe(
      'attached',
    );
    const { uploads } = db.collections(await db.getDb());
    const hourAgo = new Date(Date.now() - images.ORPHAN_UPLOAD_MS - 60_000);
    await uploads.updateMany(
      { _id: { $in: [orphan.id, attached.id] } },
      { $set: { createdAt: hourAgo } },
    );
    expect((await fetch(orphan.url)).status).toBe(200);

    const removed = await Promise.all([images.sweepOrphanUploads(), images.sweepOrphanUploads()]);
    expect(removed[0]! + removed[1]!).toBe(1);

    // One destroy, signed, for the orphan's public id; its asset is gone, the other stays.
    expect(standIn.destroyed).toEqual([
      {
        fields: expect.objectContaining({ public_id: `reviews/${orphan.id}` }),
        result: 'ok',
      },
    ]);
    expect((await fetch(orphan.url)).status).toBe(404);
    expect(await uploads.countDocuments({ _id: orphan.id })).toBe(0);
    expect((await fetch(attached.url)).status).toBe(200);
    expect(await uploads.countDocuments({ _id: attached.id })).toBe(1);
  });

  it('a destroy that fails keeps the record (claimed), and a later sweep finishes it', async () => {
    const orphan = await store(23);
    const { uploads } = db.collections(await db.getDb());
    // The stand-in is down: the SDK's destroy fails.
    const longAgo = new Date(Date.now() - images.ORPHAN_UPLOAD_MS - 60_000);
    await uploads.updateOne({ _id: orphan.id }, { $set: { createdAt: longAgo } });
    await standIn.stop();
    expect(await images.sweepOrphanUploads()).toBe(0);
    const claimed = await uploads.findOne({ _id: orphan.id });
    expect(claimed?.deletingAt).toBeInstanceOf(Date);

    // A claim is taken over once it is stale (10 minutes): the next sweep removes it.
    await uploads.updateOne(
      { _id: orphan.id },
      { $set: { deletingAt: new Date(Date.now() - 11 * 60_000) } },
    );
    standIn = await start({ port: Number(new URL(standIn.origin).port) });
    expect(await images.sweepOrphanUploads()).toBe(1);
    expect(await uploads.countDocuments({ _id: orphan.id })).toBe(0);
  });
});
