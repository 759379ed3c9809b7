import 'server-only';
import { ObjectId } from 'mongodb';
import { refuse } from '@/lib/core/refusal';
import { can, type CompanyAction } from './roles';
import type { MyCompany } from './shared';
import { findCompany, findMembership, type CompanyDoc, type CompanyMemberDoc } from './store';
import { addressView } from './views';

/**
 * Whose company, and what their role lets them do: every check of a company member reads the
 * membership afresh on each request (so a removed member loses access at once) and asks the
 * one role table (`can`, roles.ts).
 */

export type Person = { id: string };

/** The caller's company as `GET /api/companies/me` answers it. */
export function companyView(
  company: CompanyDoc,
  member: CompanyMemberDoc,
  memberCount: number,
): MyCompany {
  return {
    _id: company._id.toHexString(),
    name: company.name,
    taxId: company.taxId,
    billingAddress: company.billingAddress,
    shippingAddresses: company.shippingAddresses.map(addressView),
    memberCount,
    createdAt: company.createdAt.toISOString(),
    membership: {
      role: member.role,
      approvalLimitCents: member.approvalLimitCents,
      monthlyLimitCents: member.monthlyLimitCents ?? null,
      joinedAt: member.joinedAt.toISOString(),
    },
  };
}

/** The person's membership and company, or null when they belong to none. */
export async function companyOfMember(
  person: Person,
): Promise<{ company: CompanyDoc; member: CompanyMemberDoc } | null> {
  const member = await findMembership(new ObjectId(person.id));
  if (!member) return null;
  const company = await findCompany(member.companyId);
  return company ? { company, member } : null;
}

/** The person's company and membership; 404 `company.none` when they have none. */
export async function requireMembership(person: Person) {
  const found = await companyOfMember(person);
  if (!found) throw refuse('company.none');
  return found;
}

/** The person's company and membership, when their role allows `action` (403 otherwise). */
export async function requireCompanyAction(person: Person, action: CompanyAction) {
  const found = await requireMembership(person);
  if (!can(found.member.role, action)) throw refuse('company.not_allowed');
  return found;
}
