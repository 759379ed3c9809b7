import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Filter, ObjectId } from 'mongodb';
import { getDb } from '@/lib/core/db';
import { env } from '@/lib/core/env';
import { toObjectId } from '@/lib/core/db/ids';
import { collections } from '../collections';
import type { UserDoc } from '../collections';
import { roleOf } from './users';

/**
 * Taking the admin role away and removing users, without ever leaving the store without an
 * admin (`changeAdminRole`). Promotions are lib/accounts/store/users.ts (`makeAdmin`).
 */

/** The query form of `roleOf`: admin by the stored role, or by ADMIN_EMAILS once proven. */
function adminFilter(): Filter<UserDoc> {
  return {
    $or: [
      { role: 'admin' },
      { email: { $in: env.ADMIN_EMAILS }, ownerProvenAt: { $type: 'date' } },
    ],
  };
}

/** Whether ADMIN_EMAILS names this address: the database alone cannot take that role away. */
export function isConfiguredAdmin(email: string): boolean {
  return env.ADMIN_EMAILS.includes(email.toLowerCase());
}

/**
 * How old a role-change mark must be before another request treats it as left behind by a
 * request that died, clears it and counts that user as an admin again. Only liveness depends
 * on it: a change whose mark was cleared no longer applies (its update is conditional on its
 * own mark), so a slow request or a skewed clock can make a change fail, never lose the last
 * admin.
 */
export const ROLE_CHANGE_STALE_MS = 60_000;

export type AdminRoleChange = 'remove' | 'demote';

/**
 * What became of a removal or demotion: `done`; `not_found`; `busy` (another removal or
 * demotion of this user is under way, or this one lost its mark: try again); `last_admin` (no
 * other admin would remain); and for a demotion `not_admin`, or `configured_admin` (the address
 * is in ADMIN_EMAILS, which the database cannot overrule).
 */
export type RoleChangeOutcome =
  'done' | 'not_found' | 'busy' | 'last_admin' | 'not_admin' | 'configured_admin';

/**
 * Removes a user, or takes the admin role away, never leaving the store without an admin, even
 * when admins remove or demote each other at the same moment. Without transactions, with
 * single-document atomic writes only:
 *
 * 1. mark the target (`roleChange: { token, at }`), a conditional update that fails while
 *    another change of the same user holds a fresh mark;
 * 2. if the target is an admin, count the admins that are neither the target nor marked;
 *    none left: unmark and refuse;
 * 3. apply the change with an update conditional on our own mark still being there.
 *
 * Why it holds: each request marks before it counts. Of two concurrent requests, whichever
 * counts second counts after the other's mark (if A's count misses B's mark, A counted before B
 * marked, so B counts after A marked), so it never relies on an admin that the other is taking
 * away; the request that counts last relied on an admin nobody was removing, and any later
 * removal of that admin has to mark and count again. A request that fails between the steps
 * leaves a mark that only makes others more careful; it is cleared after
 * `ROLE_CHANGE_STALE_MS`, and clearing it fences the dead request off (step 3 no longer
 * matches). Promotions need no mark: they only add admins. The role is read from the database
 * on every request, so a demoted admin loses the rights at once and keeps the session.
 */
export async function changeAdminRole(
  userId: string,
  change: AdminRoleChange,
): Promise<RoleChangeOutcome> {
  const _id = toObjectId(userId);
  if (!_id) return 'not_found';
  const c = collections(await getDb());
  const token = randomUUID();
  const staleBefore = () => new Date(Date.now() - ROLE_CHANGE_STALE_MS);

  const target = await c.users.findOneAndUpdate(
    { _id, $or: [{ roleChange: { $exists: false } }, { 'roleChange.at': { $lt: staleBefore() } }] },
    { $set: { roleChange: { token, at: new Date() } } },
    { returnDocument: 'after', projection: { passwordHash: 0 } },
  );
  if (!target) {
    return (await c.users.countDocuments({ _id }, { limit: 1 })) ? 'busy' : 'not_found';
  }
  const mine = { _id, 'roleChange.token': token };
  try {
    const isAdmin = roleOf(target) === 'admin';
    if (change === 'demote') {
      if (isConfiguredAdmin(target.email)) return 'configured_admin';
      if (!isAdmin) return 'not_admin';
    }
    if (isAdmin) {
      // Marks left by requests that died stop holding anyone back (and their changes can no
      // longer apply); fresh ones, ours included, stay.
      await c.users.updateMany(
        { 'roleChange.at': { $lt: staleBefore() } },
        { $unset: { roleChange: '' } },
      );
      const remaining = await c.users.countDocuments(
        { $and: [adminFilter(), { _id: { $ne: _id } }, { roleChange: { $exists: false } }] },
        { limit: 1 },
      );
      if (remaining === 0) return 'last_admin';
    }
    if (change === 'demote') {
      const { modifiedCount } = await c.users.updateOne(mine, {
        $set: { role: 'user' },
        $unset: { roleChange: '' },
      });
      return modifiedCount === 1 ? 'done' : 'busy';
    }
    // A user who was no admin when marked is removed only while still none (a promotion in
    // between makes this a change that was never counted for).
    const { deletedCount } = await c.users.deleteOne(
      isAdmin ? mine : { $and: [mine, { $nor: [adminFilter()] }] },
    );
    if (deletedCount !== 1) return 'busy';
    await deleteSignInLinks(_id);
    return 'done';
  } finally {
    // Nothing to undo after a change that applied (the user is gone, or the mark was unset
    // with the demotion); otherwise the mark goes, or expires if this fails too.
    await c.users.updateOne(mine, { $unset: { roleChange: '' } }).catch(() => undefined);
  }
}

/** A removed user's sign-in links, reset and verification tokens. Orders stay, as business records. */
async function deleteSignInLinks(userId: ObjectId): Promise<void> {
  const c = collections(await getDb());
  await Promise.all([
    c.accounts.deleteMany({ userId }),
    c.passwordResets.deleteMany({ userId }),
    c.emailVerifications.deleteMany({ userId }),
  ]);
}
