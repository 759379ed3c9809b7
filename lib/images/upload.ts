import 'server-only';
import { z, type ZodType } from 'zod';
import { fieldIssues, refuseFields } from '@/lib/core/refusal';
import { enforce, type Limit } from '@/lib/core/rate-limit';
import type { UploadAttachment } from './collections';
import {
  attachUploadById,
  ensureUnattachedRoom,
  unattachedBytes,
  unattachedQuotaError,
} from './attach';
import { imageUploadLimit, MAX_UNATTACHED_BYTES } from './limits';
import { formFields, isFilled, readMultipart } from './multipart';
import { readImageFile, type ImageFile } from './sniff';
import { removeImage, storeImage, type StoredImage } from './store';

type TextFields = z.ZodObject;
type NoTextFields = z.ZodObject<Record<string, never>>;

interface UploadOptions<S extends TextFields> {
  /** The form's file field (`image`, `picture`); size and type messages are shown under it. */
  field: string;
  /** The text fields around the file, checked as in a JSON body; none when absent. */
  schema?: S;
  /** Those text fields that the form sends as text and the schema wants as numbers. */
  numeric?: readonly string[];
}

interface RequiredImage {
  /** The field message when no file came: the image is required. */
  required: string;
}

interface ImageOrUrl {
  /** Without a file, the same field may carry the image's URL instead, checked by this schema. */
  orUrl: ZodType<string>;
}

/** A multipart upload whose image may instead be given as a URL: exactly one of the two. */
export type ImageOrUrlUpload<T> = { fields: T } & (
  { image: ImageFile; url: null } | { image: null; url: string }
);

/**
 * Reads a multipart upload (a form with one image file and text fields around it), in the
 * order every upload is checked: the body's size; then the text fields and whether the image
 * (or its URL) is there, all field problems answered together (422, `details.fields`); then
 * the file's size and type by its bytes (413, 415). Nothing is stored yet.
 */
export async function readImageUpload<S extends TextFields = NoTextFields>(
  request: Request,
  options: UploadOptions<S> & RequiredImage,
): Promise<{ fields: z.output<S>; image: ImageFile; url: null }>;
export async function readImageUpload<S extends TextFields = NoTextFields>(
  request: Request,
  options: UploadOptions<S> & ImageOrUrl,
): Promise<ImageOrUrlUpload<z.output<S>>>;
export async function readImageUpload<S extends TextFields>(
  request: Request,
  options: UploadOptions<S> & (RequiredImage | ImageOrUrl),
): Promise<ImageOrUrlUpload<z.output<S>>> {
  const { field, numeric } = options;
  const schema = options.schema ?? z.strictObject({});
  const form = await readMultipart(request, field);
  const entry = form.get(field);

  const parsed = schema.safeParse(formFields(form, Object.keys(schema.shape), numeric));
  const issues = parsed.success ? {} : fieldIssues(parsed.error);
  let url: string | null = null;
  if (!isFilled(entry)) {
    if ('required' in options) {
      issues[field] = [options.required];
    } else {
      const given = options.orUrl.safeParse(formFields(form, [field])[field]);
      if (given.success) url = given.data;
      else issues[field] = given.error.issues.map((issue) => issue.message);
    }
  }
  if (!parsed.success || Object.keys(issues).length > 0) throw refuseFields(issues);

  const fields = parsed.data as z.output<S>;
  if (url !== null) return { fields, image: null, url };
  // Here the file is there: a missing one was a field issue above, or gave its URL.
  return { fields, image: await readImageFile(entry as File, field), url: null };
}

interface StoreOptions {
  userId: string;
  /** Groups images on Cloudinary: `reviews`, `products`. */
  folder: string;
  /** The form's file field, under which a refusal is shown (default `image`). */
  field?: string;
  /** Other limits this request counts on, checked together with the upload limit. */
  limits?: Array<{ limit: Limit; key: string }>;
}

/**
 * Stores a checked image once its uploader is within the upload limit (and `limits`) and has
 * room for it among their unattached uploads (MAX_UNATTACHED_BYTES, 409 otherwise). The room is
 * checked before storing and again after (counting this upload), so uploads at the same time
 * cannot together pass it: one past it is removed again and refused. Each upload starts the
 * orphan sweep (lib/images/orphans.ts), which runs after the response at most once a minute.
 */
export async function storeUpload(
  image: ImageFile,
  { userId, folder, field = 'image', limits = [] }: StoreOptions,
): Promise<StoredImage> {
  await enforce([...limits, { limit: imageUploadLimit, key: userId }]);
  await ensureUnattachedRoom(userId, image.bytes.length, field);
  const stored = await storeImage(image, { userId, folder });
  if ((await unattachedBytes(userId)) > MAX_UNATTACHED_BYTES) {
    await removeImage(stored);
    throw unattachedQuotaError(field);
  }
  return stored;
}

/**
 * Stores a checked image (see `storeUpload`), saves the record it belongs to with `save` and
 * attaches the image to that record (`attachTo`, from what `save` answered; without it the
 * caller attaches it, or it stays unattached and is swept like any upload); when saving fails
 * the image is removed again, so no image is left behind for a record that was never saved.
 */
export async function withStoredImage<T>(
  image: ImageFile,
  options: StoreOptions & { attachTo?: (saved: T) => UploadAttachment },
  save: (stored: StoredImage) => Promise<T>,
): Promise<T> {
  const stored = await storeUpload(image, options);
  let saved: T;
  try {
    saved = await save(stored);
  } catch (error) {
    await removeImage(stored);
    throw error;
  }
  // Stored by this request a moment ago: nothing else can have attached or claimed it.
  if (options.attachTo) await attachUploadById(stored.id, options.attachTo(saved));
  return saved;
}
