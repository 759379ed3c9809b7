import type { ObjectId } from 'mongodb';
import { collection, declareCollections } from '@/lib/core/db/collection';
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
  joinedAt: Date;
}

export const collections = declareCollections({
  companies: collection<CompanyDoc>('companies', [{ key: { name: 1, _id: 1 } }]),
  companyMembers: collection<CompanyMemberDoc>('companyMembers', [
    // A person belongs to at most one company.
    { key: { userId: 1 }, options: { unique: true } },
    { key: { companyId: 1, role: 1 } },
  ]),
});
