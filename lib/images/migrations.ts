import { type Db } from 'mongodb';
import { userIdsAsObjectIds } from '@/lib/core/db/migrate';
import { collections } from './collections';

/** Uploads whose uploader's id is still a string get the ObjectId. */
export async function uploadUserIdsAsObjectIds(db: Db): Promise<void> {
  await userIdsAsObjectIds(collections(db).uploads);
}

/**
 * Uploads from before attachments that a review, product or order shows are attached, so the
 * orphan sweep (lib/images/orphans.ts) keeps them and they do not count against their
 * uploader's room for unattached uploads. Conditional on still being unattached and unclaimed.
 * The pictures in use come from their features (lib/startup/migrations.ts), in this order.
 */
export async function attachUploadsInUse(
  db: Db,
  uses: readonly { kind: 'review' | 'product'; urls: Promise<unknown[]> }[],
): Promise<void> {
  const { uploads } = collections(db);
  const unattached = { attachedAt: { $exists: false }, deletingAt: { $exists: false } } as const;
  for (const use of uses) {
    const urls = (await use.urls).filter((url): url is string => typeof url === 'string');
    if (urls.length === 0) continue;
    await uploads.updateMany(
      { ...unattached, url: { $in: urls } },
      { $set: { attachedAt: new Date(), attachedTo: { kind: use.kind } } },
    );
  }
}
