import 'server-only';
import type { ObjectId } from 'mongodb';
import { findUserById } from '@/lib/accounts';
import { getDb } from '@/lib/core/db';
import { refuse } from '@/lib/core/refusal';
import { collections } from './collections';
import { companyOfMember } from './membership';
import {
  can,
  COMPANY_ROLE_ACTIONS,
  COMPANY_ROLES,
  type CompanyAction,
  type CompanyRole,
} from './roles';

/**
 * What the orders module asks of a company: who may act on an order and is mailed about it (the
 * members whose role allows an action, from the one role table), and what an invoice prints
 * about the company. Reads only; the company's own store is store.ts.
 */

/** The roles whose table row allows `action`. */
function rolesAllowed(action: CompanyAction) {
  return COMPANY_ROLES.filter((role) => COMPANY_ROLE_ACTIONS[role].includes(action));
}

/**
 * A member of a company whose role allows an action, as pages name them: `name` is their
 * account's name, else its email.
 */
export interface MemberAllowed {
  userId: string;
  name: string;
  email: string;
  role: CompanyRole;
}

/**
 * The company's members whose role allows `action` (e.g. the approvers and owners who may
 * approve an order), leaving out `except` (its placer), in the role table's order (owners
 * first), then by name. At most 50; a member whose account is gone is left out.
 */
export async function companyMembersAllowed(
  companyId: ObjectId,
  action: CompanyAction,
  except?: ObjectId,
): Promise<MemberAllowed[]> {
  const members = await collections(await getDb())
    .companyMembers.find(
      {
        companyId,
        role: { $in: rolesAllowed(action) },
        ...(except ? { userId: { $ne: except } } : {}),
      },
      { projection: { userId: 1, role: 1 } },
    )
    .limit(50)
    .toArray();
  const users = await Promise.all(
    members.map(async (member) => {
      const user = await findUserById(member.userId.toHexString());
      return user
        ? [{ userId: user.id, name: user.name || user.email, email: user.email, role: member.role }]
        : [];
    }),
  );
  const rank = (role: CompanyRole) => COMPANY_ROLES.indexOf(role);
  return users
    .flat()
    .sort((a, b) => rank(a.role) - rank(b.role) || a.name.localeCompare(b.name, 'en'));
}

/**
 * The email addresses of the company's members whose role allows `action` (e.g. the approvers
 * and owners who are asked to approve an order), leaving out `except` (its placer). At most 50.
 */
export async function companyMemberEmails(
  companyId: ObjectId,
  action: CompanyAction,
  except?: ObjectId,
): Promise<string[]> {
  return (await companyMembersAllowed(companyId, action, except)).map((member) => member.email);
}

/**
 * Refuses (403 `company.not_allowed`) a company member whose role places no orders (an
 * approver, accounts) asking for what buyers do: an order, a checkout, a quote. A person
 * without a company may (null); so may owners and buyers (their membership, for the order).
 */
export async function assertMayPlaceOrders(person: { id: string }) {
  const membership = await companyOfMember(person);
  if (membership && !can(membership.member.role, 'placeOrders')) {
    throw refuse('company.not_allowed');
  }
  return membership;
}

/** A company as an invoice prints it, as it is now; null when there is none. */
export async function companyInvoiceParty(
  companyId: ObjectId,
): Promise<{ name: string; taxId: string | null; billingAddress: string } | null> {
  const company = await collections(await getDb()).companies.findOne(
    { _id: companyId },
    { projection: { name: 1, taxId: 1, billingAddress: 1 } },
  );
  return company
    ? { name: company.name, taxId: company.taxId, billingAddress: company.billingAddress }
    : null;
}
