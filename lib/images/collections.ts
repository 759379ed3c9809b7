import type { ObjectId } from 'mongodb';
import { collection, declareCollections } from '@/lib/core/db/collection';

/** What an upload is attached to: the review or product that shows it. */
export interface UploadAttachment {
  kind: 'review' | 'product';
  /** Absent where the sweep found the upload in use by a record from before attachments. */
  id?: ObjectId;
}

/**
 * An image stored through lib/images: in GridFS (same _id) or on Cloudinary. New uploads have
 * a random id of 32 hex digits (128 bits, lib/images/ids.ts); those from before it keep their
 * ObjectId. An upload not attached within ORPHAN_UPLOAD_MS is removed by the orphan sweep
 * (lib/images/orphans.ts).
 */
export interface UploadDoc {
  _id: ObjectId | string;
  /** Where the image is served: /api/images/{id} or Cloudinary's delivery URL. */
  url: string;
  provider: 'gridfs' | 'cloudinary';
  contentType: string;
  size: number;
  /** Cloudinary's public id (Cloudinary uploads only). */
  publicId?: string;
  /** Who uploaded it. */
  userId: ObjectId;
  createdAt: Date;
  /** When it was attached to a review or product (once; never undone while that record lives). */
  attachedAt?: Date;
  attachedTo?: UploadAttachment;
  /** Set by the one orphan sweep that claimed it for removal (a stale claim is taken over). */
  deletingAt?: Date;
}

export const collections = declareCollections({
  uploads: collection<UploadDoc>('uploads', [
    { key: { url: 1 }, options: { unique: true } },
    { key: { userId: 1, createdAt: -1 } },
    // The orphan sweep: unattached uploads (attachedAt missing), oldest first.
    { key: { attachedAt: 1, createdAt: 1 } },
  ]),
});
