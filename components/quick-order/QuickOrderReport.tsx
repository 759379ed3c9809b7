import Link from 'next/link';
import { RowHeader, Table, Td } from '@/components/ui/Table';
import { formatMoney, toCents } from '@/lib/core/money';
import type { QuickOrderReport as Report } from '@/lib/orders';
import { lineLabel } from './line-label';

/**
 * The check of a quick order's lines (POST /api/quick-order/check): how many can be ordered,
 * and per line the product it found with its price, or why it cannot be ordered. `current` is
 * false once the lines changed after the check.
 */
export function QuickOrderReport({
  idPrefix,
  report,
  current,
}: {
  idPrefix: string;
  report: Report;
  current: boolean;
}) {
  return (
    <section aria-labelledby={`${idPrefix}-report`} className="space-y-3">
      <h2
        id={`${idPrefix}-report`}
        tabIndex={-1}
        className="text-xl font-semibold text-slate-900 focus:outline-none"
      >
        Check of your lines
      </h2>
      <p className="text-sm text-slate-700" data-testid="quick-order-summary">
        {report.orderable} of {report.lines.length} line{report.lines.length === 1 ? '' : 's'} can
        be ordered.
        {!current ? ' The lines changed since this check: check them again.' : null}
      </p>
      <Table columns={['Line', 'Part number', 'Quantity', 'Result']} headings="plain">
        {report.lines.map((line) => {
          const ok = line.status === 'ok';
          return (
            <tr key={line.lines.join('-')} data-status={line.status}>
              <RowHeader className="whitespace-nowrap">{lineLabel(line.lines)}</RowHeader>
              <Td className="font-mono break-all">{line.partNumber ?? line.text}</Td>
              <Td className="tabular-nums">{line.quantity ?? '—'}</Td>
              <Td className="min-w-56">
                {ok ? (
                  <span className="block font-medium text-green-800">
                    Ready: {line.product?.name}
                  </span>
                ) : (
                  <span className="block font-medium text-red-700">{line.message}</span>
                )}
                {ok && line.product?.price !== null && line.product?.unitPrice !== null ? (
                  <span className="block text-xs text-slate-600">
                    {formatMoney(toCents(line.product!.unitPrice!))} each,{' '}
                    {formatMoney(toCents(line.product!.price!))} in all
                  </span>
                ) : null}
                {!ok && line.product ? (
                  <Link
                    href={`/product/${line.product._id}`}
                    className="block text-xs text-brand-700 underline underline-offset-2"
                  >
                    {line.product.name}
                  </Link>
                ) : null}
                {line.merged ? (
                  <span className="block text-xs text-slate-600">{line.merged}</span>
                ) : null}
              </Td>
            </tr>
          );
        })}
      </Table>
    </section>
  );
}
