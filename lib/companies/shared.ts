/**
 * The client-safe face of lib/companies: the role table and the shapes pages read. Nothing
 * here imports server-only code.
 */
export * from './roles';

/** A shipping address as pages and the API show it. */
export interface ShippingAddress {
  _id: string;
  label: string;
  address: string;
  phone: string;
  default: boolean;
}

/** The caller's company as `GET /api/companies/me` answers it. */
export interface MyCompany {
  _id: string;
  name: string;
  taxId: string | null;
  billingAddress: string;
  shippingAddresses: ShippingAddress[];
  memberCount: number;
  createdAt: string;
  /** The caller's own membership. */
  membership: {
    role: import('./roles').CompanyRole;
    approvalLimitCents: number | null;
    monthlyLimitCents: number | null;
    joinedAt: string;
  };
}

/** A member of the caller's company as `GET /api/companies/me/members` lists them. */
export interface CompanyMember {
  userId: string;
  name: string;
  email: string;
  role: import('./roles').CompanyRole;
  /** The most an order of theirs may total without an approval, in cents; null: no limit. */
  approvalLimitCents: number | null;
  /**
   * The most their orders of one calendar month (UTC) may total without an approval, in cents;
   * null: no limit.
   */
  monthlyLimitCents: number | null;
  joinedAt: string;
}

/**
 * A member as the members list shows them: with what their orders of this calendar month
 * (UTC; placed and not cancelled) total so far, in cents.
 */
export interface CompanyMemberWithMonth extends CompanyMember {
  monthSpentCents: number;
}

/** An open invitation to the caller's company. */
export interface CompanyInvitation {
  _id: string;
  email: string;
  role: import('./roles').CompanyRole;
  approvalLimitCents: number | null;
  invitedAt: string;
  expiresAt: string;
}

/** How many shipping addresses a company may hold, and open invitations it may have. */
export const MAX_SHIPPING_ADDRESSES = 20;
export const MAX_OPEN_INVITATIONS = 50;
/** How long an invitation's link stays valid. */
export const INVITATION_TTL_DAYS = 7;
