import 'server-only';
import { RefusalError, refuseField } from '@/lib/core/refusal';
import { imageMessages } from '@/lib/core/messages';
import type { Limit } from '@/lib/core/rate-limit';

/** How large an upload may be, what a person reads when it is refused, and how often. */

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** A multipart body may carry one image plus the text fields around it. */
export const MAX_FORM_BYTES = MAX_IMAGE_BYTES + 256 * 1024;

export { imageMessages } from '@/lib/core/messages';

/**
 * The most a person's uploads not attached to a review or product may take at once (uploads
 * being attached at once, with a review or product, count while they are stored).
 */
export const MAX_UNATTACHED_BYTES = 50 * 1024 * 1024;

/** An upload not attached within this time is removed (file and record) by the orphan sweep. */
export const ORPHAN_UPLOAD_MS = 60 * 60 * 1000;

/** Uploads per person, across reviews, products and POST /api/images. */
export const imageUploadLimit: Limit = { name: 'images:user', max: 30, windowSeconds: 10 * 60 };

/** 413 for an image (or the form around it) above the limits, shown under `field`. */
export function tooLarge(field: string): RefusalError {
  return refuseField(field, imageMessages.tooLarge, {
    key: 'input.too_large',
    summary: imageMessages.tooLarge,
  });
}
