import 'server-only';
import { ObjectId } from 'mongodb';
import { getDb } from '@/lib/core/db';
import { payerChanged } from '@/lib/core/stripe-customers';
import { collections, type CompanyDoc, type CompanyMemberDoc } from './collections';
import type { CompanyRole } from './roles';

/**
 * The reads and writes of the store admin's company pages and API (lib/companies/admin.ts):
 * the company list, a company's members, and the members an admin adds and removes for
 * support. The `ownerCount` of a company is changed here only together with its owners.
 */

async function all() {
  return collections(await getDb());
}

/** Text to match literally inside a regular expression. */
function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Names compared as people read them: without regard to case. */
const byName = { locale: 'en', strength: 2 } as const;

/**
 * One page of companies by name (A to Z whatever the case, then by id, so pages are stable
 * when names are equal), those whose name contains `q` in any case when it is given; and how
 * many there are.
 */
export async function listCompanies(options: {
  q?: string;
  skip: number;
  limit: number;
}): Promise<{ items: CompanyDoc[]; total: number }> {
  const { companies } = await all();
  const filter = options.q ? { name: { $regex: escapeRegex(options.q), $options: 'i' } } : {};
  const [items, total] = await Promise.all([
    companies
      .find(filter)
      .collation(byName)
      .sort({ name: 1, _id: 1 })
      .skip(options.skip)
      .limit(options.limit)
      .toArray(),
    companies.countDocuments(filter),
  ]);
  return { items, total };
}

/** How many members each of the companies has (a company without any is left out). */
export async function memberCounts(companyIds: ObjectId[]): Promise<Map<string, number>> {
  if (companyIds.length === 0) return new Map();
  const rows = await (
    await all()
  ).companyMembers
    .aggregate<{ _id: ObjectId; count: number }>([
      { $match: { companyId: { $in: companyIds } } },
      { $group: { _id: '$companyId', count: { $sum: 1 } } },
    ])
    .toArray();
  return new Map(rows.map((row) => [row._id.toHexString(), row.count]));
}

export async function findCompanyById(companyId: ObjectId): Promise<CompanyDoc | null> {
  return (await all()).companies.findOne({ _id: companyId });
}

/** A company's members, in the order they joined. */
export async function membersOf(companyId: ObjectId): Promise<CompanyMemberDoc[]> {
  return (await all()).companyMembers.find({ companyId }).sort({ joinedAt: 1, _id: 1 }).toArray();
}

export type AddMemberResult =
  | { ok: true; member: CompanyMemberDoc }
  | { ok: false; reason: 'company_not_found' | 'already_member' | 'in_other_company' };

/**
 * Makes `userId` a member of the company. One company per person is the unique index on the
 * user id, so of two additions at once exactly one goes on. An owner is counted in
 * `ownerCount` after the membership is written: a crash in between leaves the count one low,
 * which can only refuse a removal, never let the last owner go.
 */
export async function addMember(
  companyId: ObjectId,
  userId: ObjectId,
  fields: {
    role: CompanyRole;
    approvalLimitCents: number | null;
    monthlyLimitCents?: number | null;
  },
): Promise<AddMemberResult> {
  const { companies, companyMembers } = await all();
  if (!(await companies.findOne({ _id: companyId }, { projection: { _id: 1 } }))) {
    return { ok: false, reason: 'company_not_found' };
  }
  const member: CompanyMemberDoc = {
    _id: new ObjectId(),
    companyId,
    userId,
    role: fields.role,
    approvalLimitCents: fields.approvalLimitCents,
    monthlyLimitCents: fields.monthlyLimitCents ?? null,
    joinedAt: new Date(),
  };
  try {
    await companyMembers.insertOne(member);
  } catch (error) {
    if ((error as { code?: number }).code !== 11000) throw error;
    const existing = await companyMembers.findOne({ userId }, { projection: { companyId: 1 } });
    return {
      ok: false,
      reason: existing?.companyId.equals(companyId) ? 'already_member' : 'in_other_company',
    };
  }
  if (member.role === 'owner') {
    await companies.updateOne(
      { _id: companyId },
      { $inc: { ownerCount: 1 }, $set: { updatedAt: new Date() } },
    );
  }
  // The company's Stripe customer follows who receives its invoices (lib/billing).
  await payerChanged(`company:${companyId.toHexString()}`);
  return { ok: true, member };
}

export type RemoveMemberResult =
  { ok: true } | { ok: false; reason: 'member_not_found' | 'last_owner' };

/**
 * Ends `userId`'s membership of the company. An owner leaves only when the company keeps
 * another: `ownerCount` is lowered first by one conditional update (`ownerCount >= 2`), so of
 * two removals of its last two owners at once one is refused; the membership is then removed
 * while it still is an owner's, and the count given back when it no longer was (its role
 * changed meanwhile), to look again. Any other member is removed while its role is still the
 * one read.
 */
export async function removeMember(
  companyId: ObjectId,
  userId: ObjectId,
): Promise<RemoveMemberResult> {
  const removed = await removeMemberOnce(companyId, userId);
  // The company's Stripe customer follows who receives its invoices (lib/billing).
  if (removed.ok) await payerChanged(`company:${companyId.toHexString()}`);
  return removed;
}

async function removeMemberOnce(
  companyId: ObjectId,
  userId: ObjectId,
): Promise<RemoveMemberResult> {
  const { companies, companyMembers } = await all();
  for (let attempt = 0; attempt < 5; attempt++) {
    const member = await companyMembers.findOne({ companyId, userId });
    if (!member) return { ok: false, reason: 'member_not_found' };
    if (member.role !== 'owner') {
      const { deletedCount } = await companyMembers.deleteOne({
        _id: member._id,
        role: member.role,
      });
      if (deletedCount === 1) return { ok: true };
      continue;
    }
    const lowered = await companies.updateOne(
      { _id: companyId, ownerCount: { $gte: 2 } },
      { $inc: { ownerCount: -1 }, $set: { updatedAt: new Date() } },
    );
    if (lowered.modifiedCount !== 1) return { ok: false, reason: 'last_owner' };
    const { deletedCount } = await companyMembers.deleteOne({ _id: member._id, role: 'owner' });
    if (deletedCount === 1) return { ok: true };
    await companies.updateOne({ _id: companyId }, { $inc: { ownerCount: 1 } });
  }
  // Changed at every look: the member is being changed elsewhere right now.
  return { ok: false, reason: 'member_not_found' };
}
