import 'server-only';
import { ObjectId, type Filter } from 'mongodb';
import { RefusalError, refuseField } from '@/lib/core/refusal';
import { getDb } from '@/lib/core/db';
import { collections } from './collections';
import type { UploadAttachment, UploadDoc } from './collections';
import { imageMessages } from '@/lib/core/messages';
import { MAX_UNATTACHED_BYTES } from './limits';

/**
 * Attaching uploads to what shows them, and the room a person has for uploads not attached yet.
 *
 * An upload is attached once, by one conditional update (`attachedAt` absent and no sweep
 * removing it), to the review or product that shows it; from then on it is kept for as long as
 * the store runs (orders copy a product's picture, so a removed product's picture stays too).
 * An upload left unattached for ORPHAN_UPLOAD_MS is removed by the orphan sweep
 * (lib/images/orphans.ts); the sweep claims it with the opposite condition, so an upload is
 * either attached or removed, never both.
 *
 * - A review needs a picture of its own: an upload of the reviewer's that nothing uses yet.
 *   One already attached (to another review, or a product) is refused with 409.
 * - A product's picture given as the URL of an upload attaches that upload when nothing uses
 *   it yet; one already in use stays where it is attached and may be shown by several products
 *   (an admin reusing a catalogue picture). Editing a product (part number, category, price
 *   tiers) keeps its picture and changes nothing about the attachment.
 */

export type AttachOutcome =
  /** Attached now, or already attached to this very record. */
  | 'attached'
  /** Attached to something else. */
  | 'taken'
  /** Being removed by the orphan sweep (it was not attached in time). */
  | 'gone'
  /** No upload matches. */
  | 'missing';

const free = { attachedAt: { $exists: false }, deletingAt: { $exists: false } } as const;

const sameAttachment = (a: UploadAttachment | undefined, b: UploadAttachment) =>
  a?.kind === b.kind && a.id !== undefined && b.id !== undefined && a.id.equals(b.id);

async function attachMatching(
  match: Filter<UploadDoc>,
  to: UploadAttachment,
  now: Date,
): Promise<AttachOutcome> {
  const { uploads } = collections(await getDb());
  const attached = await uploads.updateOne(
    { ...match, ...free },
    { $set: { attachedAt: now, attachedTo: to } },
  );
  if (attached.matchedCount === 1) return 'attached';
  const doc = await uploads.findOne(match, { projection: { attachedTo: 1, deletingAt: 1 } });
  if (!doc) return 'missing';
  if (doc.deletingAt) return 'gone';
  return sameAttachment(doc.attachedTo, to) ? 'attached' : 'taken';
}

/** Attaches the upload with this URL made by `userId` (a review's own photo). */
export async function attachOwnUpload(
  url: string,
  userId: string,
  to: UploadAttachment,
  now = new Date(),
): Promise<AttachOutcome> {
  return attachMatching({ url, userId: new ObjectId(userId) }, to, now);
}

/** Attaches the upload with this URL, whoever made it (an admin's product picture). */
export async function attachUploadByUrl(
  url: string,
  to: UploadAttachment,
  now = new Date(),
): Promise<AttachOutcome> {
  return attachMatching({ url }, to, now);
}

/** Attaches the upload with this id (one stored by this request for the record it saved). */
export async function attachUploadById(
  id: string,
  to: UploadAttachment,
  now = new Date(),
): Promise<AttachOutcome> {
  return attachMatching({ _id: id }, to, now);
}

/** Undoes an attachment whose record could not be saved after all. */
export async function detachUpload(url: string, to: UploadAttachment): Promise<void> {
  const { uploads } = collections(await getDb());
  await uploads.updateOne(
    { url, 'attachedTo.kind': to.kind, 'attachedTo.id': to.id },
    { $unset: { attachedAt: '', attachedTo: '' } },
  );
}

/** The bytes of a person's uploads that are neither attached nor being removed. */
export async function unattachedBytes(userId: string): Promise<number> {
  const { uploads } = collections(await getDb());
  const [sum] = await uploads
    .aggregate<{ bytes: number }>([
      { $match: { userId: new ObjectId(userId), ...free } },
      { $group: { _id: null, bytes: { $sum: '$size' } } },
    ])
    .toArray();
  return sum?.bytes ?? 0;
}

/** 409 under the upload field: the person's unattached uploads would pass MAX_UNATTACHED_BYTES. */
export function unattachedQuotaError(field: string): RefusalError {
  return refuseField(field, imageMessages.tooManyUnattached, {
    key: 'input.conflict',
    summary: imageMessages.tooManyUnattached,
  });
}

/** Refuses (409) when `adding` more bytes would take the person past MAX_UNATTACHED_BYTES. */
export async function ensureUnattachedRoom(
  userId: string,
  adding: number,
  field: string,
): Promise<void> {
  if ((await unattachedBytes(userId)) + adding > MAX_UNATTACHED_BYTES) {
    throw unattachedQuotaError(field);
  }
}
