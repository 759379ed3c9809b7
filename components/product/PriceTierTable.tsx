import type { PriceTier } from '@/lib/catalogue/shared';
import { formatMoney, toCents } from '@/lib/core/money';

const quantity = (value: number) => value.toLocaleString('en-US');

/**
 * A product's volume price list as a table: each tier's quantity range and unit price. The row
 * of `activeIndex` (the tier of the quantity being ordered) is marked. Renders nothing for a
 * product without tiers.
 */
export function PriceTierTable({
  tiers,
  activeIndex = -1,
  className,
}: {
  tiers: readonly PriceTier[];
  activeIndex?: number;
  className?: string;
}) {
  if (tiers.length === 0) return null;
  return (
    <table
      className={['w-full max-w-sm border-collapse text-sm', className].filter(Boolean).join(' ')}
      data-testid="price-tiers"
    >
      <caption className="mb-2 text-left font-semibold text-slate-900">Volume pricing</caption>
      <thead>
        <tr className="border-b border-slate-300 text-left text-slate-600">
          <th scope="col" className="py-1.5 pr-4 font-medium">
            Units ordered
          </th>
          <th scope="col" className="py-1.5 text-right font-medium">
            Price per unit
          </th>
        </tr>
      </thead>
      <tbody>
        {tiers.map((tier, index) => {
          const next = tiers[index + 1];
          const range = next
            ? `${quantity(tier.minQuantity)} – ${quantity(next.minQuantity - 1)}`
            : `${quantity(tier.minQuantity)} or more`;
          const active = index === activeIndex;
          return (
            <tr
              key={tier.minQuantity}
              aria-current={active ? 'true' : undefined}
              className={
                active
                  ? 'border-b border-slate-200 bg-brand-50 font-semibold text-slate-900'
                  : 'border-b border-slate-200 text-slate-700'
              }
            >
              <th
                scope="row"
                className={`py-1.5 pr-4 text-left ${active ? 'font-semibold' : 'font-normal'}`}
              >
                {range}
                {active ? <span className="sr-only"> (your quantity)</span> : null}
              </th>
              <td className="py-1.5 text-right tabular-nums">{formatMoney(toCents(tier.price))}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
