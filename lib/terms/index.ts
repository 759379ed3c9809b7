import 'server-only';
import { ObjectId } from 'mongodb';
import { adminCompany } from '@/lib/companies';
import type { Id } from '@/lib/core/ids';
import type { PaymentTermsDoc } from './collections';
import { availableCredit, DEFAULT_HOLD_AFTER_DAYS_OVERDUE } from './rules';
import type { TermsView } from './shared';
import { findTerms, saveTerms } from './store';
import type { Terms } from './validation/terms';

/**
 * Paying on account: a company's payment terms, set by a store admin. The feature's public face
 * for server code.
 */

export type { TermsView } from './shared';

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
