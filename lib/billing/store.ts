import 'server-only';
import { randomUUID } from 'node:crypto';
import { ObjectId, type Filter, type UpdateFilter } from 'mongodb';
import { getDb } from '@/lib/core/db';
import type { OutboxPush } from '@/lib/core/mail/outbox';
import {
  collections,
  type AccountInvoiceDoc,
  type BillingCustomerDoc,
  type InvoicePaymentDoc,
  type InvoiceStripeDoc,
  type MoneyToReturnDoc,
} from './collections';
import {
  nextSyncAttempt,
  OWED_STATUSES,
  PAYABLE_STATUSES,
  VOIDABLE_STATUSES,
  type InvoiceStatus,
  type ReminderKind,
} from './rules';

/**
 * Every read and write of the invoices on account and the companies' billing accounts. Each
 * change is one conditional update of one document: a status moves only from the statuses that
 * allow it, a payment is added only while it fits what is owed, a Stripe event is applied once.
 */

async function all() {
  return collections(await getDb());
}

/** How many Stripe event ids an invoice remembers (a replay comes within minutes or days). */
const EVENTS_KEPT = 50;

// ---- Drafts ----------------------------------------------------------------------------------

/**
 * Inserts an order's invoice draft, or finds the one it has: one per order (unique `orderId`),
 * so of two jobs drawing it at once one inserts and the other reads it.
 */
export async function insertDraft(
  doc: AccountInvoiceDoc,
): Promise<{ invoice: AccountInvoiceDoc; created: boolean }> {
  const { accountInvoices } = await all();
  try {
    await accountInvoices.insertOne(doc);
    return { invoice: doc, created: true };
  } catch (error) {
    if ((error as { code?: number }).code !== 11000) throw error;
    const existing = await accountInvoices.findOne({ orderId: doc.orderId });
    if (!existing) throw error;
    return { invoice: existing, created: false };
  }
}

export async function findInvoice(id: string): Promise<AccountInvoiceDoc | null> {
  if (!ObjectId.isValid(id)) return null;
  return (await all()).accountInvoices.findOne({ _id: new ObjectId(id) });
}

export async function findInvoiceOfOrder(orderId: string): Promise<AccountInvoiceDoc | null> {
  if (!ObjectId.isValid(orderId)) return null;
  return (await all()).accountInvoices.findOne({ orderId: new ObjectId(orderId) });
}

export async function findInvoiceByStripeId(
  stripeInvoiceId: string,
): Promise<AccountInvoiceDoc | null> {
  return (await all()).accountInvoices.findOne({ 'stripe.invoiceId': stripeInvoiceId });
}

/** Writes the store's invoice number onto the invoice, only where it has none. */
export async function setInvoiceNumber(id: ObjectId, number: string): Promise<void> {
  await (
    await all()
  ).accountInvoices.updateOne(
    { _id: id, number: null },
    { $set: { number, updatedAt: new Date() } },
  );
}

// ---- The Stripe job's claims ------------------------------------------------------------------

/** How long a job's claim on an invoice holds; renewed by every step it records. */
export const SYNC_CLAIM_MS = 10 * 60_000;

/** What the job's work on one invoice is: issue a draft, or mark a paid invoice paid at Stripe. */
export type SyncWork = 'issue' | 'mark_paid' | 'void_at_stripe';

function syncFilter(work: SyncWork, now: Date): Filter<AccountInvoiceDoc> {
  return {
    ...(work === 'issue' ? { status: 'draft' } : { 'sync.pending': work }),
    'sync.nextAttemptAt': { $lte: now },
    $or: [{ 'sync.claimedUntil': { $exists: false } }, { 'sync.claimedUntil': { $lte: now } }],
  };
}

/**
 * Claims the next invoice due for the job's `work` (oldest attempt first) for SYNC_CLAIM_MS:
 * one conditional update, so two jobs never push the same invoice at once. Null when none is due.
 */
export async function claimForSync(
  work: SyncWork,
  now: Date,
  skip: readonly ObjectId[] = [],
): Promise<{ invoice: AccountInvoiceDoc; claim: string } | null> {
  const claim = randomUUID();
  const invoice = await (
    await all()
  ).accountInvoices.findOneAndUpdate(
    { ...syncFilter(work, now), ...(skip.length ? { _id: { $nin: [...skip] } } : {}) },
    {
      $set: {
        'sync.claim': claim,
        'sync.claimedUntil': new Date(now.getTime() + SYNC_CLAIM_MS),
      },
    },
    { sort: { 'sync.nextAttemptAt': 1, _id: 1 }, returnDocument: 'after' },
  );
  return invoice ? { invoice, claim } : null;
}

/** Claims one invoice for the job's `work` now (a request finishing its own change). */
export async function claimInvoiceForSync(
  id: ObjectId,
  work: SyncWork,
  now: Date,
): Promise<string | null> {
  const claim = randomUUID();
  const { matchedCount } = await (
    await all()
  ).accountInvoices.updateOne(
    { _id: id, ...syncFilter(work, now) },
    {
      $set: {
        'sync.claim': claim,
        'sync.claimedUntil': new Date(now.getTime() + SYNC_CLAIM_MS),
      },
    },
  );
  return matchedCount === 1 ? claim : null;
}

/** The filter of an invoice still claimed by `claim`. */
const claimed = (id: ObjectId, claim: string): Filter<AccountInvoiceDoc> => ({
  _id: id,
  'sync.claim': claim,
});

/**
 * Records a step of the job's work on a claimed invoice (its Stripe customer and invoice, the
 * items added) and renews the claim; false when the claim was lost.
 */
export async function recordSyncStep(
  id: ObjectId,
  claim: string,
  fields: { stripe?: InvoiceStripeDoc; itemsAdded?: number },
): Promise<boolean> {
  const now = new Date();
  const { matchedCount } = await (
    await all()
  ).accountInvoices.updateOne(claimed(id, claim), {
    $set: {
      ...(fields.stripe ? { stripe: fields.stripe } : {}),
      ...(fields.itemsAdded !== undefined ? { 'stripe.itemsAdded': fields.itemsAdded } : {}),
      'sync.claimedUntil': new Date(now.getTime() + SYNC_CLAIM_MS),
      updatedAt: now,
    },
  });
  return matchedCount === 1;
}

/**
 * Records a failed attempt: tried again at `nextAttemptAt`, with the reason; `newRound` after
 * Stripe answered an error of its own (its idempotency keys remember it), so the next attempt
 * uses fresh keys.
 */
export async function recordSyncFailure(
  id: ObjectId,
  claim: string,
  failure: { error: string; nextAttemptAt: Date; newRound: boolean },
): Promise<void> {
  await (
    await all()
  ).accountInvoices.updateOne(claimed(id, claim), {
    $set: {
      'sync.lastError': failure.error.slice(0, 500),
      'sync.nextAttemptAt': failure.nextAttemptAt,
      updatedAt: new Date(),
    },
    $inc: { 'sync.attempts': 1, ...(failure.newRound ? { 'sync.round': 1 } : {}) },
    $unset: { 'sync.claim': '', 'sync.claimedUntil': '' },
  });
}

/**
 * Records a failed step of out-of-band work at Stripe (marking paid, voiding): tried again
 * after the next delay, with the same keys (Stripe refuses to repeat these calls anyway).
 */
export async function retrySyncLater(
  invoice: Pick<AccountInvoiceDoc, '_id' | 'sync'>,
  claim: string,
  error: unknown,
  now: Date,
): Promise<void> {
  await recordSyncFailure(invoice._id, claim, {
    error: error instanceof Error ? error.message : String(error),
    nextAttemptAt: nextSyncAttempt(invoice.sync.attempts + 1, now),
    newRound: false,
  });
}

/** Gives a claim back without counting an attempt (nothing was tried). */
export async function releaseClaim(id: ObjectId, claim: string): Promise<void> {
  await (
    await all()
  ).accountInvoices.updateOne(claimed(id, claim), {
    $unset: { 'sync.claim': '', 'sync.claimedUntil': '' },
  });
}

/**
 * Issues a claimed draft: `open`, with its due date (and its Stripe links), queueing its mail in
 * the same update; null when it is no longer a draft claimed by `claim` (voided meanwhile).
 */
export async function openInvoice(
  id: ObjectId,
  claim: string,
  fields: { dueAt: Date; stripe: InvoiceStripeDoc | null; now: Date },
  mail: OutboxPush | null,
): Promise<AccountInvoiceDoc | null> {
  return (await all()).accountInvoices.findOneAndUpdate(
    { ...claimed(id, claim), status: 'draft' },
    {
      $set: {
        status: 'open',
        openedAt: fields.now,
        dueAt: fields.dueAt,
        stripe: fields.stripe,
        'sync.nextAttemptAt': null,
        'sync.lastError': null,
        updatedAt: fields.now,
      },
      $unset: { 'sync.claim': '', 'sync.claimedUntil': '' },
      ...(mail ? { $push: mail } : {}),
    },
    { returnDocument: 'after' },
  );
}

/** Marks the out-of-band work at Stripe done (the invoice is marked paid there). */
export async function finishPendingWork(id: ObjectId, claim: string): Promise<void> {
  await (
    await all()
  ).accountInvoices.updateOne(claimed(id, claim), {
    $set: { 'sync.nextAttemptAt': null, 'sync.lastError': null, updatedAt: new Date() },
    $unset: { 'sync.pending': '', 'sync.claim': '', 'sync.claimedUntil': '' },
  });
}

// ---- Payments, voids, Stripe's events --------------------------------------------------------

export type AdminPaymentResult =
  | { ok: true; invoice: AccountInvoiceDoc }
  | { ok: false; reason: 'not_found' | 'not_payable' | 'too_large' | 'duplicate' };

/**
 * Adds a payment recorded by a store admin, in ONE conditional update: only while the invoice
 * can be paid, the payment fits what is still owed and no payment with the same reference is
 * on it (a form sent twice records once). When it completes the invoice, the invoice is `paid`
 * in the same update, with the Stripe work it leaves (`markPaidAtStripe`).
 */
export async function addAdminPayment(
  id: ObjectId,
  payment: InvoicePaymentDoc,
  completes: { expectedPaidCents: number; totalCents: number; markPaidAtStripe: boolean },
): Promise<AdminPaymentResult> {
  const { accountInvoices } = await all();
  const now = payment.at;
  const paidCents = completes.expectedPaidCents + payment.amountCents;
  const full = paidCents === completes.totalCents;
  const updated = await accountInvoices.findOneAndUpdate(
    {
      _id: id,
      status: { $in: [...PAYABLE_STATUSES] },
      paidCents: completes.expectedPaidCents,
      totalCents: completes.totalCents,
      'payments.reference': { $ne: payment.reference },
    },
    {
      $set: {
        paidCents,
        updatedAt: now,
        ...(full ? { status: 'paid' as const, paidAt: now } : {}),
        ...(full && completes.markPaidAtStripe
          ? { 'sync.pending': 'mark_paid' as const, 'sync.nextAttemptAt': now }
          : {}),
      },
      $push: { payments: payment },
    },
    { returnDocument: 'after' },
  );
  if (updated) return { ok: true, invoice: updated };
  const current = await accountInvoices.findOne({ _id: id });
  if (!current) return { ok: false, reason: 'not_found' };
  if (!(PAYABLE_STATUSES as readonly InvoiceStatus[]).includes(current.status)) {
    return { ok: false, reason: 'not_payable' };
  }
  if (current.payments.some((recorded) => recorded.reference === payment.reference)) {
    return { ok: false, reason: 'duplicate' };
  }
  return { ok: false, reason: 'too_large' };
}

/**
 * Applies a Stripe-verified payment of the whole invoice (`invoice.paid`), once per event and
 * once per invoice: `paid` when it moved the invoice to paid now, `already` when it was paid
 * before (a replay, or paid another way).
 */
export async function applyStripePayment(
  id: ObjectId,
  payment: InvoicePaymentDoc & { eventId: string },
): Promise<'paid' | 'already'> {
  const { accountInvoices } = await all();
  const updated = await accountInvoices.updateOne(
    { _id: id, status: { $in: [...OWED_STATUSES] }, events: { $ne: payment.eventId } },
    {
      $set: { status: 'paid', paidAt: payment.at, updatedAt: payment.at },
      $inc: { paidCents: payment.amountCents },
      $push: {
        payments: payment,
        events: { $each: [payment.eventId], $slice: -EVENTS_KEPT },
      },
    },
  );
  return updated.modifiedCount === 1 ? 'paid' : 'already';
}

/** Records a failed payment attempt at Stripe, once per event. */
export async function addPaymentFailure(
  id: ObjectId,
  failure: { at: Date; eventId: string; message: string },
): Promise<boolean> {
  const { modifiedCount } = await (
    await all()
  ).accountInvoices.updateOne(
    { _id: id, events: { $ne: failure.eventId } },
    {
      $push: {
        paymentFailures: { $each: [failure], $slice: -20 },
        events: { $each: [failure.eventId], $slice: -EVENTS_KEPT },
      },
      $set: { updatedAt: failure.at },
    },
  );
  return modifiedCount === 1;
}

/**
 * Voids an invoice that may still be voided (a store admin's: draft or open, nothing paid on
 * it, not being pushed to Stripe by a job right now; Stripe's event: any owed invoice). One
 * conditional update; the invoice as voided, or null when it could not be.
 */
export async function voidInvoice(
  id: ObjectId,
  by: ObjectId | 'stripe' | 'order_cancelled',
  now: Date,
  options: { eventId?: string } = {},
): Promise<AccountInvoiceDoc | null> {
  if (by === 'order_cancelled') return voidForCancelledOrder(id, now);
  const filter: Filter<AccountInvoiceDoc> =
    by === 'stripe'
      ? { _id: id, status: { $in: [...OWED_STATUSES] } }
      : {
          _id: id,
          status: { $in: [...VOIDABLE_STATUSES] },
          paidCents: 0,
          $or: [
            { 'sync.claimedUntil': { $exists: false } },
            { 'sync.claimedUntil': { $lte: now } },
          ],
        };
  const update: UpdateFilter<AccountInvoiceDoc> = {
    $set: {
      status: 'void',
      voidedAt: now,
      voidedBy: by,
      'sync.nextAttemptAt': null,
      updatedAt: now,
    },
    $unset: { 'sync.claim': '', 'sync.claimedUntil': '', 'sync.pending': '' },
    ...(options.eventId
      ? { $push: { events: { $each: [options.eventId], $slice: -EVENTS_KEPT } } }
      : {}),
  };
  return (await all()).accountInvoices.findOneAndUpdate(filter, update, {
    returnDocument: 'after',
  });
}

/**
 * Voids the invoice of a cancelled order: any owed invoice, whatever was recorded on it (what
 * was paid is then money to return) and even while a job pushes it to Stripe (the job's
 * claim is dropped: its next step finds the invoice gone and voids what it made at Stripe). In
 * the same update, an invoice that is at Stripe records the work left there: voiding it
 * (`sync.pending: 'void_at_stripe'`), done at once and retried by the invoice job.
 */
async function voidForCancelledOrder(id: ObjectId, now: Date): Promise<AccountInvoiceDoc | null> {
  const { accountInvoices } = await all();
  // Whether it is at Stripe decides the update; a job recording its Stripe invoice meanwhile
  // fails the filter, and the invoice is read again.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const current = await accountInvoices.findOne({ _id: id });
    if (!current || !(OWED_STATUSES as readonly InvoiceStatus[]).includes(current.status)) {
      return null;
    }
    const atStripe = Boolean(current.stripe?.invoiceId);
    const voided = await accountInvoices.findOneAndUpdate(
      {
        _id: id,
        status: { $in: [...OWED_STATUSES] },
        'stripe.invoiceId': atStripe ? current.stripe!.invoiceId : { $exists: false },
      },
      {
        $set: {
          status: 'void',
          voidedAt: now,
          voidedBy: 'order_cancelled',
          'sync.nextAttemptAt': atStripe ? now : null,
          updatedAt: now,
          ...(atStripe ? { 'sync.pending': 'void_at_stripe' as const } : {}),
        },
        $unset: {
          'sync.claim': '',
          'sync.claimedUntil': '',
          ...(atStripe ? {} : { 'sync.pending': '' }),
        },
      },
      { returnDocument: 'after' },
    );
    if (voided) return voided;
  }
  return null;
}

/** Stripe wrote the invoice off (`invoice.marked_uncollectible`): still owed, still payable. */
export async function markUncollectible(
  id: ObjectId,
  eventId: string,
  now: Date,
): Promise<boolean> {
  const { modifiedCount } = await (
    await all()
  ).accountInvoices.updateOne(
    { _id: id, status: 'open', events: { $ne: eventId } },
    {
      $set: { status: 'uncollectible', updatedAt: now },
      $push: { events: { $each: [eventId], $slice: -EVENTS_KEPT } },
    },
  );
  return modifiedCount === 1;
}

/** Records that the order of a paid or void invoice has been settled (or its credit given back). */
export async function markSettled(id: ObjectId, outcome: string, now: Date): Promise<void> {
  await (
    await all()
  ).accountInvoices.updateOne(
    { _id: id, settledAt: { $exists: false } },
    { $set: { settledAt: now, settleOutcome: outcome } },
  );
}

/**
 * Paid or void invoices whose order was not settled yet (a crash between the invoice's update
 * and the order's), changed before `before` (so not one a request is settling right now).
 */
export async function unsettledInvoices(before: Date, limit: number): Promise<AccountInvoiceDoc[]> {
  return (await all()).accountInvoices
    .find({
      status: { $in: ['paid', 'void'] },
      settledAt: { $exists: false },
      updatedAt: { $lte: before },
    })
    .limit(limit)
    .toArray();
}

// ---- Reminders and holds ---------------------------------------------------------------------

/** Open invoices whose first unsent reminder may be due by `now` (due within 3 days or past). */
export async function invoicesForReminders(
  now: Date,
  limit: number,
  skip: readonly ObjectId[] = [],
): Promise<AccountInvoiceDoc[]> {
  return (await all()).accountInvoices
    .find({
      status: 'open',
      dueAt: { $lte: new Date(now.getTime() + 3 * 24 * 60 * 60 * 1000) },
      'remindersSent.2': { $exists: false },
      ...(skip.length ? { _id: { $nin: [...skip] } } : {}),
    })
    .sort({ dueAt: 1, _id: 1 })
    .limit(limit)
    .toArray();
}

/**
 * Marks reminders sent, each once, queueing the mail (if any) in the same update; false when
 * one of them was marked meanwhile (another run) or the invoice is no longer open.
 */
export async function markReminders(
  id: ObjectId,
  kinds: readonly ReminderKind[],
  now: Date,
  mail: OutboxPush | null,
): Promise<boolean> {
  const { modifiedCount } = await (
    await all()
  ).accountInvoices.updateOne(
    { _id: id, status: 'open', 'remindersSent.kind': { $nin: [...kinds] } },
    {
      $push: {
        remindersSent: { $each: kinds.map((kind) => ({ kind, at: now })) },
        ...(mail ?? {}),
      },
      $set: { updatedAt: now },
    },
  );
  return modifiedCount === 1;
}

/** The companies with an owed invoice due before `before`, up to `limit`. */
export async function companiesOwingSince(before: Date, limit: number): Promise<ObjectId[]> {
  const rows = await (
    await all()
  ).accountInvoices
    .aggregate<{ _id: ObjectId }>([
      { $match: { status: { $in: [...OWED_STATUSES] }, dueAt: { $lt: before } } },
      { $group: { _id: '$companyId' } },
      { $limit: limit },
    ])
    .toArray();
  return rows.map((row) => row._id);
}

/** The due dates and amounts of a company's owed invoices. */
export async function owedInvoicesOf(
  companyId: ObjectId,
): Promise<Pick<AccountInvoiceDoc, '_id' | 'dueAt' | 'totalCents' | 'paidCents' | 'status'>[]> {
  return (await all()).accountInvoices
    .find(
      { companyId, status: { $in: [...OWED_STATUSES] } },
      { projection: { dueAt: 1, totalCents: 1, paidCents: 1, status: 1 } },
    )
    .toArray();
}

// ---- Lists and the statement -----------------------------------------------------------------

export interface InvoiceQuery {
  companyId?: ObjectId;
  statuses?: readonly InvoiceStatus[] | null;
  /** Only those due before this (overdue by a full day at least). */
  dueBefore?: Date;
}

function listFilter(query: InvoiceQuery): Filter<AccountInvoiceDoc> {
  return {
    ...(query.companyId ? { companyId: query.companyId } : {}),
    ...(query.statuses ? { status: { $in: [...query.statuses] } } : {}),
    ...(query.dueBefore ? { dueAt: { $lt: query.dueBefore } } : {}),
  };
}

/** One page of invoices, newest first, with how many there are in all. */
export async function invoicePage(
  query: InvoiceQuery,
  page: { skip: number; limit: number },
): Promise<{ items: AccountInvoiceDoc[]; total: number }> {
  const { accountInvoices } = await all();
  const filter = listFilter(query);
  const [items, total] = await Promise.all([
    accountInvoices
      .find(filter, { projection: { outbox: 0, events: 0 } })
      .sort({ issuedAt: -1, _id: -1 })
      .skip(page.skip)
      .limit(page.limit)
      .toArray(),
    accountInvoices.countDocuments(filter),
  ]);
  return { items, total };
}

/** The owed invoices (of one company, or all), their due dates and what is owed on each. */
export async function owedInvoices(
  companyId?: ObjectId,
): Promise<Pick<AccountInvoiceDoc, 'dueAt' | 'totalCents' | 'paidCents' | 'companyId'>[]> {
  return (await all()).accountInvoices
    .find(
      { ...(companyId ? { companyId } : {}), status: { $in: [...OWED_STATUSES] } },
      { projection: { dueAt: 1, totalCents: 1, paidCents: 1, companyId: 1 } },
    )
    .toArray();
}

/** How many invoices a statement reads at most. */
export const STATEMENT_MAX_INVOICES = 5_000;

/**
 * A company's invoices for its statement: those drawn in [from, before), and those with a
 * payment in it, oldest first.
 */
export async function statementInvoices(
  companyId: ObjectId,
  range: { from?: Date; before?: Date },
): Promise<AccountInvoiceDoc[]> {
  const within = {
    ...(range.from ? { $gte: range.from } : {}),
    ...(range.before ? { $lt: range.before } : {}),
  };
  const bounded = Object.keys(within).length > 0;
  return (await all()).accountInvoices
    .find(
      {
        companyId,
        status: { $ne: 'void' },
        ...(bounded ? { $or: [{ issuedAt: within }, { 'payments.at': within }] } : {}),
      },
      { projection: { outbox: 0, events: 0 } },
    )
    .sort({ issuedAt: 1, _id: 1 })
    .limit(STATEMENT_MAX_INVOICES)
    .toArray();
}

// ---- Billing accounts (tax ids at Stripe, holds) -----------------------------------------------

export async function findBillingCustomer(companyId: ObjectId): Promise<BillingCustomerDoc | null> {
  return (await all()).billingCustomers.findOne({ companyId });
}

/** Records what became of the company's tax id at Stripe (its billing account made if none). */
export async function saveCustomerTaxId(
  companyId: ObjectId,
  customerId: string,
  taxId: NonNullable<BillingCustomerDoc['taxId']>,
): Promise<void> {
  await upsertBillingAccount(companyId, { customerId, taxId });
}

/** Sets fields of a company's billing account, making it the first time (one per company). */
async function upsertBillingAccount(
  companyId: ObjectId,
  fields: Partial<Pick<BillingCustomerDoc, 'customerId' | 'taxId' | 'onHold' | 'bankDetails'>>,
): Promise<void> {
  const { billingCustomers } = await all();
  const now = new Date();
  const update = {
    $set: { ...fields, updatedAt: now },
    $setOnInsert: {
      _id: new ObjectId(),
      createdAt: now,
      ...('customerId' in fields ? {} : { customerId: null }),
      ...('onHold' in fields ? {} : { onHold: false }),
    },
  };
  try {
    await billingCustomers.updateOne({ companyId }, update, { upsert: true });
  } catch (error) {
    // Two first writes at once: one inserted, the other now updates it.
    if ((error as { code?: number }).code !== 11000) throw error;
    await billingCustomers.updateOne({ companyId }, { $set: update.$set });
  }
}

/** Keeps the bank account Stripe gives the company's customer for transfers. */
export async function saveBankDetails(
  companyId: ObjectId,
  bankDetails: NonNullable<BillingCustomerDoc['bankDetails']>,
): Promise<void> {
  await upsertBillingAccount(companyId, { bankDetails });
}

/** Records whether billing holds the company (its billing account made if it has none). */
export async function saveHoldFlag(companyId: ObjectId, onHold: boolean): Promise<void> {
  await upsertBillingAccount(companyId, { onHold });
}

/** The companies billing holds. */
export async function heldCompanies(limit: number): Promise<ObjectId[]> {
  return (
    await (
      await all()
    ).billingCustomers
      .find({ onHold: true }, { projection: { companyId: 1 } })
      .limit(limit)
      .toArray()
  ).map((doc) => doc.companyId);
}

// ---- Money to return -------------------------------------------------------------------------

/**
 * Records money to return, once per `key` (a replayed event adds nothing; a bank transfer's
 * growing part-funding keeps the largest amount seen). Answers whether it is new.
 */
export async function recordMoneyToReturn(
  entry: Omit<MoneyToReturnDoc, '_id' | 'status' | 'updatedAt'>,
): Promise<boolean> {
  const { moneyToReturn } = await all();
  const { amountCents, ...rest } = entry;
  try {
    const result = await moneyToReturn.updateOne(
      { key: entry.key },
      {
        $setOnInsert: { ...rest, _id: new ObjectId(), status: 'to_return' },
        $max: { amountCents },
        $set: { updatedAt: new Date() },
      },
      { upsert: true },
    );
    return result.upsertedCount === 1;
  } catch (error) {
    // Two first records at once: the other one inserted it.
    if ((error as { code?: number }).code !== 11000) throw error;
    await moneyToReturn.updateOne({ key: entry.key }, { $max: { amountCents } });
    return false;
  }
}

/** One page of money to return (`to_return` first by default), newest first, with the total. */
export async function moneyToReturnPage(
  status: MoneyToReturnDoc['status'] | null,
  page: { skip: number; limit: number },
): Promise<{ items: MoneyToReturnDoc[]; total: number; owedCents: number }> {
  const { moneyToReturn } = await all();
  const filter = status ? { status } : {};
  const [items, total, owed] = await Promise.all([
    moneyToReturn
      .find(filter)
      .sort({ receivedAt: -1, _id: -1 })
      .skip(page.skip)
      .limit(page.limit)
      .toArray(),
    moneyToReturn.countDocuments(filter),
    moneyToReturn
      .aggregate<{ cents: number }>([
        { $match: { status: 'to_return' } },
        { $group: { _id: null, cents: { $sum: '$amountCents' } } },
      ])
      .toArray(),
  ]);
  return { items, total, owedCents: owed[0]?.cents ?? 0 };
}

/** The latest money marked returned, the last marked first. */
export async function returnedMoney(limit: number): Promise<MoneyToReturnDoc[]> {
  return (await all()).moneyToReturn
    .find({ status: 'returned' })
    .sort({ returnedAt: -1, _id: -1 })
    .limit(limit)
    .toArray();
}

/** Marks money to return returned (once); null when there is none such still to return. */
export async function markMoneyReturned(
  id: string,
  by: ObjectId,
  note: string,
  now: Date,
): Promise<MoneyToReturnDoc | null> {
  if (!ObjectId.isValid(id)) return null;
  return (await all()).moneyToReturn.findOneAndUpdate(
    { _id: new ObjectId(id), status: 'to_return' },
    {
      $set: {
        status: 'returned',
        returnedAt: now,
        returnedBy: by,
        returnNote: note,
        updatedAt: now,
      },
    },
    { returnDocument: 'after' },
  );
}

export async function findMoneyToReturn(id: string): Promise<MoneyToReturnDoc | null> {
  if (!ObjectId.isValid(id)) return null;
  return (await all()).moneyToReturn.findOne({ _id: new ObjectId(id) });
}

export type { AccountInvoiceDoc, BillingCustomerDoc };
