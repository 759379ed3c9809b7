import type { Metadata } from 'next';
import Link from 'next/link';
import { AgingTable } from '@/components/billing/AgingTable';
import { InvoiceStatus } from '@/components/billing/InvoiceStatus';
import { NoInvoices } from '@/components/billing/NoInvoices';
import { InvoiceAdminActions } from '@/components/billing/InvoiceAdminActions';
import { MarkMoneyReturnedButton } from '@/components/billing/MarkMoneyReturnedButton';
import { Pagination } from '@/components/catalogue/Pagination';
import { DashboardSection } from '@/components/dashboard/DashboardSection';
import { QueryRefused } from '@/components/dashboard/QueryRefused';
import { Panel } from '@/components/ui/Panel';
import { RowHeader, Table, Td } from '@/components/ui/Table';
import { requirePageUser } from '@/lib/accounts';
import { invoiceListQuerySchema, listInvoices, pageReader } from '@/lib/billing';
import {
  INVOICE_FILTER_LABELS,
  INVOICE_FILTERS,
  MONEY_TO_RETURN_LABELS,
  type InvoiceFilter,
  type InvoiceSummary,
  type MoneyToReturn,
  type MoneyToReturnList,
} from '@/lib/billing/shared';
import { billingWording } from '@/lib/core/b2b-wording/billing';
import { formatShortDay } from '@/lib/core/dates';
import { formatMoney } from '@/lib/core/money';

const words = billingWording.invoices;

export const metadata: Metadata = { title: words.title };

const PATH = '/dashboard/invoices';

type Param = string | string[] | undefined;
type Props = { searchParams: Promise<Record<string, Param>> };

/** The URL of a list page with its filter kept (page 1 and no filter left out). */
function hrefOf(status: InvoiceFilter | undefined, page: number): string {
  const search = new URLSearchParams();
  if (status) search.set('status', status);
  if (page > 1) search.set('page', String(page));
  const text = search.toString();
  return text ? `${PATH}?${text}` : PATH;
}

const tabClass = (current: boolean) =>
  `inline-block rounded-full border px-3 py-1 text-sm font-medium ${
    current
      ? 'border-brand-600 bg-brand-600 text-white'
      : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
  }`;

/**
 * Invoices on account: for the members of a company who handle its invoices (owners, accounts),
 * the company's invoices, open, overdue or paid, with what is owed and a "Pay" link to Stripe's
 * page; for store admins, every company's, with the aging report, the money to return (paid for
 * a voided invoice or a cancelled order, "Mark returned") and what was returned, "Record
 * payment" and "Void".
 */
export default async function InvoicesPage({ searchParams }: Props) {
  const user = await requirePageUser(PATH);
  const reader = await pageReader(user);
  if (reader.kind === 'none' || reader.kind === 'not_allowed') {
    return (
      <DashboardSection id="invoices-title" title={words.title}>
        <NoInvoices companyName={reader.kind === 'not_allowed' ? reader.companyName : null} />
      </DashboardSection>
    );
  }
  const params = await searchParams;
  const parsed = invoiceListQuerySchema.safeParse({ status: params.status, page: params.page });
  const admin = reader.kind === 'admin';
  const list = parsed.success ? await listInvoices(reader, parsed.data) : null;
  const status = parsed.success ? parsed.data.status : undefined;

  return (
    <DashboardSection id="invoices-title" title={words.title}>
      <p className="mt-2 max-w-3xl text-sm text-slate-600">
        {admin ? words.introAdmin : words.intro(reader.companyName)}
      </p>
      {list ? (
        <>
          <dl className="mt-4 flex flex-wrap gap-x-8 gap-y-2 text-sm" data-testid="invoice-totals">
            <div>
              <dt className="text-slate-600">{billingWording.totals.owed}</dt>
              <dd className="text-lg font-semibold text-slate-900">
                {formatMoney(list.totals.openCents)}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">{billingWording.totals.overdue}</dt>
              <dd
                className={`text-lg font-semibold ${list.totals.overdueCents > 0 ? 'text-red-700' : 'text-slate-900'}`}
              >
                {formatMoney(list.totals.overdueCents)}
              </dd>
            </div>
          </dl>
          {admin ? (
            <Panel className="mt-6" id="aging-title" title={billingWording.aging.title}>
              <p className="mt-1 text-sm text-slate-600">{billingWording.aging.intro}</p>
              <AgingTable aging={list.aging} />
            </Panel>
          ) : null}
          {list.moneyToReturn ? <MoneyToReturnPanel money={list.moneyToReturn} /> : null}
          <nav aria-label={words.filters} className="mt-6">
            <ul className="flex flex-wrap gap-2">
              {[undefined, ...INVOICE_FILTERS].map((filter) => (
                <li key={filter ?? 'all'}>
                  <Link
                    href={hrefOf(filter, 1)}
                    className={tabClass(filter === status)}
                    aria-current={filter === status ? 'page' : undefined}
                  >
                    {filter ? INVOICE_FILTER_LABELS[filter] : words.all}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <p className="mt-4 mb-3 text-sm text-slate-600" role="status" data-testid="result-count">
            {list.total === 0
              ? status
                ? words.noneUnder(INVOICE_FILTER_LABELS[status])
                : words.none
              : words.count(list.total)}
          </p>
          {list.items.length > 0 ? <InvoiceTable items={list.items} admin={admin} /> : null}
          <Pagination
            page={list.page}
            pages={list.pages}
            hrefFor={(page) => hrefOf(status, page)}
            label={words.pages}
          />
        </>
      ) : (
        <QueryRefused
          messages={parsed.error?.issues.map((issue) => issue.message) ?? []}
          resetHref={PATH}
          resetLabel={words.showAll}
        />
      )}
    </DashboardSection>
  );
}

/** What a payment to return was for: why, with its invoice (linked) or its order. */
function MoneyFor({ entry }: { entry: MoneyToReturn }) {
  const money = billingWording.moneyToReturn;
  return (
    <Td>
      {MONEY_TO_RETURN_LABELS[entry.kind]}
      <span className="block text-xs text-slate-600">
        {entry.invoiceId ? (
          <Link
            href={`${PATH}/${entry.invoiceId}`}
            className="text-brand-700 underline-offset-2 hover:underline"
          >
            {entry.invoiceNumber ?? money.invoice}
          </Link>
        ) : entry.orderId ? (
          money.order(entry.orderId)
        ) : null}
      </span>
    </Td>
  );
}

/**
 * Store admins: money that arrived for a voided invoice or a cancelled order, to be returned to
 * its payer (at Stripe, a refund of the payment or of the customer's cash balance), each with
 * "Mark returned" once it went back; then the latest marked returned, by whom and when.
 */
function MoneyToReturnPanel({ money }: { money: MoneyToReturnList }) {
  const moneyWords = billingWording.moneyToReturn;
  return (
    <Panel className="mt-6" id="money-to-return-title" title={moneyWords.title}>
      <p className="mt-1 text-sm text-slate-600" data-testid="money-to-return-total">
        {money.count === 0
          ? moneyWords.none
          : moneyWords.total({ count: money.count, totalCents: money.totalCents })}
      </p>
      {money.items.length > 0 ? (
        <Table
          headings="plain"
          columns={[
            moneyWords.columns.received,
            moneyWords.columns.company,
            moneyWords.columns.for,
            moneyWords.columns.amount,
            moneyWords.columns.reference,
            <span key="actions" className="sr-only">
              {moneyWords.columns.actions}
            </span>,
          ]}
        >
          {money.items.map((entry) => (
            <tr key={entry._id} data-testid="money-to-return-row">
              <RowHeader>{formatShortDay(entry.receivedAt)}</RowHeader>
              <Td>{entry.companyName ?? '—'}</Td>
              <MoneyFor entry={entry} />
              <Td className="whitespace-nowrap">{formatMoney(entry.amountCents)}</Td>
              <Td className="break-all">{entry.reference}</Td>
              <Td>
                <MarkMoneyReturnedButton
                  id={entry._id}
                  amountCents={entry.amountCents}
                  payer={entry.companyName ?? moneyWords.noPayer}
                />
              </Td>
            </tr>
          ))}
        </Table>
      ) : null}
      {money.returned.length > 0 ? (
        <>
          <h3 className="mt-6 text-base font-semibold text-slate-900" id="money-returned-title">
            {moneyWords.returnedTitle}
          </h3>
          <Table headings="plain" columns={Object.values(moneyWords.returnedColumns)}>
            {money.returned.map((entry) => (
              <tr key={entry._id} data-testid="money-returned-row">
                <RowHeader>{entry.returnedAt ? formatShortDay(entry.returnedAt) : '—'}</RowHeader>
                <Td>{entry.companyName ?? '—'}</Td>
                <MoneyFor entry={entry} />
                <Td className="whitespace-nowrap">{formatMoney(entry.amountCents)}</Td>
                <Td className="break-all">{entry.reference}</Td>
                <Td>{entry.returnedBy?.name ?? '—'}</Td>
                <Td className="whitespace-pre-line break-words">{entry.returnNote ?? '—'}</Td>
              </tr>
            ))}
          </Table>
        </>
      ) : null}
    </Panel>
  );
}

function InvoiceTable({ items, admin }: { items: InvoiceSummary[]; admin: boolean }) {
  const { columns } = words;
  return (
    <Table
      headings="plain"
      columns={[
        columns.invoice,
        ...(admin ? [columns.company] : []),
        columns.due,
        columns.total,
        columns.owed,
        columns.status,
        <span key="actions" className="sr-only">
          {columns.actions}
        </span>,
      ]}
    >
      {items.map((invoice) => (
        <tr key={invoice._id} data-testid="invoice-row">
          <RowHeader>
            <Link
              href={`${PATH}/${invoice._id}`}
              className="text-brand-700 underline-offset-2 hover:underline"
            >
              {invoice.number ?? words.beingNumbered}
            </Link>
            <span className="block text-xs font-normal text-slate-600">
              {formatShortDay(invoice.issuedAt)}
              {invoice.poNumber ? ` · ${words.poNumber(invoice.poNumber)}` : ''}
            </span>
          </RowHeader>
          {admin ? <Td>{invoice.companyName}</Td> : null}
          <Td className="whitespace-nowrap">{formatShortDay(invoice.dueAt)}</Td>
          <Td className="whitespace-nowrap">{formatMoney(invoice.totalCents)}</Td>
          <Td className="whitespace-nowrap">{formatMoney(invoice.openCents)}</Td>
          <Td>
            <InvoiceStatus invoice={invoice} />
          </Td>
          <Td>
            <div className="flex flex-wrap gap-2">
              {admin ? (
                <InvoiceAdminActions invoice={invoice} />
              ) : invoice.hostedInvoiceUrl ? (
                <a
                  href={invoice.hostedInvoiceUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="btn-primary px-3 py-1.5"
                  aria-label={words.payLabel(invoice.number)}
                >
                  {words.pay}
                </a>
              ) : null}
            </div>
          </Td>
        </tr>
      ))}
    </Table>
  );
}
