import 'server-only';
import { Readable } from 'node:stream';
import { GridFSBucket, ObjectId } from 'mongodb';
import type { UploadApiResponse } from 'cloudinary';
import { ApiError, fieldError } from '@/lib/api/errors';
import { collections, getDb } from '@/lib/db';
import type { UploadDoc } from '@/lib/db/collections';
import { env } from '@/lib/env';
import type { Limit } from '@/lib/rate-limit';

/**
 * Review photos and product pictures. With CLOUDINARY_URL set they go to Cloudinary through its
 * SDK (which reads CLOUDINARY_URL, including `upload_prefix`, when it is first imported);
 * otherwise into MongoDB GridFS, served by GET /api/images/{id}. Every upload is checked by its
 * bytes, never by its name or declared type, and recorded in the `uploads` collection with who
 * uploaded it.
 */

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** A multipart body may carry one image plus the text fields around it. */
export const MAX_FORM_BYTES = MAX_IMAGE_BYTES + 256 * 1024;
/** GridFS images never change under their id. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const GRIDFS_BUCKET = 'images';

export const imageMessages = {
  notImage: 'The picture must be a JPEG, PNG, WebP or GIF image.',
  tooLarge: 'The picture must be at most 5 MB.',
  notFile: 'The picture must be sent as a file.',
  notMultipart: 'The request body must be multipart/form-data.',
  storeFailed: 'The picture could not be stored right now. Please try again later.',
} as const;

/** Uploads per person, across reviews, products and POST /api/images. */
export const imageUploadLimit: Limit = { name: 'images:user', max: 30, windowSeconds: 10 * 60 };

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The image type from the file's magic number: JPEG, PNG, WebP or GIF; null for anything else. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  return null;
}

export interface ImageFile {
  bytes: Buffer;
  contentType: ImageType;
  filename: string;
}

export interface StoredImage {
  id: string;
  url: string;
  provider: UploadDoc['provider'];
}

/** Whether the request body is multipart/form-data. */
export function isMultipart(request: Request): boolean {
  return /^multipart\/form-data\s*;/i.test(request.headers.get('content-type') ?? '');
}

function tooLarge(field: string): ApiError {
  return fieldError(field, imageMessages.tooLarge, {
    code: 'payload_too_large',
    summary: imageMessages.tooLarge,
  });
}

/**
 * Reads a multipart/form-data body of at most MAX_FORM_BYTES: refused by its Content-Length
 * before reading when it says more, and while reading when it turns out longer (413).
 * `field` names the file field the size message belongs to.
 */
export async function readMultipart(request: Request, field: string): Promise<FormData> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!isMultipart(request)) throw new ApiError('bad_request', imageMessages.notMultipart);
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_FORM_BYTES) throw tooLarge(field);

  const chunks: Uint8Array[] = [];
  let total = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > MAX_FORM_BYTES) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge(field);
      }
      chunks.push(value);
    }
  }
  try {
    return await new Response(Buffer.concat(chunks), {
      headers: { 'content-type': contentType },
    }).formData();
  } catch {
    throw new ApiError('bad_request', imageMessages.notMultipart);
  }
}

/**
 * The named text fields of a multipart form as a plain object, for the same zod schema as the
 * JSON body: numeric fields become numbers when they read as one, anything else stays as sent
 * (so a wrong value fails validation), and absent or empty fields are left out.
 */
export function formFields(
  form: FormData,
  names: readonly string[],
  numeric: readonly string[] = [],
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const name of names) {
    const value = form.get(name);
    if (value === null || value === '') continue;
    if (
      typeof value === 'string' &&
      numeric.includes(name) &&
      /^\s*-?\d+(\.\d+)?\s*$/.test(value)
    ) {
      values[name] = Number(value);
    } else {
      values[name] = value;
    }
  }
  return values;
}

/** Whether a form entry is a non-empty file (an empty file input sends a nameless empty file). */
export function isFilled(entry: FormDataEntryValue | null): entry is File {
  return typeof entry === 'object' && entry !== null && entry.size > 0;
}

/**
 * Checks an uploaded file: at most MAX_IMAGE_BYTES (413) and a JPEG, PNG, WebP or GIF by its
 * bytes (415). Field problems carry `details.fields[field]`, so a form can show them in place.
 */
export async function readImageFile(entry: FormDataEntryValue, field: string): Promise<ImageFile> {
  if (typeof entry === 'string') {
    throw fieldError(field, imageMessages.notFile);
  }
  if (entry.size > MAX_IMAGE_BYTES) throw tooLarge(field);
  const bytes = Buffer.from(await entry.arrayBuffer());
  const contentType = sniffImageType(bytes);
  if (!contentType) {
    throw fieldError(field, imageMessages.notImage, {
      code: 'unsupported_media_type',
      summary: imageMessages.notImage,
    });
  }
  const filename = (entry.name || 'image').replace(/[^\w.\-]+/g, '_').slice(0, 100);
  return { bytes, contentType, filename };
}

/** Where images go: Cloudinary when CLOUDINARY_URL is set, else GridFS. */
export function imageProvider(): UploadDoc['provider'] {
  return env.CLOUDINARY_URL ? 'cloudinary' : 'gridfs';
}

async function bucket(): Promise<GridFSBucket> {
  return new GridFSBucket(await getDb(), { bucketName: GRIDFS_BUCKET });
}

async function cloudinary() {
  // Imported on first use only: the SDK reads CLOUDINARY_URL when it loads.
  return (await import('cloudinary')).v2;
}

async function uploadToCloudinary(
  image: ImageFile,
  id: ObjectId,
  folder: string,
): Promise<UploadApiResponse> {
  const sdk = await cloudinary();
  return new Promise((resolve, reject) => {
    const stream = sdk.uploader.upload_stream(
      {
        folder,
        public_id: id.toHexString(),
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

async function writeToGridFs(image: ImageFile, id: ObjectId, userId: string): Promise<void> {
  const upload = (await bucket()).openUploadStreamWithId(id, image.filename, {
    metadata: { contentType: image.contentType, userId },
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
  const id = new ObjectId();
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
      url = `/api/images/${id.toHexString()}`;
    }
  } catch (error) {
    console.error(
      `[images] storing on ${provider} failed:`,
      error instanceof Error ? error.message : JSON.stringify(error),
    );
    throw new ApiError('bad_gateway', imageMessages.storeFailed);
  }
  const { uploads } = collections(await getDb());
  await uploads.insertOne({
    _id: id,
    url,
    provider,
    contentType: image.contentType,
    size: image.bytes.length,
    ...(publicId ? { publicId } : {}),
    userId: options.userId,
    createdAt: new Date(),
  });
  return { id: id.toHexString(), url, provider };
}

/** Removes a stored image again (when what it was uploaded for could not be saved). */
export async function removeImage(stored: StoredImage): Promise<void> {
  const _id = new ObjectId(stored.id);
  const { uploads } = collections(await getDb());
  const doc = await uploads.findOne({ _id });
  try {
    if (stored.provider === 'gridfs') await (await bucket()).delete(_id);
    else if (doc?.publicId) await (await cloudinary()).uploader.destroy(doc.publicId);
  } catch (error) {
    console.error('[images] removing failed:', error instanceof Error ? error.message : error);
  }
  await uploads.deleteOne({ _id });
}

/** An upload with this URL made by this person, or null. */
export async function findUpload(
  url: string,
  userId: string,
): Promise<{ id: string; url: string } | null> {
  const { uploads } = collections(await getDb());
  const doc = await uploads.findOne({ url, userId });
  return doc ? { id: doc._id.toHexString(), url: doc.url } : null;
}

export interface GridFsImage {
  contentType: string;
  length: number;
  uploadDate: Date;
  /** The bytes, streamed from GridFS when asked for. */
  open(): ReadableStream<Uint8Array>;
}

/** An image stored in GridFS, or null when there is none with this id. */
export async function findGridFsImage(id: ObjectId): Promise<GridFsImage | null> {
  const images = await bucket();
  const file = await images.find({ _id: id }, { limit: 1 }).next();
  if (!file) return null;
  const stored = (file.metadata as { contentType?: unknown } | undefined)?.contentType;
  return {
    contentType: typeof stored === 'string' ? stored : 'application/octet-stream',
    length: file.length,
    uploadDate: file.uploadDate,
    open: () =>
      Readable.toWeb(images.openDownloadStream(id)) as unknown as ReadableStream<Uint8Array>,
  };
}
