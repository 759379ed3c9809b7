import 'server-only';
import { ObjectId } from 'mongodb';
import { getDb } from '@/lib/core/db';
import { collections, type PaymentTermsDoc } from './collections';
import { DEFAULT_HOLD_AFTER_DAYS_OVERDUE, fitsCredit } from './rules';
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

export type TakeCreditResult =
  | { ok: true }
  | {
      ok: false;
      reason: 'not_enabled' | 'on_hold' | 'credit_limit_exceeded';
      availableCents: number;
    };

/** How often a take tries again when the terms changed between its read and its update. */
const TAKE_ATTEMPTS = 5;

/**
 * Holds `cents` of the company's credit for an order: ONE conditional update of its terms
 * (net terms, not on hold, the limit as read, and `exposure + cents <= limit`) that raises the
 * exposure and records the order in `creditOrders`. Of two orders against the last of the
 * credit, one update matches and the other finds the exposure raised: refused with what is left.
 * An order that holds credit already is not charged twice.
 */
export async function takeCredit(
  companyId: ObjectId,
  orderId: ObjectId,
  cents: number,
): Promise<TakeCreditResult> {
  const terms = await paymentTerms();
  for (let attempt = 0; attempt < TAKE_ATTEMPTS; attempt += 1) {
    const doc = await terms.findOne({ companyId });
    if (!doc || doc.mode !== 'net' || doc.creditLimitCents === null) {
      return { ok: false, reason: 'not_enabled', availableCents: 0 };
    }
    const limit = doc.creditLimitCents;
    const availableCents = Math.max(0, limit - doc.exposureCents);
    if (doc.creditOrders?.some((entry) => entry.orderId.equals(orderId))) return { ok: true };
    if (doc.onHold) return { ok: false, reason: 'on_hold', availableCents };
    if (!fitsCredit(doc.exposureCents, cents, limit)) {
      return { ok: false, reason: 'credit_limit_exceeded', availableCents };
    }
    const taken = await terms.updateOne(
      {
        _id: doc._id,
        mode: 'net',
        onHold: false,
        creditLimitCents: limit,
        exposureCents: { $lte: limit - cents },
        'creditOrders.orderId': { $ne: orderId },
      },
      { $inc: { exposureCents: cents }, $push: { creditOrders: { orderId, cents } } },
    );
    if (taken.matchedCount === 1) return { ok: true };
  }
  const doc = await terms.findOne({ companyId });
  const availableCents =
    doc?.creditLimitCents != null ? Math.max(0, doc.creditLimitCents - doc.exposureCents) : 0;
  return { ok: false, reason: 'credit_limit_exceeded', availableCents };
}

/**
 * Gives an order's credit back (its invoice was paid or voided, or the order cancelled): ONE
 * update that needs the order's entry in `creditOrders` and removes it, so however many callers
 * give it back at once the exposure falls once. Answers whether this call gave it back.
 */
export async function releaseCredit(companyId: ObjectId, orderId: ObjectId): Promise<boolean> {
  const terms = await paymentTerms();
  const doc = await terms.findOne(
    { companyId, 'creditOrders.orderId': orderId },
    { projection: { creditOrders: { $elemMatch: { orderId } } } },
  );
  const entry = doc?.creditOrders?.[0];
  if (!doc || !entry) return false;
  const released = await terms.updateOne(
    { _id: doc._id, creditOrders: { $elemMatch: { orderId, cents: entry.cents } } },
    { $inc: { exposureCents: -entry.cents }, $pull: { creditOrders: { orderId } } },
  );
  return released.modifiedCount === 1;
}

/** The orders holding a company's credit (for reconciling with the orders). */
export async function creditOrdersOf(companyId: ObjectId): Promise<ObjectId[]> {
  const doc = await (
    await paymentTerms()
  ).findOne({ companyId }, { projection: { creditOrders: 1 } });
  return (doc?.creditOrders ?? []).map((entry) => entry.orderId);
}

/** Puts a company on hold, or lifts it (the overdue sweep of lib/billing decides). */
export async function saveHold(companyId: ObjectId, onHold: boolean): Promise<void> {
  await (await paymentTerms()).updateOne({ companyId, onHold: !onHold }, { $set: { onHold } });
}
