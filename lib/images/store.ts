import 'server-only';
import { Readable } from 'node:stream';
import { GridFSBucket, ObjectId } from 'mongodb';
import { toObjectId } from '@/lib/core/db/ids';
import type { UploadApiResponse } from 'cloudinary';
import { refuse } from '@/lib/core/refusal';
import { getDb } from '@/lib/core/db';
import { collections } from './collections';
import type { UploadDoc } from './collections';
import { env } from '@/lib/core/env';
import { imageIdString, newImageId } from './ids';
import type { ImageFile } from './sniff';
import { errorText, logger } from '@/lib/core/log';

/**
 * Where review photos and product pictures are kept. With CLOUDINARY_URL set they go to
 * Cloudinary through its SDK (which reads CLOUDINARY_URL, including `upload_prefix`, when it is
 * first imported); otherwise into MongoDB GridFS, served by GET /api/images/{id}. Every stored
 * image is recorded in the `uploads` collection with who uploaded it, under a random id
 * (lib/images/ids.ts); it stays until attached to a review or product, or is removed by the
 * orphan sweep (lib/images/orphans.ts).
 */

/** GridFS images never change under their id. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const GRIDFS_BUCKET = 'images';

export interface StoredImage {
  id: string;
  url: string;
  provider: UploadDoc['provider'];
}

/** Where images go: Cloudinary when CLOUDINARY_URL is set, else GridFS. */
export function imageProvider(): UploadDoc['provider'] {
  return env.CLOUDINARY_URL ? 'cloudinary' : 'gridfs';
}

async function bucket(): Promise<GridFSBucket> {
  return new GridFSBucket(await getDb(), { bucketName: GRIDFS_BUCKET });
}

/**
 * GridFS takes any `_id`; the driver's types say ObjectId. New files are stored under their
 * random string id, older ones under an ObjectId.
 */
const fileId = (id: string | ObjectId) => id as ObjectId;

async function cloudinary() {
  // Imported on first use only: the SDK reads CLOUDINARY_URL when it loads.
  return (await import('cloudinary')).v2;
}

async function uploadToCloudinary(
  image: ImageFile,
  id: string,
  folder: string,
): Promise<UploadApiResponse> {
  const sdk = await cloudinary();
  return new Promise((resolve, reject) => {
    const stream = sdk.uploader.upload_stream(
      {
        folder,
        public_id: id,
        resource_type: 'image',
        overwrite: false,
        timeout: 30_000,
      },
      (error, result) => {
        if (error || !result) reject(error ?? new Error('Cloudinary answered without a result'));
        else resolve(result);
      },
    );
    stream.end(image.bytes);
  });
}

async function writeToGridFs(image: ImageFile, id: string, userId: string): Promise<void> {
  const upload = (await bucket()).openUploadStreamWithId(fileId(id), image.filename, {
    metadata: { contentType: image.contentType, userId: new ObjectId(userId) },
  });
  await new Promise<void>((resolve, reject) => {
    upload.once('finish', () => resolve());
    upload.once('error', reject);
    upload.end(image.bytes);
  });
}

/**
 * Stores a checked image and records who uploaded it. `folder` groups images on Cloudinary
 * (`reviews`, `products`). A storage failure is answered as 502 with a message for the person.
 */
export async function storeImage(
  image: ImageFile,
  options: { userId: string; folder: string },
): Promise<StoredImage> {
  const id = newImageId();
  const provider = imageProvider();
  let url: string;
  let publicId: string | undefined;
  try {
    if (provider === 'cloudinary') {
      const result = await uploadToCloudinary(image, id, options.folder);
      url = result.secure_url || result.url;
      publicId = result.public_id;
    } else {
      await writeToGridFs(image, id, options.userId);
      url = `/api/images/${id}`;
    }
  } catch (error) {
    logger.error(
      `[images] storing on ${provider} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`,
    );
    throw refuse('image.store_failed');
  }
  const { uploads } = collections(await getDb());
  await uploads.insertOne({
    _id: id,
    url,
    provider,
    contentType: image.contentType,
    size: image.bytes.length,
    ...(publicId ? { publicId } : {}),
    userId: new ObjectId(options.userId),
    createdAt: new Date(),
  });
  return { id, url, provider };
}

/** Whether a failed GridFS delete only says the file is already gone. */
function alreadyGone(error: unknown): boolean {
  return error instanceof Error && /not found/i.test(error.message);
}

/**
 * Deletes an upload's bytes where they are kept: its GridFS file, or its Cloudinary asset
 * through the SDK's destroy. A file that is already gone counts as deleted; any other failure
 * is thrown (the record is then kept, so the removal can be tried again).
 */
export async function deleteImageBytes(
  doc: Pick<UploadDoc, '_id' | 'provider' | 'publicId'>,
): Promise<void> {
  if (doc.provider === 'gridfs') {
    try {
      await (await bucket()).delete(fileId(doc._id));
    } catch (error) {
      if (!alreadyGone(error)) throw error;
    }
    return;
  }
  if (!doc.publicId) return;
  const answer = (await (
    await cloudinary()
  ).uploader.destroy(doc.publicId, {
    resource_type: 'image',
    invalidate: true,
  })) as { result?: string };
  if (answer.result !== 'ok' && answer.result !== 'not found') {
    throw new Error(`Cloudinary answered ${JSON.stringify(answer)} to destroy`);
  }
}

/** Removes a stored image again (when what it was uploaded for could not be saved). */
export async function removeImage(stored: StoredImage): Promise<void> {
  const _id = stored.id;
  const { uploads } = collections(await getDb());
  const doc = await uploads.findOne({ _id });
  try {
    if (doc) await deleteImageBytes(doc);
  } catch (error) {
    logger.error(`[images] removing failed: ${errorText(error)}`);
  }
  await uploads.deleteOne({ _id });
}

/** An upload with this URL made by this person, or null. */
export async function findUpload(
  url: string,
  userId: string,
): Promise<{ id: string; url: string } | null> {
  const { uploads } = collections(await getDb());
  const owner = toObjectId(userId);
  if (!owner) return null;
  const doc = await uploads.findOne({ url, userId: owner });
  return doc ? { id: imageIdString(doc._id), url: doc.url } : null;
}

export interface GridFsImage {
  contentType: string;
  length: number;
  uploadDate: Date;
  /** The bytes, streamed from GridFS when asked for. */
  open(): ReadableStream<Uint8Array>;
}

/** An image stored in GridFS, or null when there is none with this id. */
export async function findGridFsImage(id: string | ObjectId): Promise<GridFsImage | null> {
  const images = await bucket();
  const file = await images.find({ _id: fileId(id) }, { limit: 1 }).next();
  if (!file) return null;
  const stored = (file.metadata as { contentType?: unknown } | undefined)?.contentType;
  return {
    contentType: typeof stored === 'string' ? stored : 'application/octet-stream',
    length: file.length,
    uploadDate: file.uploadDate,
    open: () =>
      Readable.toWeb(
        images.openDownloadStream(fileId(id)),
      ) as unknown as ReadableStream<Uint8Array>,
  };
}
