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
    joinedAt: string;
  };
}
