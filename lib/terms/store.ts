import 'server-only';
import { ObjectId } from 'mongodb';
import { getDb } from '@/lib/core/db';
import { collections, type PaymentTermsDoc } from './collections';
import { DEFAULT_HOLD_AFTER_DAYS_OVERDUE } from './rules';
import type { Terms } from './validation/terms';

/** Every read and write of the payment terms. */

async function paymentTerms() {
  return collections(await getDb()).paymentTerms;
}

/** A company's terms as stored, or null (prepay, never set). */
export async function findTerms(companyId: ObjectId): Promise<PaymentTermsDoc | null> {
  return (await paymentTerms()).findOne({ companyId });
}

/**
 * Sets a company's terms, creating its document the first time (one per company: a unique
 * index, so two first settings at once make one). Exposure and hold are left as they are:
 * going back to prepay does not forgive what is owed.
 */
export async function saveTerms(
  companyId: ObjectId,
  terms: Terms,
  by: ObjectId,
): Promise<PaymentTermsDoc> {
  const fields =
    terms.mode === 'net'
      ? {
          mode: 'net' as const,
          netDays: terms.netDays,
          creditLimitCents: terms.creditLimitCents,
          invoiceOn: terms.invoiceOn,
          holdAfterDaysOverdue: terms.holdAfterDaysOverdue,
        }
      : { mode: 'prepay' as const };
  const update = {
    $set: { ...fields, updatedAt: new Date(), updatedBy: by },
    $setOnInsert: {
      _id: new ObjectId(),
      ...(terms.mode === 'prepay'
        ? {
            netDays: null,
            creditLimitCents: null,
            invoiceOn: 'shipment' as const,
            holdAfterDaysOverdue: DEFAULT_HOLD_AFTER_DAYS_OVERDUE,
          }
        : {}),
      exposureCents: 0,
      onHold: false,
    },
  };
  const options = { upsert: true, returnDocument: 'after' as const };
  try {
    return (await (await paymentTerms()).findOneAndUpdate({ companyId }, update, options))!;
  } catch (error) {
    // Two first settings at once: one inserted, the other now updates it.
    if ((error as { code?: number }).code !== 11000) throw error;
    return (await (await paymentTerms()).findOneAndUpdate({ companyId }, update, options))!;
  }
}

export type { PaymentTermsDoc };
