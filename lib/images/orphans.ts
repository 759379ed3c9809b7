import 'server-only';
import { registerJob } from '@/lib/core/jobs';
import { getDb } from '@/lib/core/db';
import { productPictures } from '@/lib/catalogue';
import { orderPictures } from '@/lib/orders';
import { reviewPictures } from '@/lib/reviews';
import { collections } from './collections';
import type { UploadDoc } from './collections';
import { ORPHAN_UPLOAD_MS } from './limits';
import { deleteImageBytes } from './store';
import { errorText, logger } from '@/lib/core/log';

/**
 * The orphan sweep: removes uploads that were not attached to a review or product within
 * ORPHAN_UPLOAD_MS of their upload, file (GridFS, or Cloudinary through the SDK's destroy) and
 * record. It is the background job `images.orphans` (lib/core/jobs.ts), every
 * ORPHAN_SWEEP_INTERVAL_MS across every process, never started by a request, and handles at most
 * ORPHAN_SWEEP_LIMIT uploads per run (the oldest first; the next run takes the rest).
 *
 * Exactly once across sweeps running at the same time on any number of instances: each upload
 * is claimed by one conditional update (unattached, and no claim or only a stale one) that sets
 * `deletingAt`; only the sweep whose claim matched deletes the bytes and then the record
 * (conditional on its own claim). A sweep that stopped between the two leaves a claim that turns
 * stale after ORPHAN_CLAIM_STALE_MS; the next sweep takes it over and finishes the removal (a
 * file already gone counts as removed). Attaching needs the opposite condition (no claim), so
 * an upload is either attached or removed, never both.
 *
 * Uploads from before attachments (no `attachedAt`) that a review, product or order shows are
 * attached by the sweep instead of removed.
 */

export const ORPHAN_SWEEP_INTERVAL_MS = 60_000;
export const ORPHAN_SWEEP_LIMIT = 50;
const ORPHAN_SWEEP_BATCH = 5;
export const ORPHAN_CLAIM_STALE_MS = 10 * 60 * 1000;

/** The URLs among `urls` that a review, product or order shows. */
async function urlsInUse(urls: string[]): Promise<Set<string>> {
  const db = await getDb();
  const [reviews, products, orders] = await Promise.all([
    reviewPictures(db, urls),
    productPictures(db, urls),
    orderPictures(db, urls),
  ]);
  return new Set([...reviews, ...products, ...orders].map(String));
}

type Candidate = Pick<UploadDoc, '_id' | 'url' | 'provider' | 'publicId' | 'deletingAt'>;

/** Removes one claimed orphan; answers whether this sweep removed it. */
async function removeOrphan(doc: Candidate, now: Date): Promise<boolean> {
  const { uploads } = collections(await getDb());
  const claim = await uploads.updateOne(
    {
      _id: doc._id,
      attachedAt: { $exists: false },
      deletingAt: doc.deletingAt ? doc.deletingAt : { $exists: false },
    },
    { $set: { deletingAt: now } },
  );
  if (claim.modifiedCount !== 1) return false; // attached meanwhile, or another sweep has it
  try {
    await deleteImageBytes(doc);
  } catch (error) {
    // The claim stays; it turns stale and a later sweep tries again.
    logger.error(
      `[images] removing the unused upload ${String(doc._id)} failed: ${errorText(error)}`,
    );
    return false;
  }
  const removed = await uploads.deleteOne({ _id: doc._id, deletingAt: now });
  return removed.deletedCount === 1;
}

/**
 * One run of the sweep: removes up to `limit` uploads left unattached for ORPHAN_UPLOAD_MS
 * (the oldest first) and answers how many this run removed.
 */
export async function sweepOrphanUploads(
  now = new Date(),
  limit = ORPHAN_SWEEP_LIMIT,
): Promise<number> {
  const { uploads } = collections(await getDb());
  const candidates: Candidate[] = await uploads
    .find(
      {
        attachedAt: { $exists: false },
        createdAt: { $lt: new Date(now.getTime() - ORPHAN_UPLOAD_MS) },
        $or: [
          { deletingAt: { $exists: false } },
          { deletingAt: { $lt: new Date(now.getTime() - ORPHAN_CLAIM_STALE_MS) } },
        ],
      },
      { projection: { _id: 1, url: 1, provider: 1, publicId: 1, deletingAt: 1 } },
    )
    .sort({ createdAt: 1 })
    .limit(limit)
    .toArray();
  if (candidates.length === 0) return 0;

  const inUse = await urlsInUse(candidates.map((doc) => doc.url));
  const orphans: Candidate[] = [];
  for (const doc of candidates) {
    if (!inUse.has(doc.url)) {
      orphans.push(doc);
      continue;
    }
    await uploads.updateOne(
      { _id: doc._id, attachedAt: { $exists: false }, deletingAt: { $exists: false } },
      { $set: { attachedAt: now } },
    );
  }

  let removed = 0;
  for (let start = 0; start < orphans.length; start += ORPHAN_SWEEP_BATCH) {
    const outcomes = await Promise.all(
      orphans.slice(start, start + ORPHAN_SWEEP_BATCH).map((doc) => removeOrphan(doc, now)),
    );
    removed += outcomes.filter(Boolean).length;
  }
  return removed;
}

/** The orphan sweep as a background job (lib/core/jobs.ts): its name. */
export const ORPHAN_JOB = 'images.orphans';

registerJob({
  name: ORPHAN_JOB,
  everyMs: ORPHAN_SWEEP_INTERVAL_MS,
  run: (now) => sweepOrphanUploads(now),
});
