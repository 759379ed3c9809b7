import 'server-only';
import { ObjectId } from 'mongodb';
import { getDb } from '@/lib/core/db';
import {
  collections,
  type CompanyDoc,
  type CompanyMemberDoc,
  type ShippingAddressDoc,
} from './collections';
import type { CompanyRole } from './roles';
import { payerChanged } from '@/lib/core/stripe-customers';

/** Every read and write of the companies and their members. */

/**
 * The company's Stripe customer (lib/billing) follows its name, addresses, tax id and the
 * members who receive its invoices: each such write marks it to be brought in step.
 */
const billingPartyChanged = (companyId: ObjectId) =>
  payerChanged(`company:${companyId.toHexString()}`);

async function all() {
  return collections(await getDb());
}

/** A person's membership, or null when they belong to no company. */
export async function findMembership(userId: ObjectId): Promise<CompanyMemberDoc | null> {
  return (await all()).companyMembers.findOne({ userId });
}

export async function findCompany(companyId: ObjectId): Promise<CompanyDoc | null> {
  return (await all()).companies.findOne({ _id: companyId });
}

export type CreateCompanyResult =
  | { ok: true; company: CompanyDoc; member: CompanyMemberDoc }
  | { ok: false; reason: 'already_member' };

/**
 * Creates a company with `owner` as its owner. The membership is written first (one company per
 * person: a unique index on the user id), so of two concurrent creations by one person exactly
 * one goes on; the company follows. A crash in between leaves a membership of a company that
 * does not exist, which `findMembership` callers treat as none (`companyOfMember`).
 */
export async function createCompany(
  owner: ObjectId,
  fields: Pick<CompanyDoc, 'name' | 'taxId' | 'billingAddress'>,
): Promise<CreateCompanyResult> {
  const { companies, companyMembers } = await all();
  const now = new Date();
  const company: CompanyDoc = {
    _id: new ObjectId(),
    ...fields,
    shippingAddresses: [],
    ownerCount: 1,
    createdAt: now,
    updatedAt: now,
  };
  const member: CompanyMemberDoc = {
    _id: new ObjectId(),
    companyId: company._id,
    userId: owner,
    role: 'owner' satisfies CompanyRole,
    approvalLimitCents: null,
    joinedAt: now,
  };
  try {
    await companyMembers.insertOne(member);
  } catch (error) {
    if ((error as { code?: number }).code === 11000) return { ok: false, reason: 'already_member' };
    throw error;
  }
  await companies.insertOne(company);
  return { ok: true, company, member };
}

/** Changes a company's own fields; the company as it is now, or null when it is gone. */
export async function updateCompany(
  companyId: ObjectId,
  fields: Partial<Pick<CompanyDoc, 'name' | 'taxId' | 'billingAddress'>>,
): Promise<CompanyDoc | null> {
  const { companies } = await all();
  const updated = await companies.findOneAndUpdate(
    { _id: companyId },
    { $set: { ...fields, updatedAt: new Date() } },
    { returnDocument: 'after' },
  );
  if (updated) await billingPartyChanged(companyId);
  return updated;
}

/** How many members a company has. */
export async function countMembers(companyId: ObjectId): Promise<number> {
  return (await all()).companyMembers.countDocuments({ companyId });
}

// ---- Members -------------------------------------------------------------------------------

/** A company's members, the longest-standing first. */
export async function listMembersOf(companyId: ObjectId): Promise<CompanyMemberDoc[]> {
  return (await all()).companyMembers.find({ companyId }).sort({ joinedAt: 1, _id: 1 }).toArray();
}

/** The membership of `userId` in this company only, or null. */
export async function findMemberIn(
  companyId: ObjectId,
  userId: ObjectId,
): Promise<CompanyMemberDoc | null> {
  return (await all()).companyMembers.findOne({ companyId, userId });
}

/** Why a change of a member did not happen: the last owner, or the member changed meanwhile. */
export type MemberChangeResult =
  { ok: true; member: CompanyMemberDoc } | { ok: false; reason: 'last_owner' | 'changed' };

/**
 * Takes one owner off the company's count, only while it has two or more: of two concurrent
 * demotions (or removals) of its only two owners, exactly one gets past this update.
 */
async function releaseOwner(companyId: ObjectId): Promise<boolean> {
  const { modifiedCount } = await (
    await all()
  ).companies.updateOne({ _id: companyId, ownerCount: { $gte: 2 } }, { $inc: { ownerCount: -1 } });
  return modifiedCount === 1;
}

/**
 * Counts one more owner. Always after the membership says so, so that the count is never
 * above the owners there are (a crash in between leaves it one low: a demotion is then refused
 * sooner, never allowed wrongly).
 */
async function countOwner(companyId: ObjectId): Promise<void> {
  await (await all()).companies.updateOne({ _id: companyId }, { $inc: { ownerCount: 1 } });
}

/**
 * Changes a member's role, approval limit and monthly limit, when they are still as `member`
 * says. Demoting an owner first takes them off the owner count under its guard (`last_owner`
 * when they are the last), and gives it back when the member had changed meanwhile
 * (`changed`: read again).
 */
export async function changeMember(
  member: CompanyMemberDoc,
  fields: {
    role?: CompanyRole;
    approvalLimitCents?: number | null;
    monthlyLimitCents?: number | null;
  },
): Promise<MemberChangeResult> {
  const { companyMembers } = await all();
  const role = fields.role ?? member.role;
  const demoting = member.role === 'owner' && role !== 'owner';
  const promoting = member.role !== 'owner' && role === 'owner';
  if (demoting && !(await releaseOwner(member.companyId))) {
    return { ok: false, reason: 'last_owner' };
  }
  const updated = await companyMembers.findOneAndUpdate(
    { _id: member._id, role: member.role },
    {
      $set: {
        role,
        ...(fields.approvalLimitCents !== undefined
          ? { approvalLimitCents: fields.approvalLimitCents }
          : {}),
        ...(fields.monthlyLimitCents !== undefined
          ? { monthlyLimitCents: fields.monthlyLimitCents }
          : {}),
      },
    },
    { returnDocument: 'after' },
  );
  if (!updated) {
    if (demoting) await countOwner(member.companyId);
    return { ok: false, reason: 'changed' };
  }
  if (promoting) await countOwner(member.companyId);
  if (role !== member.role) await billingPartyChanged(member.companyId);
  return { ok: true, member: updated };
}

/**
 * Removes a membership (one delete: from the next request on, the person has no company). An
 * owner is taken off the owner count first, under its guard (`last_owner`).
 */
export async function deleteMember(
  member: CompanyMemberDoc,
): Promise<{ ok: true } | { ok: false; reason: 'last_owner' | 'changed' }> {
  const { companyMembers } = await all();
  const owner = member.role === 'owner';
  if (owner && !(await releaseOwner(member.companyId))) return { ok: false, reason: 'last_owner' };
  const { deletedCount } = await companyMembers.deleteOne({ _id: member._id, role: member.role });
  if (deletedCount === 0) {
    if (owner) await countOwner(member.companyId);
    return { ok: false, reason: 'changed' };
  }
  await billingPartyChanged(member.companyId);
  return { ok: true };
}

/**
 * Removes the membership of a company's only member, who is its owner (the account is being
 * removed): the company stays, with no member and no owner (`ownerCount` 0), as the record its
 * orders and invoices point to. The owner count goes to 0 first, only while it is below 2 (a
 * count a crash left one low included); then, while nobody else is a member, the membership.
 * `others` when someone else is a member (the last-owner rule applies: the count is given
 * back), `changed` when the member or the count changed meanwhile (read again). A membership of
 * a company that does not exist (a creation that crashed halfway) just goes.
 */
export async function deleteOnlyMember(
  member: CompanyMemberDoc,
): Promise<{ ok: true } | { ok: false; reason: 'others' | 'changed' }> {
  const { companies, companyMembers } = await all();
  const _id = member.companyId;
  if (member.role !== 'owner') return { ok: false, reason: 'changed' };
  const before = await companies.findOneAndUpdate(
    { _id, ownerCount: { $lt: 2 } },
    { $set: { ownerCount: 0 } },
    { returnDocument: 'before', projection: { ownerCount: 1 } },
  );
  if (!before && (await companies.countDocuments({ _id }, { limit: 1 }))) {
    return { ok: false, reason: 'changed' };
  }
  const giveBack = async () => {
    if (before?.ownerCount) {
      await companies.updateOne({ _id }, { $inc: { ownerCount: before.ownerCount } });
    }
  };
  const others = await companyMembers.countDocuments(
    { companyId: _id, _id: { $ne: member._id } },
    { limit: 1 },
  );
  if (others) {
    await giveBack();
    return { ok: false, reason: 'others' };
  }
  const { deletedCount } = await companyMembers.deleteOne({ _id: member._id, role: 'owner' });
  if (deletedCount === 0) {
    await giveBack();
    return { ok: false, reason: 'changed' };
  }
  await billingPartyChanged(_id);
  return { ok: true };
}

/**
 * Puts back a membership removed a moment ago (`deleteMember`, `deleteOnlyMember`) when what it
 * was removed for did not happen: the same document, counted among the owners again if it was
 * an owner's.
 */
export async function restoreMember(member: CompanyMemberDoc): Promise<void> {
  await (await all()).companyMembers.insertOne(member);
  if (member.role === 'owner') await countOwner(member.companyId);
  await billingPartyChanged(member.companyId);
}

/**
 * Adds a person to a company (an accepted invitation); `already_member` when they belong to a
 * company already (the unique user id decides, also for two at once).
 */
export async function addMember(
  fields: Omit<CompanyMemberDoc, '_id'>,
): Promise<{ ok: true; member: CompanyMemberDoc } | { ok: false; reason: 'already_member' }> {
  const member: CompanyMemberDoc = { _id: new ObjectId(), ...fields };
  try {
    await (await all()).companyMembers.insertOne(member);
  } catch (error) {
    if ((error as { code?: number }).code === 11000) return { ok: false, reason: 'already_member' };
    throw error;
  }
  if (member.role === 'owner') await countOwner(member.companyId);
  await billingPartyChanged(member.companyId);
  return { ok: true, member };
}

// ---- Shipping addresses ----------------------------------------------------------------------

/** A change of a company's address list, decided on the list as it is. */
export type AddressChange<R> =
  | { ok: true; list: ShippingAddressDoc[]; result: R }
  | { ok: false; reason: 'not_found' | 'too_many' | 'default_needed' };

/**
 * Changes a company's shipping addresses: `change` decides on the list as read, and the new
 * list is written only if nobody changed the list meanwhile (`addressVersion`); otherwise it
 * is read and decided again. So the rules (at most 20, exactly one default) hold under
 * concurrent changes too.
 */
export async function changeAddresses<R>(
  companyId: ObjectId,
  change: (list: ShippingAddressDoc[]) => AddressChange<R>,
): Promise<
  | { ok: true; company: CompanyDoc; result: R }
  | { ok: false; reason: 'not_found' | 'too_many' | 'default_needed' | 'no_company' }
> {
  const { companies } = await all();
  for (let attempt = 0; attempt < 20; attempt += 1) {
    // Another change won the race: wait a moment (more each time, spread out) and decide again.
    if (attempt > 0) await new Promise((done) => setTimeout(done, Math.random() * 5 * attempt));
    const company = await companies.findOne({ _id: companyId });
    if (!company) return { ok: false, reason: 'no_company' };
    const outcome = change(company.shippingAddresses);
    if (!outcome.ok) return outcome;
    const version = (company.addressVersion ?? 0) + 1;
    const updatedAt = new Date();
    const { matchedCount } = await companies.updateOne(
      { _id: companyId, addressVersion: company.addressVersion ?? { $exists: false } },
      { $set: { shippingAddresses: outcome.list, addressVersion: version, updatedAt } },
    );
    if (matchedCount === 1) {
      const updated = { ...company, shippingAddresses: outcome.list, addressVersion: version };
      return { ok: true, company: { ...updated, updatedAt }, result: outcome.result };
    }
  }
  throw new Error(`The shipping addresses of company ${companyId.toHexString()} stay busy`);
}

/**
 * Appends an address that is not the default to a list that has one already (so has its
 * default) and is not full, in one update; false when the list is empty or full (or the
 * company is gone): then `changeAddresses` decides.
 */
export async function appendAddress(
  companyId: ObjectId,
  address: ShippingAddressDoc,
  max: number,
): Promise<boolean> {
  const { modifiedCount } = await (
    await all()
  ).companies.updateOne(
    {
      _id: companyId,
      'shippingAddresses.0': { $exists: true },
      [`shippingAddresses.${max - 1}`]: { $exists: false },
    },
    {
      $push: { shippingAddresses: address },
      $inc: { addressVersion: 1 },
      $set: { updatedAt: new Date() },
    },
  );
  return modifiedCount === 1;
}

export type { CompanyDoc, CompanyMemberDoc, ShippingAddressDoc };
