import type { Db, ObjectId } from 'mongodb';
import {
  MINUTE_MS,
  SEED_STAFF_ID,
  SEEDED,
  writeInBatches,
  type Seeded,
} from '@/lib/core/seed-data';
import { dueDate, reminderTimes } from '@/lib/terms/shared';
import {
  collections,
  invoiceLinesOf,
  type AccountInvoiceDoc,
  type AccountInvoiceLineDoc,
} from './collections';
import { REMINDER_KINDS } from './rules';

/**
 * Invoices on account of generated orders (`npm run seed -- --orders N --companies N`,
 * scripts/lib/seed-scale.ts): each as the invoice job leaves it, drawn when its order's terms
 * say, issued locally (no Stripe) and numbered, then paid by a payment a store admin recorded
 * (and its order settled), or still open, with the reminders whose time has come marked sent.
 * Marked `seeded`; a new run removes them (and every invoice of a generated company) first.
 */

/** What an invoice is drawn from: its order's lines and amounts, and when it was drawn and paid. */
export interface SeedInvoice {
  invoiceId: ObjectId;
  orderId: ObjectId;
  companyId: ObjectId;
  number: string;
  lines: readonly AccountInvoiceLineDoc[];
  poNumber: string | null;
  totalCents: number;
  netDays: number;
  issuedAt: Date;
  /** Paid in full then (recorded by a store admin, with `reference`), or null: open. */
  paidAt: Date | null;
  reference: string | null;
}

/** The stored invoice of `invoice` as it stands at `now`. */
function invoiceDoc(invoice: SeedInvoice, now: Date): AccountInvoiceDoc & Seeded {
  const dueAt = dueDate(invoice.issuedAt, invoice.netDays);
  const paidAt = invoice.paidAt;
  const until = paidAt ?? now;
  const times = reminderTimes(dueAt);
  const remindersSent = REMINDER_KINDS.flatMap((kind, index) =>
    times[index]! <= until ? [{ kind, at: times[index]! }] : [],
  );
  const openedAt = new Date(invoice.issuedAt.getTime() + MINUTE_MS);
  return {
    _id: invoice.invoiceId,
    orderId: invoice.orderId,
    companyId: invoice.companyId,
    number: invoice.number,
    lines: invoiceLinesOf(invoice.lines),
    poNumber: invoice.poNumber,
    currency: 'usd',
    totalCents: invoice.totalCents,
    paidCents: paidAt ? invoice.totalCents : 0,
    payments:
      paidAt && invoice.reference
        ? [
            {
              amountCents: invoice.totalCents,
              reference: invoice.reference,
              source: 'admin',
              at: paidAt,
              by: SEED_STAFF_ID,
            },
          ]
        : [],
    paymentFailures: [],
    status: paidAt ? 'paid' : 'open',
    netDays: invoice.netDays,
    createdAt: invoice.issuedAt,
    issuedAt: invoice.issuedAt,
    dueAt,
    openedAt,
    ...(paidAt ? { paidAt, settledAt: paidAt, settleOutcome: 'paid' } : {}),
    stripe: null,
    sync: { attempts: 0, round: 0, nextAttemptAt: null, lastError: null },
    remindersSent,
    events: [],
    updatedAt: [paidAt ?? openedAt, ...remindersSent.map((reminder) => reminder.at)].reduce(
      (latest, at) => (at > latest ? at : latest),
    ),
    ...SEEDED,
  };
}

/** Writes the invoices; answers how many are open and paid. */
export async function insertSeededInvoices(
  db: Db,
  invoices: readonly SeedInvoice[],
  now: Date,
): Promise<{ open: number; paid: number }> {
  const docs = invoices.map((invoice) => invoiceDoc(invoice, now));
  const { accountInvoices } = collections(db);
  await writeInBatches(docs, 1_000, (batch) =>
    accountInvoices.insertMany(batch, { ordered: false }),
  );
  const paid = docs.filter((doc) => doc.status === 'paid').length;
  return { open: docs.length - paid, paid };
}

/**
 * Removes the generated invoices, every invoice and billing account of a generated company
 * (an invoice the job drew since for one of its orders, a hold it recorded).
 */
export async function deleteSeededInvoices(
  db: Db,
  companyIds: readonly ObjectId[],
): Promise<number> {
  const { accountInvoices, billingCustomers } = collections(db);
  const companyId = { $in: [...companyIds] };
  await billingCustomers.deleteMany({ companyId });
  return (await accountInvoices.deleteMany({ $or: [SEEDED, { companyId }] })).deletedCount;
}
