import 'server-only';
import { ObjectId } from 'mongodb';
import type { User } from '@/lib/accounts';
import { billingMembership, companyNames } from '@/lib/companies';
import { refuse } from '@/lib/core/refusal';
import { agingReport, daysOverdue } from '@/lib/terms/shared';
import { priceSourceLabel } from '@/lib/pricing/shared';
import { moneyToReturnList } from './admin-returns';
import type { AccountInvoiceDoc } from './collections';
import { filterStatuses, handlesInvoices, isOverdue, openCents } from './rules';
import {
  INVOICES_PER_PAGE,
  type InvoiceDetail,
  type InvoiceList,
  type InvoiceSummary,
  type InvoiceTotals,
  type Statement,
} from './shared';
import { findInvoice, invoicePage, owedInvoices, statementInvoices } from './store';
import { statementRange, type InvoiceListQuery, type StatementQuery } from './validation/invoices';

/**
 * Who reads invoices on account, and what they read: a company member whose role handles the
 * company's invoices (accounts, owners: `handlesInvoices`) reads the company's; a store admin
 * reads every company's. Anyone else in a company is refused (403 `company.not_allowed`),
 * someone in none has no company (404 `company.none`); another company's invoice is unknown
 * (404 `billing.invoice_not_found`), as an id that does not exist.
 */

/** Whose invoices the caller reads: every company's (an admin), or one company's. */
export type InvoiceReader =
  { kind: 'admin' } | { kind: 'member'; companyId: ObjectId; companyName: string };

/** The caller as a reader of invoices, checked against their membership read now. */
export async function invoiceReader(user: Pick<User, 'id' | 'role'>): Promise<InvoiceReader> {
  if (user.role === 'admin') return { kind: 'admin' };
  return companyReader(user);
}

/** The caller as a reader of their own company's invoices only (the statement). */
export async function companyReader(
  user: Pick<User, 'id'>,
): Promise<Extract<InvoiceReader, { kind: 'member' }>> {
  const membership = await billingMembership(user);
  if (!membership) throw refuse('company.none');
  if (!handlesInvoices(membership.role)) throw refuse('company.not_allowed');
  return {
    kind: 'member',
    companyId: new ObjectId(membership.companyId),
    companyName: membership.companyName,
  };
}

/**
 * The caller as a reader of invoices, for a page: the reader, or why there is none (no company;
 * a role that does not handle invoices), which the page says in words instead of refusing.
 */
export async function pageReader(
  user: Pick<User, 'id' | 'role'>,
  scope: 'any' | 'company' = 'any',
): Promise<InvoiceReader | { kind: 'none' } | { kind: 'not_allowed'; companyName: string }> {
  if (scope === 'any' && user.role === 'admin') return { kind: 'admin' };
  const membership = await billingMembership(user);
  if (!membership) return { kind: 'none' };
  if (!handlesInvoices(membership.role)) {
    return { kind: 'not_allowed', companyName: membership.companyName };
  }
  return {
    kind: 'member',
    companyId: new ObjectId(membership.companyId),
    companyName: membership.companyName,
  };
}

/** An invoice as lists show it. */
export function invoiceSummary(
  doc: AccountInvoiceDoc,
  companyName: string,
  now: Date,
): InvoiceSummary {
  const overdue = isOverdue(doc, now);
  return {
    _id: doc._id.toHexString(),
    orderId: doc.orderId.toHexString(),
    companyId: doc.companyId.toHexString(),
    companyName,
    number: doc.number,
    poNumber: doc.poNumber,
    status: doc.status,
    overdue,
    daysOverdue: overdue ? daysOverdue(doc.dueAt, now) : 0,
    totalCents: doc.totalCents,
    paidCents: doc.paidCents,
    openCents: doc.status === 'paid' || doc.status === 'void' ? 0 : openCents(doc),
    issuedAt: doc.issuedAt.toISOString(),
    dueAt: doc.dueAt.toISOString(),
    paidAt: doc.paidAt ? doc.paidAt.toISOString() : null,
    hostedInvoiceUrl:
      doc.status === 'open' || doc.status === 'uncollectible'
        ? (doc.stripe?.hostedInvoiceUrl ?? null)
        : null,
    invoicePdf: doc.stripe?.invoicePdf ?? null,
    lineCount: doc.lines.length,
  };
}

/** An invoice with its lines and payments; `admin` adds how its issuing at Stripe goes. */
export function invoiceDetail(
  doc: AccountInvoiceDoc,
  companyName: string,
  now: Date,
  admin: boolean,
): InvoiceDetail {
  return {
    ...invoiceSummary(doc, companyName, now),
    lines: doc.lines.map((line) => ({
      sku: line.sku,
      name: line.name,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      totalCents: line.totalCents,
      priceSource: priceSourceLabel(line.priceSource),
    })),
    payments: doc.payments.map((payment) => ({
      amountCents: payment.amountCents,
      reference: payment.reference,
      source: payment.source,
      at: payment.at.toISOString(),
    })),
    paymentFailures: doc.paymentFailures.map((failure) => ({
      at: failure.at.toISOString(),
      message: failure.message,
    })),
    voidedAt: doc.voidedAt ? doc.voidedAt.toISOString() : null,
    issuing:
      admin && (doc.status === 'draft' || doc.sync.pending)
        ? {
            attempts: doc.sync.attempts,
            lastError: doc.sync.lastError,
            nextAttemptAt: doc.sync.nextAttemptAt ? doc.sync.nextAttemptAt.toISOString() : null,
          }
        : null,
  };
}

/** What is owed and overdue, and its aging, over the given owed invoices. */
function owedFigures(
  owed: Pick<AccountInvoiceDoc, 'dueAt' | 'totalCents' | 'paidCents'>[],
  now: Date,
): { totals: InvoiceTotals; aging: InvoiceList['aging'] } {
  let total = 0;
  let overdue = 0;
  for (const invoice of owed) {
    const owing = openCents(invoice);
    total += owing;
    if (daysOverdue(invoice.dueAt, now) > 0) overdue += owing;
  }
  const aging = agingReport(
    owed.map((invoice) => ({ dueAt: invoice.dueAt, openCents: openCents(invoice) })),
    now,
  );
  return { totals: { openCents: total, overdueCents: overdue }, aging };
}

/**
 * `GET /api/invoices?status=&page=`: a page of the reader's invoices, newest first (every
 * company's, with its name, for a store admin), with what is owed and overdue and its aging.
 */
export async function listInvoices(
  reader: InvoiceReader,
  query: InvoiceListQuery,
  now: Date = new Date(),
): Promise<InvoiceList> {
  const companyId = reader.kind === 'member' ? reader.companyId : undefined;
  const page = Math.max(1, query.page ?? 1);
  const { items, total } = await invoicePage(
    {
      companyId,
      statuses: filterStatuses(query.status),
      ...(query.status === 'overdue'
        ? { dueBefore: new Date(now.getTime() - 24 * 60 * 60 * 1000) }
        : {}),
    },
    { skip: (page - 1) * INVOICES_PER_PAGE, limit: INVOICES_PER_PAGE },
  );
  const names =
    reader.kind === 'member'
      ? new Map([[reader.companyId.toHexString(), reader.companyName]])
      : await companyNames(items.map((doc) => doc.companyId.toHexString()));
  const figures = owedFigures(await owedInvoices(companyId), now);
  return {
    items: items.map((doc) =>
      invoiceSummary(doc, names.get(doc.companyId.toHexString()) ?? 'Unknown company', now),
    ),
    page,
    pages: Math.max(1, Math.ceil(total / INVOICES_PER_PAGE)),
    total,
    ...figures,
    moneyToReturn: reader.kind === 'admin' ? await moneyToReturnList() : null,
  };
}

/**
 * `GET /api/invoices/{id}`: one invoice, with its lines and payments; another company's is
 * unknown (404), as is an id that does not exist.
 */
export async function readInvoice(
  reader: InvoiceReader,
  invoiceId: string,
  now: Date = new Date(),
): Promise<InvoiceDetail> {
  const doc = await findInvoice(invoiceId);
  if (!doc || (reader.kind === 'member' && !doc.companyId.equals(reader.companyId))) {
    throw refuse('billing.invoice_not_found');
  }
  const name =
    reader.kind === 'member'
      ? reader.companyName
      : ((await companyNames([doc.companyId.toHexString()])).get(doc.companyId.toHexString()) ??
        'Unknown company');
  return invoiceDetail(doc, name, now, reader.kind === 'admin');
}

/**
 * `GET /api/account/statement?from=&to=`: the company's invoices drawn and payments received
 * in the range (UTC days, both included; unbounded when left out), what was invoiced and
 * received in it, and what is owed now, by age.
 */
export async function companyStatement(
  reader: Extract<InvoiceReader, { kind: 'member' }>,
  query: Pick<StatementQuery, 'from' | 'to'>,
  now: Date = new Date(),
): Promise<Statement> {
  const range = statementRange(query);
  const inRange = (at: Date) =>
    (!range.from || at >= range.from) && (!range.before || at < range.before);
  const docs = await statementInvoices(reader.companyId, range);
  const invoices = docs.filter((doc) => inRange(doc.issuedAt));
  const payments = docs
    .flatMap((doc) =>
      doc.payments
        .filter((payment) => inRange(payment.at))
        .map((payment) => ({
          invoiceId: doc._id.toHexString(),
          number: doc.number,
          amountCents: payment.amountCents,
          reference: payment.reference,
          source: payment.source,
          at: payment.at,
        })),
    )
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const figures = owedFigures(await owedInvoices(reader.companyId), now);
  return {
    companyId: reader.companyId.toHexString(),
    companyName: reader.companyName,
    from: query.from ?? null,
    to: query.to ?? null,
    generatedAt: now.toISOString(),
    invoices: invoices.map((doc) => ({
      _id: doc._id.toHexString(),
      number: doc.number,
      poNumber: doc.poNumber,
      issuedAt: doc.issuedAt.toISOString(),
      dueAt: doc.dueAt.toISOString(),
      status: doc.status,
      totalCents: doc.totalCents,
      paidCents: doc.paidCents,
      openCents: doc.status === 'paid' ? 0 : openCents(doc),
    })),
    payments: payments.map((payment) => ({ ...payment, at: payment.at.toISOString() })),
    totals: {
      invoicedCents: invoices.reduce((sum, doc) => sum + doc.totalCents, 0),
      paidCents: payments.reduce((sum, payment) => sum + payment.amountCents, 0),
      ...figures.totals,
    },
    aging: figures.aging,
  };
}
