import 'server-only';
import { ObjectId } from 'mongodb';
import { getDb } from '@/lib/core/db';
import { collections, type CompanyDoc, type CompanyMemberDoc } from './collections';
import type { CompanyRole } from './roles';

/** Every read and write of the companies and their members. */

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
  return (await all()).companies.findOneAndUpdate(
    { _id: companyId },
    { $set: { ...fields, updatedAt: new Date() } },
    { returnDocument: 'after' },
  );
}

/** How many members a company has. */
export async function countMembers(companyId: ObjectId): Promise<number> {
  return (await all()).companyMembers.countDocuments({ companyId });
}

export type { CompanyDoc, CompanyMemberDoc };
