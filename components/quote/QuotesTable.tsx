'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { Table, Td } from '@/components/ui/Table';
import { toast } from '@/components/ui/toast';
import { postJson } from '@/lib/client/api';
import type { Quote } from '@/lib/quotes';
import { quotesWording } from '@/lib/core/b2b-wording/quotes';
import { notices } from '@/lib/core/notices';
import { formatShortDay } from '@/lib/core/dates';
import { centsToDollars, formatMoney, toCents } from '@/lib/core/money';
import { AnswerButton } from './QuoteAnswerDialog';
import { DeclineButton } from './QuoteDeclineDialog';
import { QuoteStatusBadge } from './QuoteStatusBadge';

const words = quotesWording.table;

/**
 * What the buyer accepts: the unit price this row shows, or for a quote of an order list the
 * unit price of each of its lines, in their order.
 */
function acceptedPrices(quote: Quote) {
  if (quote.unitPrice !== null) return { unitPrice: quote.unitPrice };
  // A quote of an order list (also of one line) is accepted by the prices of its lines.
  return { unitPrices: quote.lines.map((line) => centsToDollars(line.unitPriceCents ?? 0)) };
}

/**
 * The buyer's Accept: places the order at the quoted price and opens its payment page. It sends
 * the unit price this row shows (every line's, for an order list), so the server accepts only
 * that price: if the store answered anew meanwhile, the refusal (naming the new price) stays
 * under the button and the table is refreshed with the new price, to be accepted again
 * knowingly.
 */
function AcceptButton({ quote }: { quote: Quote }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  async function accept() {
    setBusy(true);
    setRefusal(null);
    const result = await postJson<{ orderId: string }>(
      `/api/quotes/${quote._id}/accept`,
      acceptedPrices(quote),
    );
    if (result.ok) {
      toast.success(notices.quoteAccepted);
      router.push(`/dashboard/payment/${result.data.orderId}`);
      return;
    }
    setBusy(false);
    setRefusal(result.message);
    toast.error(result.message);
    router.refresh();
  }
  return (
    <div className="flex flex-col items-stretch gap-1">
      <button
        type="button"
        className="btn-primary px-3 py-1 text-xs"
        disabled={busy}
        aria-label={words.acceptLabel(quote.reference)}
        onClick={accept}
      >
        {busy ? words.accepting : words.accept}
      </button>
      {refusal ? (
        <p
          role="alert"
          className="max-w-[14rem] text-xs whitespace-normal text-red-700"
          data-testid="quote-accept-error"
        >
          {refusal}
        </p>
      ) : null}
    </div>
  );
}

/**
 * What a quote asks, in the table: the product (a link to its page) and its part number, or for
 * a quote of an order list each line with its quantity and, once answered, its unit price.
 */
function Asked({ quote }: { quote: Quote }) {
  if (quote.lines.length <= 1) return <OneProduct quote={quote} />;
  return (
    <>
      <span className="font-medium text-slate-900">{words.orderList(quote.lines.length)}</span>
      <ul className="mt-1 space-y-1 text-xs text-slate-700" data-testid="quote-lines">
        {quote.lines.map((line) => (
          <li key={line.productId}>
            <span className="tabular-nums">{line.quantity.toLocaleString('en-US')}</span> ×{' '}
            <Link href={`/product/${line.productId}`} className="text-blue-700 underline">
              {line.name}
            </Link>
            {line.sku ? <span className="text-slate-600"> ({line.sku})</span> : null}
            {line.unitPriceCents !== null ? (
              <span className="tabular-nums"> {words.lineAt(line.unitPriceCents)}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The quoted unit price; a quote of several lines has one per line (shown with them). */
function UnitPrice({ quote }: { quote: Quote }) {
  if (quote.unitPrice !== null) return <>{formatMoney(toCents(quote.unitPrice))}</>;
  const [only] = quote.lines;
  if (quote.lines.length === 1 && only?.unitPriceCents != null) {
    return <>{formatMoney(only.unitPriceCents)}</>;
  }
  if (quote.lines.length > 1 && quote.total !== null) {
    return <span className="text-xs text-slate-600">{words.perLine}</span>;
  }
  return <>—</>;
}

function OneProduct({ quote }: { quote: Quote }) {
  return (
    <>
      <Link href={`/product/${quote.productId}`} className="text-blue-700 underline">
        {quote.productName}
      </Link>
      {quote.sku ? <span className="block text-xs text-slate-600">{quote.sku}</span> : null}
    </>
  );
}

function Actions({ quote, admin }: { quote: Quote; admin: boolean }) {
  if (admin) {
    const open =
      quote.status === 'requested' || quote.status === 'answered' || quote.status === 'expired';
    if (open) {
      return (
        <div className="flex flex-col items-stretch gap-2">
          <AnswerButton quote={quote} />
          <DeclineButton quote={quote} />
        </div>
      );
    }
  } else if (quote.status === 'answered') {
    return <AcceptButton quote={quote} />;
  }
  if (quote.orderId) {
    return (
      <Link href={`/dashboard/order/${quote.orderId}`} className="text-blue-700 underline">
        {words.viewOrder}
      </Link>
    );
  }
  return <span className="text-slate-600">—</span>;
}

/**
 * The quotes page's table: the buyer's own quotes, or every quote for an admin (with the
 * buyer). Admins answer or decline from a dialog; buyers accept an answered quote, which
 * places its order and opens the payment page.
 */
export function QuotesTable({ quotes, admin }: { quotes: Quote[]; admin: boolean }) {
  if (quotes.length === 0) {
    return <p className="mt-6 text-slate-600">{admin ? words.noneAdmin : words.none}</p>;
  }
  const { columns: names } = words;
  const columns = [
    names.reference,
    admin ? names.productAndBuyer : names.product,
    names.quantity,
    names.neededBy,
    names.status,
    names.unitPrice,
    names.total,
    names.validUntil,
    names.actions,
  ];
  return (
    <Table columns={columns} className="mt-6">
      {quotes.map((quote) => (
        <tr key={quote._id} data-testid={`quote-${quote.reference}`}>
          <Td className="font-medium whitespace-nowrap text-slate-900">{quote.reference}</Td>
          <Td className="min-w-[11rem]">
            <Asked quote={quote} />
            {admin ? (
              <span className="mt-1 block text-xs text-slate-700">
                <span className="sr-only">{words.buyer}</span>
                {quote.buyer.name} · <span className="break-all">{quote.buyer.email}</span>
              </span>
            ) : null}
          </Td>
          <Td className="text-right tabular-nums">{quote.quantity.toLocaleString('en-US')}</Td>
          <Td className="whitespace-nowrap">
            {quote.neededBy ? formatShortDay(quote.neededBy) : '—'}
          </Td>
          <Td>
            <QuoteStatusBadge status={quote.status} />
            {quote.status === 'declined' && quote.declineReason ? (
              <span className="mt-1 block text-xs text-slate-700">{quote.declineReason}</span>
            ) : null}
          </Td>
          <Td className="text-right whitespace-nowrap tabular-nums" data-testid="quote-unit-price">
            <UnitPrice quote={quote} />
          </Td>
          <Td
            className="text-right font-semibold whitespace-nowrap tabular-nums"
            data-testid="quote-total"
          >
            {quote.total === null ? '—' : formatMoney(toCents(quote.total))}
          </Td>
          <Td className="whitespace-nowrap">
            {quote.validUntil ? formatShortDay(quote.validUntil) : '—'}
          </Td>
          <Td className="whitespace-nowrap">
            <Actions quote={quote} admin={admin} />
          </Td>
        </tr>
      ))}
    </Table>
  );
}
