import type { ObjectId } from 'mongodb';
import { collection, declareCollections } from '@/lib/core/db/collection';
import type { InvoiceMoment, NetDays } from './rules';

/**
 * A company's payment terms (one document per company; none is prepay). `exposureCents` is what
 * the company owes and has on order on account, changed only by conditional updates (an order
 * fits the credit when exposure + total stays within `creditLimitCents`); `onHold` is set by the
 * overdue sweep. Changing the terms never changes either.
 */
export interface PaymentTermsDoc {
  _id: ObjectId;
  companyId: ObjectId;
  mode: 'prepay' | 'net';
  /** Set with `mode: 'net'`, kept (unused) when the company goes back to prepay. */
  netDays: NetDays | null;
  creditLimitCents: number | null;
  invoiceOn: InvoiceMoment;
  holdAfterDaysOverdue: number;
  exposureCents: number;
  /**
   * What `exposureCents` is made of: each order on account that holds credit, with its amount,
   * pushed by the one update that takes the credit and pulled by the one that gives it back
   * (lib/terms/store.ts), so an order's credit is taken and given back exactly once.
   */
  creditOrders?: { orderId: ObjectId; cents: number }[];
  onHold: boolean;
  updatedAt: Date;
  /** The store admin who last set them. */
  updatedBy: ObjectId;
}

export const collections = declareCollections({
  paymentTerms: collection<PaymentTermsDoc>('paymentTerms', [
    { key: { companyId: 1 }, options: { unique: true } },
  ]),
});
