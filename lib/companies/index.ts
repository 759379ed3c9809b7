import 'server-only';
import { ObjectId } from 'mongodb';
import { findUserById } from '@/lib/accounts';
import { refuse } from '@/lib/core/refusal';
import type { CreateCompanyInput, UpdateCompanyInput } from './validation/company';
import { companyView, requireCompanyAction, requireMembership, type Person } from './membership';
import type { MyCompany } from './shared';
import { countMembers, createCompany, updateCompany } from './store';

/**
 * Company accounts: a company, its members and their roles (the one table, roles.ts), its
 * invitations (invitations.ts, mailed through the outbox) and shipping addresses
 * (addresses.ts). A person belongs to at most one company; people without one use the store
 * exactly as before. Every check reads the caller's membership afresh (membership.ts). The
 * feature's public face for server code.
 */

export * from './roles';
export {
  assertMayPlaceOrders,
  companyInvoiceParty,
  companyMemberEmails,
  companyMembersAllowed,
  type MemberAllowed,
} from './for-orders';
export * from './for-billing';
export { endMembershipOfAccount, type EndedMembership } from './for-accounts';
export * from './admin';
export type {
  CompanyInvitation,
  CompanyMember,
  CompanyMemberWithMonth,
  MyCompany,
  ShippingAddress,
} from './shared';
export { companyOfMember, requireCompanyAction } from './membership';
export { listMembers, removeMember, updateMember } from './members';
export {
  acceptInvitation,
  invitationOfCallback,
  invitationTokenInPath,
  inviteMember,
  listInvitations,
  loadCompanyMailKinds,
  previewInvitation,
  revokeInvitation,
  type InvitationPreview,
  type InvitationView,
} from './invitations';
export { addShippingAddress, removeShippingAddress, updateShippingAddress } from './addresses';
export * from './limits';
export type { CompanyMailKind } from './mail/invitation-mail';

/**
 * `POST /api/companies`: a new company with the caller as its owner; 403
 * `company.create_unverified` unless their email is verified (an owner decides who orders for
 * the company and approves its orders, each a hold of stock); 409 `company.already_member` when
 * they belong to one already.
 */
export async function createCompanyFor(
  person: Person,
  input: CreateCompanyInput,
): Promise<MyCompany> {
  // The account as it is now (a verification a moment ago counts).
  if (!(await findUserById(person.id))?.emailVerified) throw refuse('company.create_unverified');
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
