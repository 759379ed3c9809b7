import 'server-only';

/**
 * Review photos and product pictures: reading a multipart upload (`multipart.ts`), checking a
 * file by its bytes, never by its name or declared type (`sniff.ts`), and keeping it on
 * Cloudinary or in GridFS (`store.ts`); `upload.ts` puts the three together for a route.
 * The limits and messages live in `limits.ts`.
 */
export { imageMessages, imageUploadLimit, MAX_FORM_BYTES, MAX_IMAGE_BYTES } from './limits';
export { formFields, isFilled, isMultipart, readMultipart } from './multipart';
export { readImageFile, sniffImageType, type ImageFile, type ImageType } from './sniff';
export {
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
