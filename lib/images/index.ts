import 'server-only';

/**
 * Review photos and product pictures: reading a multipart upload (`multipart.ts`), checking a
 * file by its bytes, never by its name or declared type (`sniff.ts`), and keeping it on
 * Cloudinary or in GridFS (`store.ts`); `upload.ts` puts the three together for a route.
 * The limits and messages live in `limits.ts`; random upload ids in `ids.ts`; attaching an
 * upload to its review or product, and the room for unattached ones, in `attach.ts`; the sweep
 * that removes uploads never attached in `orphans.ts`.
 */
export {
  imageMessages,
  imageUploadLimit,
  MAX_FORM_BYTES,
  MAX_IMAGE_BYTES,
  MAX_UNATTACHED_BYTES,
  ORPHAN_UPLOAD_MS,
} from './limits';
export {
  attachOwnUpload,
  attachUploadById,
  attachUploadByUrl,
  detachUpload,
  unattachedBytes,
  type AttachOutcome,
} from './attach';
export { imageIdString, newImageId, toImageId } from './ids';
export { ORPHAN_JOB, sweepOrphanUploads } from './orphans';
export { formFields, isFilled, isMultipart, readMultipart } from './multipart';
export { readImageFile, sniffImageType, type ImageFile, type ImageType } from './sniff';
export {
  deleteImageBytes,
  findGridFsImage,
  findUpload,
  IMAGE_CACHE_CONTROL,
  imageProvider,
  removeImage,
  storeImage,
  type GridFsImage,
  type StoredImage,
} from './store';
export { readImageUpload, storeUpload, withStoredImage, type ImageOrUrlUpload } from './upload';

// The rest of the feature's public face.
export * from './remote';
export type { UploadAttachment, UploadDoc } from './collections';
export * from './migrations';
