import 'server-only';
import { ObjectId } from 'mongodb';
import { refuse } from '@/lib/core/refusal';
import type { CreateCompanyInput, UpdateCompanyInput } from './validation/company';
import { can, type CompanyAction } from './roles';
import type { MyCompany } from './shared';
import {
  countMembers,
  createCompany,
  findCompany,
  findMembership,
  updateCompany,
  type CompanyDoc,
  type CompanyMemberDoc,
} from './store';

/**
 * Company accounts: a company, its members and their roles (the one table, roles.ts). A person
 * belongs to at most one company; people without one use the store exactly as before. The
 * feature's public face for server code.
 */

export * from './roles';
export type { MyCompany, ShippingAddress } from './shared';

type Person = { id: string };

function companyView(
  company: CompanyDoc,
  member: CompanyMemberDoc,
  memberCount: number,
): MyCompany {
  return {
    _id: company._id.toHexString(),
    name: company.name,
    taxId: company.taxId,
    billingAddress: company.billingAddress,
    shippingAddresses: company.shippingAddresses.map((address) => ({
      _id: address._id.toHexString(),
      label: address.label,
      address: address.address,
      phone: address.phone,
      default: address.default,
    })),
    memberCount,
    createdAt: company.createdAt.toISOString(),
    membership: {
      role: member.role,
      approvalLimitCents: member.approvalLimitCents,
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
async function requireMembership(person: Person) {
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

/**
 * `POST /api/companies`: a new company with the caller as its owner; 409
 * `company.already_member` when they belong to one already.
 */
export async function createCompanyFor(
  person: Person,
  input: CreateCompanyInput,
): Promise<MyCompany> {
  const created = await createCompany(new ObjectId(person.id), {
    name: input.name,
    taxId: input.taxId ?? null,
    billingAddress: input.billingAddress,
  });
  if (!created.ok) throw refuse('company.already_member');
  return companyView(created.company, created.member, 1);
}

/** `GET /api/companies/me`: the caller's company with their own membership. */
export async function myCompany(person: Person): Promise<MyCompany> {
  const { company, member } = await requireMembership(person);
  return companyView(company, member, await countMembers(company._id));
}

/** `PATCH /api/companies/me`: the company's own fields, by a member allowed to manage it. */
export async function updateMyCompany(
  person: Person,
  input: UpdateCompanyInput,
): Promise<MyCompany> {
  const { company, member } = await requireCompanyAction(person, 'manageCompany');
  const fields = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.taxId !== undefined ? { taxId: input.taxId || null } : {}),
    ...(input.billingAddress !== undefined ? { billingAddress: input.billingAddress } : {}),
  };
  const updated = await updateCompany(company._id, fields);
  if (!updated) throw refuse('company.none');
  return companyView(updated, member, await countMembers(company._id));
}
