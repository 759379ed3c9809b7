import 'server-only';
import { ObjectId } from 'mongodb';
import { findUserById } from '@/lib/accounts';
import { getDb } from '@/lib/core/db';
import { collections } from './collections';
import { companyOfMember, type Person } from './membership';
import { can, COMPANY_ROLES, type CompanyAction, type CompanyRole } from './roles';

/**
 * What the billing module (lib/billing: invoices on account) asks of a company: the party an
 * invoice is made out to, who is to be mailed about invoices and whether a member's role allows
 * the actions billing names (both from the one role table, `can`), and company names for the
 * store admin's lists. Reads only; the company's own store is store.ts.
 */

/** Whether a member with `role` may take every one of `actions` (the role table). */
export function roleMayAll(role: CompanyRole, actions: readonly CompanyAction[]): boolean {
  return actions.every((action) => can(role, action));
}

/** A company as its invoices on account are made out to, as it is now. */
export interface BillingParty {
  id: string;
  name: string;
  taxId: string | null;
  billingAddress: string;
}

/** The company's billing party, or null when it does not exist. */
export async function companyBillingParty(companyId: string): Promise<BillingParty | null> {
  if (!ObjectId.isValid(companyId)) return null;
  const company = await collections(await getDb()).companies.findOne(
    { _id: new ObjectId(companyId) },
    { projection: { name: 1, taxId: 1, billingAddress: 1 } },
  );
  return company
    ? {
        id: company._id.toHexString(),
        name: company.name,
        taxId: company.taxId,
        billingAddress: company.billingAddress,
      }
    : null;
}

/**
 * The email addresses of the company's members whose role allows every one of `actions` (for
 * billing: those who see and pay invoices, accounts and owners), the longest-standing first. At
 * most 50.
 */
export async function companyEmailsWithActions(
  companyId: string,
  actions: readonly CompanyAction[],
): Promise<string[]> {
  if (!ObjectId.isValid(companyId)) return [];
  const roles = COMPANY_ROLES.filter((role) => roleMayAll(role, actions));
  if (roles.length === 0) return [];
  const members = await collections(await getDb())
    .companyMembers.find(
      { companyId: new ObjectId(companyId), role: { $in: roles } },
      { projection: { userId: 1 } },
    )
    .sort({ joinedAt: 1, _id: 1 })
    .limit(50)
    .toArray();
  const users = await Promise.all(
    members.map((member) => findUserById(member.userId.toHexString())),
  );
  return users.flatMap((user) => (user ? [user.email] : []));
}

/**
 * The caller's company as billing sees it, read afresh (a removed member has none at once): its
 * id and name and the caller's role; null when they belong to no company.
 */
export async function billingMembership(
  person: Person,
): Promise<{ companyId: string; companyName: string; role: CompanyRole } | null> {
  const found = await companyOfMember(person);
  if (!found) return null;
  return {
    companyId: found.company._id.toHexString(),
    companyName: found.company.name,
    role: found.member.role,
  };
}

/** The names of the given companies, by id (an unknown id is left out). */
export async function companyNames(companyIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(companyIds)].filter((id) => ObjectId.isValid(id));
  if (ids.length === 0) return new Map();
  const found = await collections(await getDb())
    .companies.find(
      { _id: { $in: ids.map((id) => new ObjectId(id)) } },
      { projection: { name: 1 } },
    )
    .toArray();
  return new Map(found.map((company) => [company._id.toHexString(), company.name]));
}
