import { type Db } from 'mongodb';
import { userIdsAsObjectIds } from '@/lib/core/db/migrate';
import { collections } from './collections';

/** Reviews whose writer's id is still a string get the ObjectId. */
export async function reviewUserIdsAsObjectIds(db: Db): Promise<void> {
  await userIdsAsObjectIds(collections(db).reviews);
}

/** The pictures reviews show, or those of them among `among`. */
export async function reviewPictures(db: Db, among?: string[]): Promise<unknown[]> {
  return collections(db).reviews.distinct('img', among ? { img: { $in: among } } : {});
}
