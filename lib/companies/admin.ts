import 'server-only';
import { ObjectId } from 'mongodb';
import { findUserByEmail } from '@/lib/accounts';
import { refuse } from '@/lib/core/refusal';
import { pageWindow } from '@/lib/core/validation/pagination';
import {
  addMember,
  findCompanyById,
  listCompanies,
  memberCounts,
  membersOf,
  removeMember,
} from './admin-store';
import { closeInvitationsSentBy } from './invitations';
import type { CompanyMember, ShippingAddress } from './shared';
import { addressView, memberView } from './views';
import {
  DEFAULT_ADMIN_COMPANY_LIMIT,
  type AdminAddMember,
  type AdminCompanyQuery,
} from './validation/admin';

/**
 * The store admin's side of company accounts (GET /api/admin/companies and below, the
 * /dashboard/companies pages): every company listed and searched by name, one company with its
 * members, and members added or removed for support. Orders are the orders feature's, which
 * imports this one: the route handlers and pages put the two together.
 */

export { adminAddMemberSchema, adminCompanyQuerySchema } from './validation/admin';
export type { AdminAddMember, AdminAddMemberInput, AdminCompanyQuery } from './validation/admin';

/** A company in the admin list (the open-order count is added by the caller). */
export interface AdminCompanyRow {
  _id: string;
  name: string;
  taxId: string | null;
  memberCount: number;
  createdAt: string;
}

/** One page of the admin list: `companyIds` are the rows' ids as ObjectIds, for other features. */
export interface AdminCompanyPage {
  items: AdminCompanyRow[];
  companyIds: ObjectId[];
  total: number;
  page: number;
  pages: number;
}

/** A member as the admin sees them: as the company's own page shows them. */
export type AdminCompanyMember = CompanyMember;

/** A company as the admin sees it (its orders are added by the caller). */
export interface AdminCompany {
  _id: string;
  name: string;
  taxId: string | null;
  billingAddress: string;
  shippingAddresses: ShippingAddress[];
  createdAt: string;
  members: AdminCompanyMember[];
}

/** One page of the companies, by name, those whose name contains `q` (any case) if given. */
export async function adminCompanyPage(query: AdminCompanyQuery): Promise<AdminCompanyPage> {
  const { page, limit, skip } = pageWindow(query, DEFAULT_ADMIN_COMPANY_LIMIT);
  const { items, total } = await listCompanies({ q: query.q, skip, limit });
  const counts = await memberCounts(items.map((company) => company._id));
  return {
    items: items.map((company) => ({
      _id: company._id.toHexString(),
      name: company.name,
      taxId: company.taxId,
      memberCount: counts.get(company._id.toHexString()) ?? 0,
      createdAt: company.createdAt.toISOString(),
    })),
    companyIds: items.map((company) => company._id),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / limit)),
  };
}

/** The company with its members, or null when no company has the id. */
export async function findAdminCompany(companyId: string): Promise<AdminCompany | null> {
  const _id = new ObjectId(companyId);
  const company = await findCompanyById(_id);
  if (!company) return null;
  const members = await Promise.all((await membersOf(_id)).map(memberView));
  return {
    _id: company._id.toHexString(),
    name: company.name,
    taxId: company.taxId,
    billingAddress: company.billingAddress,
    shippingAddresses: company.shippingAddresses.map(addressView),
    createdAt: company.createdAt.toISOString(),
    members,
  };
}

/** The company with its members; 404 `company.not_found` for an unknown id. */
export async function adminCompany(companyId: string): Promise<AdminCompany> {
  const company = await findAdminCompany(companyId);
  if (!company) throw refuse('company.not_found');
  return company;
}

/**
 * An admin adds an existing account to the company (support): 404 `user.not_found` when no
 * account has the email, 409 when the person is a member of this company already or of another.
 * An owner added counts among the company's owners.
 */
export async function adminAddCompanyMember(
  companyId: string,
  input: AdminAddMember,
): Promise<AdminCompanyMember> {
  const _id = new ObjectId(companyId);
  if (!(await findCompanyById(_id))) throw refuse('company.not_found');
  const user = await findUserByEmail(input.email);
  if (!user) throw refuse('user.not_found');
  const added = await addMember(_id, new ObjectId(user.id), {
    role: input.role,
    approvalLimitCents: input.approvalLimitCents,
    monthlyLimitCents: input.monthlyLimitCents ?? null,
  });
  if (!added.ok) {
    if (added.reason === 'company_not_found') throw refuse('company.not_found');
    throw refuse(
      added.reason === 'already_member'
        ? 'company.already_in_this_company'
        : 'company.invitee_in_other_company',
      { params: { email: user.email } },
    );
  }
  return {
    userId: user.id,
    name: user.name,
    email: user.email,
    role: added.member.role,
    approvalLimitCents: added.member.approvalLimitCents,
    monthlyLimitCents: added.member.monthlyLimitCents ?? null,
    joinedAt: added.member.joinedAt.toISOString(),
  };
}

/**
 * An admin removes a member from the company: 404 `company.not_found` or
 * `company.not_a_member`, 409 `company.last_owner` for the company's only owner.
 */
export async function adminRemoveCompanyMember(companyId: string, userId: string): Promise<void> {
  const _id = new ObjectId(companyId);
  if (!(await findCompanyById(_id))) throw refuse('company.not_found');
  const removed = await removeMember(_id, new ObjectId(userId));
  if (!removed.ok) {
    throw refuse(removed.reason === 'last_owner' ? 'company.last_owner' : 'company.not_a_member');
  }
  await closeInvitationsSentBy(_id, new ObjectId(userId), null);
}
