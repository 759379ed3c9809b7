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
import { formatDateTime, formatDay } from '@/lib/core/dates';
import { parseId } from '@/lib/core/ids';
import { formatMoney } from '@/lib/core/money';
import { RefusalError } from '@/lib/core/refusal';

export const metadata: Metadata = { title: 'Invoice' };

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
      <DashboardSection id="invoice-title" title="Invoice">
        <NoInvoices companyName={reader.kind === 'not_allowed' ? reader.companyName : null} />
      </DashboardSection>
    );
  }
  const invoiceId = parseId(id);
  const invoice = invoiceId ? await invoiceFor(reader, invoiceId) : null;
  if (!invoice) notFound();
  const admin = reader.kind === 'admin';
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
        ← Invoices
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 id="invoice-title" className="text-2xl font-bold text-slate-900">
          Invoice {invoice.number ?? '(being numbered)'}
        </h1>
        <InvoiceStatus invoice={invoice} />
      </div>

      <Panel className="mt-6" id="invoice-details-title" title="Details">
        <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
          <DetailRows
            termClassName="font-medium text-slate-600"
            rows={[
              { term: 'Company', value: invoice.companyName },
              { term: 'PO number', value: invoice.poNumber ?? 'None given' },
              { term: 'Issued', value: formatDay(invoice.issuedAt) },
              { term: 'Due', value: formatDay(invoice.dueAt), testId: 'invoice-due' },
              { term: 'Total', value: formatMoney(invoice.totalCents), testId: 'invoice-total' },
              { term: 'Paid', value: formatMoney(invoice.paidCents) },
              {
                term: 'Still owed',
                value: formatMoney(invoice.openCents),
                testId: 'invoice-owed',
                className: 'font-semibold text-slate-900',
              },
              invoice.voidedAt !== null && { term: 'Voided', value: formatDay(invoice.voidedAt) },
            ]}
          />
        </dl>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link href={`/dashboard/order/${invoice.orderId}`} className="btn-secondary">
            See the order
          </Link>
          {invoice.invoicePdf ? (
            <a
              href={invoice.invoicePdf}
              target="_blank"
              rel="noopener noreferrer"
              className="btn-secondary"
            >
              Download PDF <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : null}
          {admin ? <InvoiceAdminActions invoice={invoice} /> : null}
        </div>
      </Panel>

      {owed ? (
        <Panel className="mt-6" id="invoice-pay-title" title="How to pay">
          {invoice.hostedInvoiceUrl ? (
            <>
              <p className="mt-2 max-w-2xl text-sm text-slate-700">
                Pay on the invoice’s payment page: by bank transfer (it gives the account number,
                routing number and the reference to quote) or from a US bank account.
              </p>
              {bankDetails ? (
                <div className="mt-4 max-w-xl" data-testid="invoice-bank-details">
                  <p className="text-sm text-slate-700">
                    Or send a bank transfer to {invoice.companyName}&rsquo;s account with us,
                    quoting <strong className="font-mono">{invoice.number}</strong>:
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
                  Pay {formatMoney(invoice.openCents)}{' '}
                  <span className="sr-only">(opens the payment page in a new tab)</span>
                </a>
              )}
            </>
          ) : (
            <p className="mt-2 max-w-2xl text-sm text-slate-700">
              {invoice.status === 'open'
                ? `Pay by bank transfer or cheque, quoting invoice ${invoice.number ?? ''}; ask us for our bank details. The payment is recorded here once it has arrived.`
                : 'The invoice is being issued: its payment page follows shortly.'}
            </p>
          )}
        </Panel>
      ) : invoice.status === 'draft' ? (
        <Panel className="mt-6" id="invoice-pay-title" title="How to pay">
          <p className="mt-2 max-w-2xl text-sm text-slate-700">
            The invoice is being issued: its payment page follows shortly.
          </p>
          {admin && invoice.issuing ? (
            <p className="mt-2 text-sm text-slate-700" data-testid="invoice-issuing">
              {invoice.issuing.attempts} attempt{invoice.issuing.attempts === 1 ? '' : 's'} so far
              {invoice.issuing.lastError ? `; the last failed: ${invoice.issuing.lastError}` : ''}
              {invoice.issuing.nextAttemptAt
                ? `. Next attempt ${formatDateTime(invoice.issuing.nextAttemptAt)}.`
                : '.'}
            </p>
          ) : null}
        </Panel>
      ) : null}

      <Panel className="mt-6" id="invoice-lines-title" title={`Lines (${invoice.lines.length})`}>
        <Table
          className="mt-4"
          headings="plain"
          label="Invoice lines"
          columns={['Part number', 'Product', 'Quantity', 'Unit price', 'Amount']}
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

      <Panel className="mt-6" id="invoice-payments-title" title="Payments">
        {invoice.payments.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">No payment received yet.</p>
        ) : (
          <Table
            className="mt-4"
            headings="plain"
            label="Payments received"
            columns={['Received', 'Reference', 'By', 'Amount']}
          >
            {invoice.payments.map((payment, index) => (
              <tr key={index}>
                <RowHeader className="whitespace-nowrap">{formatDateTime(payment.at)}</RowHeader>
                <Td>{payment.reference}</Td>
                <Td>{payment.source === 'stripe' ? 'Stripe' : 'Recorded by the store'}</Td>
                <Td className="whitespace-nowrap">{formatMoney(payment.amountCents)}</Td>
              </tr>
            ))}
          </Table>
        )}
        {invoice.paymentFailures.length > 0 ? (
          <p className="mt-4 text-sm text-red-700">
            Last failed payment attempt ({formatDateTime(invoice.paymentFailures.at(-1)!.at)}):{' '}
            {invoice.paymentFailures.at(-1)!.message}
          </p>
        ) : null}
      </Panel>
    </section>
  );
}
