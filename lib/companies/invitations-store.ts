import 'server-only';
import type { ObjectId } from 'mongodb';
import { getDb } from '@/lib/core/db';
import { collections, type CompanyInvitationDoc } from './collections';
import type { CompanyRole } from './roles';

/** Every read and write of company invitations. */

async function invitations() {
  return collections(await getDb()).companyInvitations;
}

/** What makes an invitation open at `now`. */
const openAt = (now: Date) => ({ open: true, expiresAt: { $gt: now } });

/** A company's open invitations, the newest first. */
export async function listOpenInvitations(
  companyId: ObjectId,
  now = new Date(),
): Promise<CompanyInvitationDoc[]> {
  return (await invitations())
    .find({ companyId, ...openAt(now) })
    .sort({ invitedAt: -1, _id: -1 })
    .toArray();
}

/** How many open invitations a company has, leaving out those to `except`. */
export async function countOpenInvitations(
  companyId: ObjectId,
  except: string,
  now = new Date(),
): Promise<number> {
  return (await invitations()).countDocuments({
    companyId,
    email: { $ne: except },
    ...openAt(now),
  });
}

/**
 * Stores a new invitation (its mail queued in the same insert), closing whatever invitation
 * of the same company and email was open: its link stops working. At most one invitation per
 * company and email is open (a unique index on the open ones), so of two concurrent invitations
 * of one person the later one replaces the other.
 */
export async function replaceInvitation(doc: CompanyInvitationDoc): Promise<void> {
  const all = await invitations();
  for (let attempt = 0; ; attempt += 1) {
    await all.updateMany(
      { companyId: doc.companyId, email: doc.email, open: true },
      { $set: { open: false, revokedAt: doc.invitedAt } },
    );
    try {
      await all.insertOne(doc);
      return;
    } catch (error) {
      if ((error as { code?: number }).code !== 11000 || attempt >= 5) throw error;
    }
  }
}

/** The open invitation whose token hashes to `tokenHash`, or null. */
export async function findOpenInvitation(
  tokenHash: string,
  now = new Date(),
): Promise<CompanyInvitationDoc | null> {
  return (await invitations()).findOne({ tokenHash, ...openAt(now) });
}

/**
 * Uses an invitation up: one conditional update that only matches it while it is open, so of
 * two concurrent accepts exactly one gets it. Null when it was not open any more.
 */
export async function claimInvitation(
  invitationId: ObjectId,
  userId: ObjectId,
  now = new Date(),
): Promise<CompanyInvitationDoc | null> {
  return (await invitations()).findOneAndUpdate(
    { _id: invitationId, ...openAt(now) },
    { $set: { open: false, acceptedAt: now, acceptedBy: userId } },
    { returnDocument: 'after' },
  );
}

/**
 * Gives back an invitation claimed by `userId` whose membership could not be made (they joined
 * another company at the same moment). Left closed when a newer invitation of the same person
 * is open by then.
 */
export async function unclaimInvitation(invitationId: ObjectId, userId: ObjectId): Promise<void> {
  try {
    await (
      await invitations()
    ).updateOne(
      { _id: invitationId, acceptedBy: userId },
      { $set: { open: true }, $unset: { acceptedAt: '', acceptedBy: '' } },
    );
  } catch (error) {
    if ((error as { code?: number }).code !== 11000) throw error;
  }
}

/** Closes an open invitation of this company; false when it has no open one with this id. */
export async function closeInvitation(
  companyId: ObjectId,
  invitationId: ObjectId,
  now = new Date(),
): Promise<boolean> {
  const { matchedCount } = await (
    await invitations()
  ).updateOne(
    { _id: invitationId, companyId, ...openAt(now) },
    { $set: { open: false, revokedAt: now } },
  );
  return matchedCount === 1;
}

/**
 * Closes the open invitations `inviterId` sent into this company as one of `roles`, recording
 * why on each (`closedBecause`): their links stop working. Answers how many it closed.
 */
export async function closeInvitationsFrom(
  companyId: ObjectId,
  inviterId: ObjectId,
  roles: readonly CompanyRole[],
  because: NonNullable<CompanyInvitationDoc['closedBecause']>,
  now = new Date(),
): Promise<number> {
  if (roles.length === 0) return 0;
  const { modifiedCount } = await (
    await invitations()
  ).updateMany(
    { companyId, invitedBy: inviterId, open: true, role: { $in: [...roles] } },
    { $set: { open: false, revokedAt: now, closedBecause: because } },
  );
  return modifiedCount;
}

export type { CompanyInvitationDoc };
