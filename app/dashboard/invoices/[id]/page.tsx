import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { InvoiceAdminActions } from '@/components/billing/InvoiceAdminActions';
import { InvoiceStatus } from '@/components/billing/InvoiceStatus';
import { NoInvoices } from '@/components/billing/NoInvoices';
import { DashboardSection } from '@/components/dashboard/DashboardSection';
import { DetailRows } from '@/components/ui/DetailRows';
import { Panel } from '@/components/ui/Panel';
import { RowHeader, Table, Td } from '@/components/ui/Table';
import { requirePageUser } from '@/lib/accounts';
import { BankAccounts } from '@/components/order/BankAccounts';
import { companyBankDetails, pageReader, readInvoice } from '@/lib/billing';
import type { InvoiceDetail } from '@/lib/billing/shared';
import { billingWording } from '@/lib/core/b2b-wording/billing';
import { formatDateTime, formatDay } from '@/lib/core/dates';
import { parseId } from '@/lib/core/ids';
import { formatMoney } from '@/lib/core/money';
import { RefusalError } from '@/lib/core/refusal';

const words = billingWording.invoice;

export const metadata: Metadata = { title: words.title };

type Props = { params: Promise<{ id: string }> };

/** The invoice, or null when the reader has none with this id (another company's included). */
async function invoiceFor(
  reader: Parameters<typeof readInvoice>[0],
  id: string,
): Promise<InvoiceDetail | null> {
  try {
    return await readInvoice(reader, id);
  } catch (error) {
    if (error instanceof RefusalError) return null;
    throw error;
  }
}

/**
 * One invoice on account, for the members of its company who handle invoices and for store
 * admins (anyone else, and another company's members, get the 404 page): its lines, PO
 * number, amounts and due date, its payments, and how to pay it (Stripe's page, where bank
 * transfer details are given, and its PDF); for store admins, Record payment and Void.
 */
export default async function InvoicePage({ params }: Props) {
  const { id } = await params;
  const user = await requirePageUser(`/dashboard/invoices/${encodeURIComponent(id)}`);
  const reader = await pageReader(user);
  if (reader.kind === 'none' || reader.kind === 'not_allowed') {
    return (
      <DashboardSection id="invoice-title" title={words.title}>
        <NoInvoices companyName={reader.kind === 'not_allowed' ? reader.companyName : null} />
      </DashboardSection>
    );
  }
  const invoiceId = parseId(id);
  const invoice = invoiceId ? await invoiceFor(reader, invoiceId) : null;
  if (!invoice) notFound();
  const admin = reader.kind === 'admin';
  const { details, pay, payments } = words;
  const owed = invoice.status === 'open' || invoice.status === 'uncollectible';
  // The company's own account for transfers, shown to its members (Stripe's, kept once read).
  const bankDetails =
    owed && !admin && invoice.hostedInvoiceUrl ? await companyBankDetails(invoice.companyId) : null;

  return (
    <section aria-labelledby="invoice-title" className="max-w-5xl">
      <Link
        href="/dashboard/invoices"
        className="text-sm font-medium text-brand-700 hover:underline"
      >
        {words.back}
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 id="invoice-title" className="text-2xl font-bold text-slate-900">
          {words.heading(invoice.number)}
        </h1>
        <InvoiceStatus invoice={invoice} />
      </div>

      <Panel className="mt-6" id="invoice-details-title" title={details.title}>
        <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
          <DetailRows
            termClassName="font-medium text-slate-600"
            rows={[
              { term: details.company, value: invoice.companyName },
              { term: details.poNumber, value: invoice.poNumber ?? details.noPoNumber },
              { term: details.issued, value: formatDay(invoice.issuedAt) },
              { term: details.due, value: formatDay(invoice.dueAt), testId: 'invoice-due' },
              {
                term: details.total,
                value: formatMoney(invoice.totalCents),
                testId: 'invoice-total',
              },
              { term: details.paid, value: formatMoney(invoice.paidCents) },
              {
                term: details.owed,
                value: formatMoney(invoice.openCents),
                testId: 'invoice-owed',
                className: 'font-semibold text-slate-900',
              },
              invoice.voidedAt !== null && {
                term: details.voided,
                value: formatDay(invoice.voidedAt),
              },
            ]}
          />
        </dl>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link href={`/dashboard/order/${invoice.orderId}`} className="btn-secondary">
            {words.seeOrder}
          </Link>
          {invoice.invoicePdf ? (
            <a
              href={invoice.invoicePdf}
              target="_blank"
              rel="noopener noreferrer"
              className="btn-secondary"
            >
              {words.pdf} <span className="sr-only">{words.newTab}</span>
            </a>
          ) : null}
          {admin ? <InvoiceAdminActions invoice={invoice} /> : null}
        </div>
      </Panel>

      {owed ? (
        <Panel className="mt-6" id="invoice-pay-title" title={pay.title}>
          {invoice.hostedInvoiceUrl ? (
            <>
              <p className="mt-2 max-w-2xl text-sm text-slate-700">{pay.onPaymentPage}</p>
              {bankDetails ? (
                <div className="mt-4 max-w-xl" data-testid="invoice-bank-details">
                  <p className="text-sm text-slate-700">
                    {pay.toCompanyAccount(invoice.companyName)}{' '}
                    <strong className="font-mono">{invoice.number}</strong>:
                  </p>
                  <BankAccounts accounts={bankDetails} />
                </div>
              ) : null}
              {admin ? null : (
                <a
                  href={invoice.hostedInvoiceUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="btn-primary mt-4"
                >
                  {pay.button(invoice.openCents)} <span className="sr-only">{pay.buttonNote}</span>
                </a>
              )}
            </>
          ) : (
            <p className="mt-2 max-w-2xl text-sm text-slate-700">
              {pay.withoutPaymentPage(invoice.number)}
            </p>
          )}
        </Panel>
      ) : invoice.status === 'draft' ? (
        <Panel className="mt-6" id="invoice-pay-title" title={pay.title}>
          <p className="mt-2 max-w-2xl text-sm text-slate-700">{pay.beingIssued}</p>
          {admin && invoice.issuing ? (
            <p className="mt-2 text-sm text-slate-700" data-testid="invoice-issuing">
              {pay.issuing({
                attempts: invoice.issuing.attempts,
                lastError: invoice.issuing.lastError,
                nextAttemptAt: invoice.issuing.nextAttemptAt
                  ? formatDateTime(invoice.issuing.nextAttemptAt)
                  : null,
              })}
            </p>
          ) : null}
        </Panel>
      ) : null}

      <Panel
        className="mt-6"
        id="invoice-lines-title"
        title={words.lines.title(invoice.lines.length)}
      >
        <Table
          className="mt-4"
          headings="plain"
          label={words.lines.label}
          columns={Object.values(words.lines.columns)}
        >
          {invoice.lines.map((line, index) => (
            <tr key={index}>
              <RowHeader className="whitespace-nowrap">{line.sku ?? '—'}</RowHeader>
              <Td>{line.name}</Td>
              <Td className="whitespace-nowrap">{line.quantity.toLocaleString('en-US')}</Td>
              <Td className="whitespace-nowrap">
                {formatMoney(line.unitPriceCents)}
                {line.priceSource ? (
                  <span className="block text-xs text-slate-600" data-testid="invoice-price-source">
                    {line.priceSource}
                  </span>
                ) : null}
              </Td>
              <Td className="whitespace-nowrap">{formatMoney(line.totalCents)}</Td>
            </tr>
          ))}
        </Table>
      </Panel>

      <Panel className="mt-6" id="invoice-payments-title" title={payments.title}>
        {invoice.payments.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">{payments.none}</p>
        ) : (
          <Table
            className="mt-4"
            headings="plain"
            label={payments.label}
            columns={Object.values(payments.columns)}
          >
            {invoice.payments.map((payment, index) => (
              <tr key={index}>
                <RowHeader className="whitespace-nowrap">{formatDateTime(payment.at)}</RowHeader>
                <Td>{payment.reference}</Td>
                <Td>{payments.source[payment.source]}</Td>
                <Td className="whitespace-nowrap">{formatMoney(payment.amountCents)}</Td>
              </tr>
            ))}
          </Table>
        )}
        {invoice.paymentFailures.length > 0 ? (
          <p className="mt-4 text-sm text-red-700">
            {payments.lastFailure({
              at: formatDateTime(invoice.paymentFailures.at(-1)!.at),
              message: invoice.paymentFailures.at(-1)!.message,
            })}
          </p>
        ) : null}
      </Panel>
    </section>
  );
}
