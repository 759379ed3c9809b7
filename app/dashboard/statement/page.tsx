import type { Metadata } from 'next';
import Link from 'next/link';
import { AgingTable } from '@/components/billing/AgingTable';
import { NoInvoices } from '@/components/billing/NoInvoices';
import { StatementRange } from '@/components/billing/StatementRange';
import { DashboardSection } from '@/components/dashboard/DashboardSection';
import { Panel } from '@/components/ui/Panel';
import { RowHeader, Table, Td } from '@/components/ui/Table';
import { requirePageUser } from '@/lib/accounts';
import { companyStatement, pageReader, statementQuerySchema } from '@/lib/billing';
import { INVOICE_STATUS_LABELS } from '@/lib/billing/shared';
import { billingWording } from '@/lib/core/b2b-wording/billing';
import { formatDay, formatShortDay } from '@/lib/core/dates';
import { formatMoney } from '@/lib/core/money';

const words = billingWording.statement;

export const metadata: Metadata = { title: words.title };

const PATH = '/dashboard/statement';

type Param = string | string[] | undefined;
type Props = { searchParams: Promise<Record<string, Param>> };

const first = (value: Param) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

/**
 * The company's statement, for the members who handle its invoices (owners, accounts): what it
 * owes now by age (current, 1-30, 31-60, 61-90, 90+ days overdue), and the invoices drawn and
 * payments received between two days (every date unless told), with their totals and an
 * "Export CSV" of them.
 */
export default async function StatementPage({ searchParams }: Props) {
  const user = await requirePageUser(PATH);
  const reader = await pageReader(user, 'company');
  if (reader.kind !== 'member') {
    return (
      <DashboardSection id="statement-title" title={words.title}>
        {user.role === 'admin' && reader.kind === 'none' ? (
          <p className="mt-4 max-w-2xl text-slate-700" role="status">
            {words.adminNone}{' '}
            <Link href="/dashboard/invoices" className="font-medium text-brand-700 underline">
              {words.invoicesLink}
            </Link>
            .
          </p>
        ) : (
          <NoInvoices companyName={reader.kind === 'not_allowed' ? reader.companyName : null} />
        )}
      </DashboardSection>
    );
  }
  const params = await searchParams;
  const from = first(params.from);
  const to = first(params.to);
  const parsed = statementQuerySchema.safeParse({ from, to });
  const errors = parsed.success
    ? {}
    : Object.fromEntries(
        parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
      );
  const statement = await companyStatement(reader, parsed.success ? parsed.data : {});

  return (
    <DashboardSection id="statement-title" title={words.title}>
      <p className="mt-2 max-w-3xl text-sm text-slate-600">
        {words.intro({
          company: statement.companyName,
          from: statement.from ? formatDay(`${statement.from}T00:00:00Z`) : null,
          to: statement.to ? formatDay(`${statement.to}T00:00:00Z`) : null,
        })}
      </p>
      <StatementRange from={from} to={to} errors={errors} />

      <Panel className="mt-6" id="statement-owed-title" title={words.owedTitle}>
        <dl className="mt-3 flex flex-wrap gap-x-8 gap-y-2 text-sm">
          <div>
            <dt className="text-slate-600">{billingWording.totals.owed}</dt>
            <dd className="text-lg font-semibold text-slate-900" data-testid="statement-owed">
              {formatMoney(statement.totals.openCents)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">{billingWording.totals.overdue}</dt>
            <dd className="text-lg font-semibold text-slate-900" data-testid="statement-overdue">
              {formatMoney(statement.totals.overdueCents)}
            </dd>
          </div>
        </dl>
        <AgingTable aging={statement.aging} />
      </Panel>

      <Panel className="mt-6" id="statement-invoices-title" title={words.invoices.title}>
        <p className="mt-1 text-sm text-slate-600">
          {words.invoices.total(statement.totals.invoicedCents)}
        </p>
        {statement.invoices.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">{words.invoices.none}</p>
        ) : (
          <Table
            className="mt-3"
            headings="plain"
            label={words.invoices.label}
            columns={Object.values(words.invoices.columns)}
          >
            {statement.invoices.map((invoice) => (
              <tr key={invoice._id}>
                <RowHeader>
                  <Link
                    href={`/dashboard/invoices/${invoice._id}`}
                    className="text-brand-700 underline-offset-2 hover:underline"
                  >
                    {invoice.number ?? billingWording.invoices.beingNumbered}
                  </Link>
                  {invoice.poNumber ? (
                    <span className="block text-xs font-normal text-slate-600">
                      {billingWording.invoices.poNumber(invoice.poNumber)}
                    </span>
                  ) : null}
                </RowHeader>
                <Td className="whitespace-nowrap">{formatShortDay(invoice.issuedAt)}</Td>
                <Td className="whitespace-nowrap">{formatShortDay(invoice.dueAt)}</Td>
                <Td className="whitespace-nowrap">{formatMoney(invoice.totalCents)}</Td>
                <Td className="whitespace-nowrap">{formatMoney(invoice.openCents)}</Td>
                <Td>{INVOICE_STATUS_LABELS[invoice.status]}</Td>
              </tr>
            ))}
          </Table>
        )}
      </Panel>

      <Panel className="mt-6" id="statement-payments-title" title={words.payments.title}>
        <p className="mt-1 text-sm text-slate-600">
          {words.payments.total(statement.totals.paidCents)}
        </p>
        {statement.payments.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">{words.payments.none}</p>
        ) : (
          <Table
            className="mt-3"
            headings="plain"
            label={words.payments.label}
            columns={Object.values(words.payments.columns)}
          >
            {statement.payments.map((payment, index) => (
              <tr key={index}>
                <RowHeader className="whitespace-nowrap">{formatShortDay(payment.at)}</RowHeader>
                <Td>{payment.number ?? '—'}</Td>
                <Td>{payment.reference}</Td>
                <Td className="whitespace-nowrap">{formatMoney(payment.amountCents)}</Td>
              </tr>
            ))}
          </Table>
        )}
      </Panel>
    </DashboardSection>
  );
}
