import type { OrderLine } from '@/lib/orders';
import { formatMoney } from '@/lib/core/money';

const cell = 'px-3 py-2';

/**
 * Every line of an order: part name and part number, quantity, the unit price fixed when it was
 * placed (its volume tier's, or the quoted one), the line total, and the order total below.
 * Server-rendered; scrolls sideways in its own frame on a narrow screen.
 */
export function OrderLinesTable({
  lines,
  totalCents,
  caption,
  className,
}: {
  lines: readonly OrderLine[];
  totalCents: number;
  caption: string;
  className?: string;
}) {
  return (
    // A frame of its own that scrolls sideways on a narrow screen: focusable, so that the
    // keyboard can scroll it too, and positioned, so that its visually hidden caption stays in it.
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className={['relative overflow-x-auto rounded-lg border border-slate-200', className]
        .filter(Boolean)
        .join(' ')}
    >
      <table
        className="min-w-full divide-y divide-slate-200 text-left text-sm"
        data-testid="order-lines"
      >
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className={cell}>
              Part
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Quantity
            </th>
            <th scope="col" className={`${cell} hidden text-right sm:table-cell`}>
              Unit price
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Line total
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {lines.map((line) => (
            <tr key={line.productId} data-testid="order-line">
              <th scope="row" className={`${cell} min-w-28 font-medium text-slate-900`}>
                {line.name}
                <span className="block font-mono text-xs font-normal text-slate-600">
                  <span className="sr-only">Part number </span>
                  {line.sku ?? 'No part number'}
                </span>
              </th>
              <td className={`${cell} text-right tabular-nums`}>
                {line.quantity.toLocaleString('en-US')}
                {/* A narrow screen has no unit price column: the price is said here. */}
                <span className="block text-xs whitespace-nowrap text-slate-600 sm:hidden">
                  × {formatMoney(line.unitPriceCents)}
                </span>
              </td>
              <td className={`${cell} hidden text-right tabular-nums sm:table-cell`}>
                {formatMoney(line.unitPriceCents)}
              </td>
              <td className={`${cell} text-right font-medium tabular-nums`}>
                {formatMoney(line.totalCents)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="bg-slate-50">
          <tr>
            <th
              scope="row"
              colSpan={2}
              className={`${cell} text-right font-semibold text-slate-900`}
            >
              Total
            </th>
            <td className="hidden sm:table-cell" />
            <td
              className={`${cell} text-right font-bold whitespace-nowrap text-slate-900 tabular-nums`}
              data-testid="order-lines-total"
            >
              {formatMoney(totalCents)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** "3 parts" under a multi-line order's name in the orders tables; nothing for one line. */
export function LineCountNote({ lines }: { lines: readonly unknown[] }) {
  return lines.length > 1 ? (
    <span className="block text-xs text-slate-600" data-testid="order-line-count">
      {lines.length} parts
    </span>
  ) : null;
}
