import { formatMoney, toCents } from '@/lib/core/money';
import type { MemberPrice } from '@/lib/pricing/shared';

/**
 * A product card's price rows for a company member with a contract price (`useMemberPrices`):
 * "Your price" with the list price struck through beside it, and "from" the lowest price of the
 * contract's own tiers when they go lower. Rows of the card's `<dl>`; drawn in the browser only,
 * after the page (the same for everyone) has loaded.
 */
export function YourPrice({ price }: { price: MemberPrice }) {
  const unitCents = toCents(price.unitPrice);
  const lowestCents = Math.min(
    unitCents,
    ...(price.tiers ?? []).map((tier) => toCents(tier.unitPrice)),
  );
  return (
    <>
      <div data-testid="your-price">
        <dt>Your price</dt>
        <dd className="text-right">
          <span className="font-semibold text-emerald-700">{formatMoney(unitCents)}</span>{' '}
          <s className="text-slate-500">
            <span className="sr-only">List price </span>
            {formatMoney(toCents(price.listPrice))}
          </s>
        </dd>
      </div>
      {lowestCents < unitCents ? (
        <div>
          <dt>Your volume price</dt>
          <dd className="card-from" data-testid="your-price-from">
            {`from ${formatMoney(lowestCents)}`}
          </dd>
        </div>
      ) : null}
    </>
  );
}
