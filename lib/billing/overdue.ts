import 'server-only';
import type { ObjectId } from 'mongodb';
import { companyEmailsWithActions } from '@/lib/companies';
import { queueMails, scheduleOutboxDrain } from '@/lib/core/mail/outbox';
import { linkOrigin } from '@/lib/security';
import { setCompanyHold, termsOfCompany } from '@/lib/terms';
import { onHold } from '@/lib/terms/shared';
import { INVOICE_MAIL_KINDS } from './mail/subjects';
import { dueReminders, INVOICE_ACTIONS, type ReminderKind } from './rules';
import {
  companiesOwingSince,
  heldCompanies,
  invoicesForReminders,
  markReminders,
  owedInvoicesOf,
  saveHoldFlag,
} from './store';
import { errorText, logger } from '@/lib/core/log';

/**
 * The overdue job (`billing.overdue`, every 10 minutes, and woken after a payment or a void):
 * overdue is the store's own reckoning (an owed invoice a full day past its due date, lib/terms
 * `daysOverdue`), never Stripe's.
 *
 * - Holds: a company with an owed invoice overdue by more than its `holdAfterDaysOverdue` goes
 *   on hold (lib/terms `setCompanyHold`: orders on account refused, cards still work), and
 *   leaves it when none is left (paid, or voided). The companies looked at are those owing an
 *   invoice past its due date, and those billing holds now.
 * - Reminders: 3 days before the due date, on it, and 7 days after (lib/terms
 *   `reminderTimes`), each once, queued in the outbox of the invoice to every member who handles
 *   the company's invoices, and sent by the outbox's drainer. A job that did not run for a while
 *   sends only the latest reminder due.
 */

const BATCH = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface OverdueJobResult {
  held: number;
  released: number;
  reminders: number;
}

export async function runOverdueJob(now: Date = new Date()): Promise<OverdueJobResult> {
  const holds = await reviewHolds(now);
  const reminders = await queueReminders(now);
  return { ...holds, reminders };
}

/** Puts on hold, or lifts the hold of, every company whose invoices say so. */
async function reviewHolds(now: Date): Promise<{ held: number; released: number }> {
  // An invoice overdue by more than any hold threshold (at least 1 day) is due before this.
  const owing = await companiesOwingSince(new Date(now.getTime() - DAY_MS), BATCH);
  const held = await heldCompanies(BATCH);
  const seen = new Set<string>();
  const companies: ObjectId[] = [];
  for (const id of [...owing, ...held]) {
    if (seen.has(id.toHexString())) continue;
    seen.add(id.toHexString());
    companies.push(id);
  }
  let heldNow = 0;
  let released = 0;
  for (const companyId of companies) {
    try {
      const change = await reviewHold(companyId, now);
      if (change === 'held') heldNow += 1;
      if (change === 'released') released += 1;
    } catch (error) {
      logger.error(
        `[billing] the hold of company ${companyId} was not reviewed: ${errorText(error)}`,
      );
    }
  }
  return { held: heldNow, released };
}

/** One company: on hold while an owed invoice is overdue beyond its terms' threshold. */
async function reviewHold(
  companyId: ObjectId,
  now: Date,
): Promise<'held' | 'released' | 'unchanged'> {
  const id = companyId.toHexString();
  const [terms, owed] = await Promise.all([termsOfCompany(id), owedInvoicesOf(companyId)]);
  const hold = onHold(owed, terms.holdAfterDaysOverdue, now);
  // Billing's own record first, so a crash before the terms change leaves the company looked at.
  if (hold) await saveHoldFlag(companyId, true);
  if (hold !== terms.onHold) await setCompanyHold(id, hold);
  if (!hold) await saveHoldFlag(companyId, false);
  if (hold === terms.onHold) return 'unchanged';
  return hold ? 'held' : 'released';
}

/** Queues every reminder due now, each once. */
async function queueReminders(now: Date): Promise<number> {
  let queued = 0;
  const seen: ObjectId[] = [];
  for (;;) {
    const invoices = await invoicesForReminders(now, BATCH, seen);
    if (invoices.length === 0) break;
    for (const invoice of invoices) {
      seen.push(invoice._id);
      const sent = invoice.remindersSent.map((reminder) => reminder.kind);
      const { mark, mail } = dueReminders(invoice.dueAt, sent, now);
      if (mark.length === 0) continue;
      const push = mail ? await reminderMails(invoice.companyId, mail) : null;
      if (await markReminders(invoice._id, mark, now, push)) {
        if (push) queued += push.outbox.$each.length;
      }
    }
    if (invoices.length < BATCH) break;
  }
  if (queued > 0) scheduleOutboxDrain();
  return queued;
}

async function reminderMails(companyId: ObjectId, kind: ReminderKind) {
  const emails = await companyEmailsWithActions(companyId.toHexString(), INVOICE_ACTIONS);
  if (emails.length === 0) return null;
  return queueMails(
    emails.map((to) => ({ kind: INVOICE_MAIL_KINDS[kind], to })),
    { origin: linkOrigin() },
  );
}
