import type { ObjectId } from 'mongodb';
import { collection, declareCollections } from '@/lib/core/db/collection';
import type { OutboxEntry } from '@/lib/core/mail/outbox-registry';
import type { CompanyRole } from './roles';

/** A shipping address of a company, offered at checkout. */
export interface ShippingAddressDoc {
  _id: ObjectId;
  label: string;
  address: string;
  phone: string;
  /** The one offered first. */
  default: boolean;
}

/**
 * A company: the business a buyer orders for. Its members are in `companyMembers`; `ownerCount`
 * counts its owners, so that the last one can never leave or be demoted (a conditional update on
 * it guards every change of an owner, concurrent ones included).
 */
export interface CompanyDoc {
  _id: ObjectId;
  name: string;
  taxId: string | null;
  billingAddress: string;
  shippingAddresses: ShippingAddressDoc[];
  /** Counts changes of `shippingAddresses`: each is written only over the list it read. */
  addressVersion?: number;
  ownerCount: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A person's membership: one company per person (unique user id). */
export interface CompanyMemberDoc {
  _id: ObjectId;
  companyId: ObjectId;
  userId: ObjectId;
  role: CompanyRole;
  /** The most an order of theirs may total without an approval, in cents; null: no limit. */
  approvalLimitCents: number | null;
  /**
   * The most their orders of one calendar month (UTC; placed and not cancelled) may total
   * without an approval, in cents; null or absent: no limit.
   */
  monthlyLimitCents?: number | null;
  joinedAt: Date;
}

/**
 * An invitation to join a company, mailed to `email` with a single-use link. Open while `open`
 * is true and `expiresAt` is ahead; accepting, revoking or re-inviting the same email closes it
 * (one conditional update, so it is accepted at most once). The link's token is never stored:
 * only its SHA-256 (`tokenHash`), and `tokenSeed`, from which the mail derives the token with
 * the server's secret (lib/companies/invitation-token.ts), so a copy of the database alone
 * cannot use it.
 */
export interface CompanyInvitationDoc {
  _id: ObjectId;
  companyId: ObjectId;
  /** Lower-case. */
  email: string;
  role: CompanyRole;
  approvalLimitCents: number | null;
  /** Who invited, and the names the mail prints (as they were when it was sent). */
  invitedBy: ObjectId;
  inviterName: string;
  companyName: string;
  invitedAt: Date;
  expiresAt: Date;
  tokenHash: string;
  tokenSeed: string;
  /**
   * True until accepted, revoked, replaced by a new invitation of the same email, or closed
   * when its sender lost the authority to send it (`closedBecause`).
   */
  open: boolean;
  acceptedAt?: Date;
  acceptedBy?: ObjectId;
  /** When it was closed without being accepted (revoked, replaced, or its sender's authority ended). */
  revokedAt?: Date;
  /**
   * Set when it was closed because its sender may no longer invite as its role: they left or
   * were removed from the company (`inviter_removed`), or their role changed
   * (`inviter_role_changed`). An invitation lives only as long as its sender's authority.
   */
  closedBecause?: 'inviter_removed' | 'inviter_role_changed';
  /** The invitation mail, queued in the insert (lib/core/mail/outbox.ts). */
  outbox?: OutboxEntry[];
}

export const collections = declareCollections({
  companies: collection<CompanyDoc>('companies', [{ key: { name: 1, _id: 1 } }]),
  companyMembers: collection<CompanyMemberDoc>('companyMembers', [
    // A person belongs to at most one company.
    { key: { userId: 1 }, options: { unique: true } },
    { key: { companyId: 1, role: 1 } },
  ]),
  companyInvitations: collection<CompanyInvitationDoc>('companyInvitations', [
    // A link's token finds its invitation, and no two invitations share one.
    { key: { tokenHash: 1 }, options: { unique: true } },
    // A company's open invitations; at most one open invitation per company and email.
    {
      key: { companyId: 1, email: 1 },
      options: { unique: true, partialFilterExpression: { open: true } },
    },
  ]),
});
