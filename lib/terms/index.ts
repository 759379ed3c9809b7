import 'server-only';
import { ObjectId } from 'mongodb';
import { adminCompany } from '@/lib/companies';
import type { Id } from '@/lib/core/ids';
import type { PaymentTermsDoc } from './collections';
import { availableCredit, DEFAULT_HOLD_AFTER_DAYS_OVERDUE } from './rules';
import type { TermsView } from './shared';
import {
  findTerms,
  releaseCredit,
  saveHold,
  saveTerms,
  takeCredit,
  type TakeCreditResult,
} from './store';
import type { Terms } from './validation/terms';

/**
 * Paying on account: a company's payment terms, set by a store admin. The feature's public face
 * for server code.
 */

export type { TermsView } from './shared';
export type { TakeCreditResult } from './store';

function termsView(doc: PaymentTermsDoc | null): TermsView {
  if (!doc) {
    return {
      mode: 'prepay',
      netDays: null,
      creditLimitCents: null,
      invoiceOn: 'shipment',
      holdAfterDaysOverdue: DEFAULT_HOLD_AFTER_DAYS_OVERDUE,
      exposureCents: 0,
      availableCents: 0,
      onHold: false,
    };
  }
  const net = doc.mode === 'net' && doc.creditLimitCents !== null;
  return {
    mode: doc.mode,
    netDays: doc.netDays,
    creditLimitCents: doc.creditLimitCents,
    invoiceOn: doc.invoiceOn,
    holdAfterDaysOverdue: doc.holdAfterDaysOverdue,
    exposureCents: doc.exposureCents,
    availableCents: net
      ? availableCredit({
          creditLimitCents: doc.creditLimitCents!,
          exposureCents: doc.exposureCents,
        })
      : 0,
    onHold: doc.onHold,
  };
}

/** `GET /api/admin/companies/{companyId}/terms`: 404 `company.not_found` for an unknown id. */
export async function companyTerms(companyId: Id): Promise<TermsView> {
  await adminCompany(companyId);
  return termsView(await findTerms(new ObjectId(companyId)));
}

/**
 * `PATCH /api/admin/companies/{companyId}/terms` (store admins): prepay, or net terms with a
 * credit limit. What the company owes and its hold are left as they are.
 */
export async function setCompanyTerms(
  admin: { id: string },
  companyId: Id,
  terms: Terms,
): Promise<TermsView> {
  await adminCompany(companyId);
  return termsView(await saveTerms(new ObjectId(companyId), terms, new ObjectId(admin.id)));
}

/** A company's terms as they are now (prepay when never set), for orders and invoices. */
export async function termsOfCompany(companyId: Id | string): Promise<TermsView> {
  return termsView(await findTerms(new ObjectId(companyId)));
}

/**
 * Holds an order's amount against its company's credit (lib/terms/store.ts `takeCredit`): refused
 * without net terms, while the company is on hold, or beyond the credit left.
 */
export function holdCredit(
  companyId: Id | string,
  orderId: Id | string,
  cents: number,
): Promise<TakeCreditResult> {
  return takeCredit(new ObjectId(companyId), new ObjectId(orderId), cents);
}

/** Gives an order's credit back, once however often it is called. */
export function giveBackCredit(companyId: Id | string, orderId: Id | string): Promise<boolean> {
  return releaseCredit(new ObjectId(companyId), new ObjectId(orderId));
}

/** Puts a company on hold (orders on account refused; cards still work) or lifts the hold. */
export function setCompanyHold(companyId: Id | string, onHold: boolean): Promise<void> {
  return saveHold(new ObjectId(companyId), onHold);
}
