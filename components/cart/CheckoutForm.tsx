'use client';

import Link from 'next/link';
import { useId, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useLazyForm } from '@/components/forms/useLazyForm';
import {
  BuyerDeliveryFields,
  deliveryBody,
  showDeliveryErrors,
} from '@/components/order/BuyerDeliveryFields';
import { FormError } from '@/components/ui/Field';
import { callApi, postJson } from '@/lib/client/api';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import type { Cart, CartLine } from '@/lib/cart/shared';
import type { ShippingAddress } from '@/lib/companies/shared';
import { formatMoney } from '@/lib/core/money';
import type { CheckoutInput } from '@/lib/orders/schemas';
import { announceCartCount } from './cart-events';

/** The form's values as typed: an empty PO number is none. */
type CheckoutFields = { address: string; phone: string; poNumber?: string | null };

/** The delivery fields' zod schema, loaded once the page is up (lib/client/lazy-resolver.ts). */
const resolver = lazyZodResolver<CheckoutFields, CheckoutInput>(() =>
  import('@/lib/orders/schemas').then((module) => module.checkoutSchema),
);

/** A line of a checkout refused for short stock (`details.lines` of `order.lines_short`). */
interface ShortLine {
  productId: string;
  quantity: number;
  reason: 'not_found' | 'below_minimum' | 'out_of_stock';
  available?: number;
  minimum?: number;
}

function isShortLines(value: unknown): value is ShortLine[] {
  return (
    Array.isArray(value) &&
    value.every(
      (line) =>
        typeof line === 'object' &&
        line !== null &&
        typeof (line as ShortLine).productId === 'string' &&
        typeof (line as ShortLine).reason === 'string',
    )
  );
}

const units = (count: number) => count.toLocaleString('en-US');

/** What a short line's buyer can do, in words. */
function shortText(line: ShortLine): string {
  switch (line.reason) {
    case 'not_found':
      return 'no longer sold: remove it';
    case 'below_minimum':
      return `you asked ${units(line.quantity)}; the minimum is now ${units(line.minimum ?? 0)}`;
    default:
      return `you asked ${units(line.quantity)}; ${units(line.available ?? 0)} available`;
  }
}

/** A company address as the one-line address field takes it: its lines joined by commas. */
const oneLine = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join(', ');

/** Why the order list cannot be checked out now, or null when it can. */
export type CheckoutBlock = 'saving' | 'issues' | 'card_limit' | null;

/**
 * The buyer's company, for a company member: its shipping addresses (offered to fill the
 * delivery fields, the default one first), the member's approval limit in cents (null: none)
 * and whether their role places orders.
 */
export interface CheckoutCompany {
  name: string;
  addresses: ShippingAddress[];
  limitCents: number | null;
  canPlace: boolean;
  /**
   * The company's terms when it may pay on account (net terms): its net days, the credit left
   * in cents and whether it is on hold; null on prepay.
   */
  account?: { netDays: number; availableCents: number; onHold: boolean } | null;
}

const blockNotes: Record<Exclude<CheckoutBlock, null | 'card_limit'>, string> = {
  saving: 'Saving your quantities… You can check out once they are saved.',
  issues:
    'A line of your order list cannot be ordered as it is: change or remove it (its note says why), then check out.',
};

/**
 * The order list's checkout, below its lines: the signed-in buyer's name and email
 * (read-only), the delivery fields (address, phone, optional PO number), for a member of a
 * company on net terms the choice to pay on account (with the credit left) or by card, and
 * "Check out", which places the whole list as one order (POST /api/checkout) and opens that
 * order's payment page (or, on account, the order's page).
 * Disabled, with a note saying why, while a quantity is being saved, while a line has an
 * issue, and when the total is above what one card payment allows (then a quote is the way).
 * A refusal for short stock names each short line with what is available, and the lines are
 * read again so that each shows its own issue.
 */
export function CheckoutForm({
  user,
  cart,
  totalCents,
  block,
  cardLimitCents,
  bankTransfer = false,
  onCart,
  company = null,
}: {
  user: { name: string; email: string };
  cart: Cart;
  totalCents: number;
  block: CheckoutBlock;
  /** The largest card payment, in cents ($999,999.99). */
  cardLimitCents: number;
  /** Whether the order can be paid by bank transfer afterwards (no amount limit). */
  bankTransfer?: boolean;
  onCart: (next: Cart) => void;
  company?: CheckoutCompany | null;
}) {
  const router = useRouter();
  const ids = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const [short, setShort] = useState<Array<{ line: ShortLine; known?: CartLine }>>([]);
  const [leaving, setLeaving] = useState(false);
  const first =
    company?.addresses.find((address) => address.default) ?? company?.addresses[0] ?? null;
  const { register, handleSubmit, setError, setValue, errors, isSubmitting } = useLazyForm(
    resolver,
    {
      defaultValues: {
        address: first ? oneLine(first.address) : '',
        phone: first?.phone ?? '',
        poNumber: '',
      },
    },
  );
  const [shipTo, setShipTo] = useState(first?._id ?? '');
  const chooseAddress = (id: string) => {
    setShipTo(id);
    const chosen = company?.addresses.find((address) => address._id === id);
    if (!chosen) return;
    setValue('address', oneLine(chosen.address), { shouldValidate: false });
    setValue('phone', chosen.phone, { shouldValidate: false });
  };
  const needsApproval =
    company !== null && company.limitCents !== null && totalCents > company.limitCents;
  const account = company?.account ?? null;
  const accountUsable = account !== null && !account.onHold && totalCents <= account.availableCents;
  const [method, setMethod] = useState<'card' | 'account'>(accountUsable ? 'account' : 'card');
  const onAccount = method === 'account' && account !== null;

  const reload = async () => {
    const fresh = await callApi<Cart>('/api/cart');
    if (fresh.ok) {
      onCart(fresh.data);
      announceCartCount(fresh.data.lineCount);
    }
  };

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    setShort([]);
    const answer = await postJson<{ insertedId: string }>('/api/checkout', {
      ...deliveryBody(values),
      ...(onAccount ? { paymentMethod: 'account' } : {}),
    });
    if (answer.ok) {
      setLeaving(true);
      // The ordered lines left the list; a line changed meanwhile elsewhere stays in it.
      void callApi<{ lineCount: number }>('/api/cart/count').then((count) => {
        if (count.ok) announceCartCount(count.data.lineCount);
      });
      // An order on account has nothing to pay now: its own page says what comes next.
      router.push(
        onAccount
          ? `/dashboard/order/${answer.data.insertedId}`
          : `/dashboard/payment/${answer.data.insertedId}`,
      );
      return;
    }
    if (showDeliveryErrors(answer, setError)) return;
    setFormError(answer.message);
    const lines = answer.details?.lines;
    if (isShortLines(lines)) {
      setShort(
        lines.map((line) => ({
          line,
          known: cart.lines.find((known) => known.productId === line.productId),
        })),
      );
    }
    // The list may have changed (stock fell, a part was deleted): each line shows it now.
    if (answer.status === 409) await reload();
  });

  // The card limit does not apply to an order on account, nor to one paid by bank transfer.
  const aboveCard = block === 'card_limit' && !onAccount;
  const overLimit = aboveCard && !bankTransfer;
  const roleBlocked = company !== null && !company.canPlace;
  const blocked = overLimit || (block !== null && block !== 'card_limit');
  const disabled = blocked || roleBlocked || isSubmitting || leaving;

  return (
    <section aria-labelledby={`${ids}-heading`} className="mt-10 max-w-2xl">
      <h2 id={`${ids}-heading`} className="text-xl font-semibold text-slate-900">
        Check out
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Every line of your order list becomes one order, paid with one card payment. Price, minimum
        and stock are checked again when you check out.
      </p>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4" aria-label="Checkout">
        {company && company.addresses.length ? (
          <div>
            <label htmlFor={`${ids}-ship-to`} className="field-label">
              Ship to one of {company.name}&rsquo;s addresses
            </label>
            <select
              id={`${ids}-ship-to`}
              className="field-input"
              value={shipTo}
              onChange={(event) => chooseAddress(event.target.value)}
            >
              {company.addresses.map((address) => (
                <option key={address._id} value={address._id}>
                  {address.label}
                  {address.default ? ' (default)' : ''}
                </option>
              ))}
            </select>
            <p className="mt-1 text-xs text-slate-600">
              Fills the address and phone below; you may still change them for this order.
            </p>
          </div>
        ) : null}
        <BuyerDeliveryFields idPrefix={ids} user={user} register={register} errors={errors} />
        {account && !roleBlocked ? (
          <fieldset className="rounded-md border border-slate-300 px-4 py-3">
            <legend className="px-1 text-sm font-semibold text-slate-900">How to pay</legend>
            <div className="space-y-2">
              <label className="flex items-start gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name="paymentMethod"
                  value="account"
                  className="mt-1"
                  checked={method === 'account'}
                  disabled={account.onHold}
                  onChange={() => setMethod('account')}
                />
                <span>
                  <span className="font-medium">Pay on account (Net {account.netDays})</span>
                  <span className="block text-slate-600" data-testid="checkout-credit">
                    Available credit: {formatMoney(account.availableCents)}. Invoiced on{' '}
                    {company!.name}&rsquo;s terms; nothing to pay now.
                  </span>
                </span>
              </label>
              <label className="flex items-start gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name="paymentMethod"
                  value="card"
                  className="mt-1"
                  checked={method === 'card'}
                  onChange={() => setMethod('card')}
                />
                <span className="font-medium">Pay by card now</span>
              </label>
            </div>
            {account.onHold ? (
              <p className="mt-2 text-sm text-amber-900" data-testid="checkout-on-hold">
                {company!.name}&rsquo;s account is on hold because an invoice is overdue: pay it to
                order on account again. You can still pay by card.
              </p>
            ) : method === 'account' && totalCents > account.availableCents ? (
              <p className="mt-2 text-sm text-amber-900" data-testid="checkout-over-credit">
                This order, {formatMoney(totalCents)}, is more than the credit left: lower it or pay
                by card.
              </p>
            ) : null}
          </fieldset>
        ) : null}
        {roleBlocked ? (
          <p
            role="status"
            className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
            data-testid="checkout-role"
          >
            Your role in {company!.name} does not place orders: its buyers and owners do. You can
            still keep parts in this list or ask a buyer to order them.
          </p>
        ) : null}
        {needsApproval && !roleBlocked ? (
          <p
            role="status"
            className="rounded-md border border-orange-300 bg-orange-50 px-4 py-3 text-sm text-orange-900"
            data-testid="checkout-approval"
          >
            This order is above your approval limit of {formatMoney(company!.limitCents!)}: it will
            wait for an approver of {company!.name}, its parts reserved, before it can be{' '}
            {onAccount ? 'confirmed' : 'paid'}.
          </p>
        ) : null}
        {block && block !== 'card_limit' ? (
          <p
            id={`${ids}-blocked`}
            role="status"
            className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
            data-testid="checkout-blocked"
          >
            {blockNotes[block]}
          </p>
        ) : null}
        {aboveCard ? (
          <div
            id={`${ids}-blocked`}
            role="status"
            className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
            data-testid="checkout-card-limit"
          >
            <p>
              The order total, {formatMoney(totalCents)}, is above {formatMoney(cardLimitCents)},
              the most a single card payment allows.
            </p>
            <p className="mt-1">
              {bankTransfer
                ? 'Check out and pay it by bank transfer: the payment page shows the bank details. Or request a quote for this list instead (above); see '
                : 'Request a quote for this list instead (above): we answer with prices and how to pay. See '}
              <Link href="/dashboard/quotes" className="font-medium underline underline-offset-2">
                Quotes
              </Link>
              {bankTransfer ? '.' : ', or lower quantities to check out by card.'}
            </p>
          </div>
        ) : null}
        <FormError message={formError} />
        {short.length ? (
          <ul
            className="list-disc space-y-1 pl-5 text-sm text-red-700"
            data-testid="checkout-short"
          >
            {short.map(({ line, known }) => (
              <li key={line.productId}>
                <span className="font-medium">{known?.name ?? 'A part no longer sold'}</span>
                {known?.sku ? <span className="font-mono"> ({known.sku})</span> : null}:{' '}
                {shortText(line)}
              </li>
            ))}
          </ul>
        ) : null}
        <button
          type="submit"
          className="btn-primary"
          disabled={disabled}
          aria-describedby={blocked || aboveCard ? `${ids}-blocked` : undefined}
        >
          {isSubmitting || leaving
            ? 'Placing your order…'
            : `Check out ${cart.lineCount} ${cart.lineCount === 1 ? 'line' : 'lines'}`}
        </button>
      </form>
    </section>
  );
}
