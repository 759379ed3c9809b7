'use client';

import Link from 'next/link';
import { useEffect, useId, useState } from 'react';
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
import type { Cart } from '@/lib/cart/shared';
import type { ShippingAddress } from '@/lib/companies/shared';
import { checkoutWording as w, type RefusedLineReason } from '@/lib/core/b2b-wording/checkout';
import type { CheckoutInput } from '@/lib/orders/schemas';
import { announceCartCount } from './cart-events';

/** The form's values as typed: an empty PO number is none. */
type CheckoutFields = { address: string; phone: string; poNumber?: string | null };

/** The delivery fields' zod schema, loaded once the page is up (lib/client/lazy-resolver.ts). */
const resolver = lazyZodResolver<CheckoutFields, CheckoutInput>(() =>
  import('@/lib/orders/schemas').then((module) => module.checkoutSchema),
);

/**
 * A line of a checkout refused for lines that cannot be ordered as they are (`details.lines` of
 * POST /api/checkout's 409): the part, the quantity asked, why, and the quantity that can be
 * ordered now (null: none).
 */
interface RefusedLine {
  productId: string;
  sku: string | null;
  name: string;
  quantity: number;
  reason: RefusedLineReason;
  available?: number;
  minimum?: number;
  multiple?: number;
  maximum?: number;
  nearestQuantity: number | null;
}

/** The refused lines of an answer's details; none when it has none. */
function refusedLinesOf(value: unknown): RefusedLine[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (line): line is RefusedLine =>
      typeof line === 'object' &&
      line !== null &&
      typeof (line as RefusedLine).productId === 'string' &&
      typeof (line as RefusedLine).name === 'string' &&
      typeof (line as RefusedLine).reason === 'string',
  );
}

/** What became of a refused line once an action on it went through, or why it did not. */
type LineOutcome = { done: true; text: string; quoted?: boolean } | { done: false; error: string };

/**
 * Below a refused checkout's message: each refused line with what is wrong, and one action per
 * line: order what can be ordered now (sets the list's line to it, PUT /api/cart/lines), remove
 * it (DELETE /api/cart/lines), or request a quote for the quantity asked (POST /api/quotes, to
 * the delivery address and phone of the checkout; for a line short of stock or above the most
 * one order takes). Each action then reads the list again (`onChanged`); the line then says what
 * was done, and once every line is done the refusal's message gives way to "check out again".
 */
function RefusedLines({
  lines,
  ready,
  delivery,
  onChanged,
  onAllDone,
}: {
  lines: RefusedLine[];
  /** Whether the list as it is now may be checked out. */
  ready: boolean;
  delivery: () => { address: string; phone: string };
  onChanged: () => Promise<void>;
  onAllDone: () => void;
}) {
  const [outcomes, setOutcomes] = useState<Record<string, LineOutcome>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const allDone = lines.every((line) => outcomes[line.productId]?.done);

  const act = async (line: RefusedLine, action: () => Promise<LineOutcome>) => {
    setBusy(line.productId);
    const outcome = await action();
    await onChanged();
    setBusy(null);
    setOutcomes((current) => ({ ...current, [line.productId]: outcome }));
  };

  useEffect(() => {
    if (allDone) onAllDone();
  }, [allDone, onAllDone]);

  const orderNow = (line: RefusedLine, quantity: number) =>
    act(line, async () => {
      const answer = await callApi(`/api/cart/lines/${line.productId}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ quantity }),
      });
      return answer.ok
        ? { done: true, text: w.refused.done.set({ name: line.name, quantity }) }
        : { done: false, error: answer.fields?.quantity?.[0] ?? answer.message };
    });

  const remove = (line: RefusedLine) =>
    act(line, async () => {
      const answer = await callApi(`/api/cart/lines/${line.productId}`, { method: 'DELETE' });
      // Removed meanwhile (another tab or device) is removed all the same.
      return answer.ok || answer.status === 404
        ? { done: true, text: w.refused.done.removed(line.name) }
        : { done: false, error: answer.message };
    });

  const requestQuote = (line: RefusedLine) =>
    act(line, async () => {
      const answer = await postJson<{ reference: string }>('/api/quotes', {
        productId: line.productId,
        quantity: line.quantity,
        ...delivery(),
      });
      if (!answer.ok) {
        const field = Object.values(answer.fields ?? {})[0]?.[0];
        return { done: false, error: field ?? answer.message };
      }
      const { reference } = answer.data;
      return {
        done: true,
        quoted: true,
        text: w.refused.done.quoted({ name: line.name, quantity: line.quantity, reference }),
      };
    });

  /** One action on a line: its visible label, then what it is about for screen readers. */
  const button = (label: string, about: string, run: () => Promise<void>) => (
    <button
      type="button"
      className="btn-secondary"
      disabled={busy !== null}
      onClick={() => void run()}
    >
      {label}
      <span className="sr-only">{about}</span>
    </button>
  );

  return (
    <div data-testid="checkout-refused">
      <ul className="space-y-3">
        {lines.map((line) => {
          const outcome = outcomes[line.productId];
          const nearest = line.nearestQuantity;
          const quotable = line.reason === 'out_of_stock' || line.reason === 'above_maximum';
          return (
            <li
              key={line.productId}
              className={
                outcome?.done
                  ? 'rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800'
                  : 'rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900'
              }
              data-testid="checkout-refused-line"
            >
              <p>
                {w.refused.line(line)}
                {line.sku ? <span className="block font-mono text-xs">{line.sku}</span> : null}
              </p>
              {outcome?.done ? (
                <p role="status" className="mt-1 font-medium text-slate-900">
                  {outcome.text}
                  {outcome.quoted ? (
                    <>
                      {' '}
                      <Link
                        href="/dashboard/quotes"
                        className="text-brand-700 underline underline-offset-2"
                      >
                        {w.refused.done.quotesLink}
                      </Link>
                    </>
                  ) : null}
                </p>
              ) : (
                <div className="mt-2 flex flex-wrap gap-2">
                  {nearest !== null && nearest > 0 && line.reason !== 'not_found'
                    ? button(
                        w.refused.orderAvailable({
                          quantity: nearest,
                          available: line.available ?? nearest,
                          short: line.reason === 'out_of_stock',
                        }),
                        w.refused.about.order(line.name),
                        () => orderNow(line, nearest),
                      )
                    : null}
                  {button(w.refused.remove, w.refused.about.remove(line.name), () => remove(line))}
                  {quotable
                    ? button(
                        w.refused.requestQuote,
                        w.refused.about.quote({ name: line.name, quantity: line.quantity }),
                        () => requestQuote(line),
                      )
                    : null}
                </div>
              )}
              {outcome && !outcome.done ? (
                <p role="alert" className="mt-1 text-red-700">
                  {outcome.error}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      {allDone && ready ? (
        <p role="status" className="mt-3 text-sm font-medium text-slate-900">
          {w.refused.allDone}
        </p>
      ) : null}
    </div>
  );
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
 * How long an order placed now holds its parts (the store's rules for this buyer, lib/orders
 * `checkoutHolds`): unpaid, in minutes; waiting for an approval, in hours.
 */
export interface CheckoutHolds {
  unpaidMinutes: number;
  approvalHours: number;
}

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
   * in cents, whether it is on hold and when its orders are invoiced; null on prepay.
   */
  account?: {
    netDays: number;
    availableCents: number;
    onHold: boolean;
    invoiceOn: 'order' | 'shipment';
  } | null;
}

/**
 * The order list's checkout, below its lines: the signed-in buyer's name and email
 * (read-only), the delivery fields (address, phone, optional PO number), for a member of a
 * company on net terms the choice to pay on account or now, "What happens next" for the way
 * chosen (card: the payment page, and how long the parts are held; bank transfer, for a total
 * above the largest card payment: the bank details on the next page; on account: nothing to pay
 * now, and when the invoice is mailed; above the buyer's approval limit: the approval first),
 * and "Check out", which places the whole list as one order (POST /api/checkout) and opens that
 * order's payment page, or its own page when there is nothing to pay yet (on account, or
 * waiting for an approval: the answer's `status`).
 *
 * When the account cannot take this order (the credit left is below the total, or the account
 * is on hold), "Pay on account" stays in sight, disabled, saying why and what the buyer can do.
 * Disabled, with a note saying why, while a quantity is being saved, while a line has an
 * issue, and when the total is above what one card payment allows (then a quote is the way).
 * A refusal for lines that cannot be ordered (short of stock) names each one at the top, with
 * an action per line below it (RefusedLines), and the lines are read again so that each shows
 * its own issue.
 */
export function CheckoutForm({
  user,
  cart,
  totalCents,
  block,
  cardLimitCents,
  bankTransfer = false,
  holds,
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
  holds: CheckoutHolds;
  onCart: (next: Cart) => void;
  company?: CheckoutCompany | null;
}) {
  const router = useRouter();
  const ids = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const [refused, setRefused] = useState<RefusedLine[]>([]);
  /** A refusal's lines wait for the buyer: they, not the list's note, say what to change. */
  const [refusalOpen, setRefusalOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const first =
    company?.addresses.find((address) => address.default) ?? company?.addresses[0] ?? null;
  const { register, handleSubmit, setError, setValue, getValues, errors, isSubmitting } =
    useLazyForm(resolver, {
      defaultValues: {
        address: first ? oneLine(first.address) : '',
        phone: first?.phone ?? '',
        poNumber: '',
      },
    });
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
  const [chosen, setChosen] = useState<'card' | 'account'>(accountUsable ? 'account' : 'card');
  // An account that can no longer take the order (its total went up) leaves paying now.
  const onAccount = chosen === 'account' && accountUsable;
  /** The total is above the largest card payment: paying now is by bank transfer. */
  const byTransfer = totalCents > cardLimitCents && bankTransfer;

  const reload = async () => {
    const fresh = await callApi<Cart>('/api/cart');
    if (fresh.ok) {
      onCart(fresh.data);
      announceCartCount(fresh.data.lineCount);
    }
  };

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    setRefused([]);
    setRefusalOpen(false);
    const answer = await postJson<{ insertedId: string; status: string }>('/api/checkout', {
      ...deliveryBody(values),
      ...(onAccount ? { paymentMethod: 'account' } : {}),
    });
    if (answer.ok) {
      setLeaving(true);
      // The ordered lines left the list; a line changed meanwhile elsewhere stays in it.
      void callApi<{ lineCount: number }>('/api/cart/count').then((count) => {
        if (count.ok) announceCartCount(count.data.lineCount);
      });
      // Only an unpaid order is paid next; one on account or waiting for an approval has
      // nothing to pay now, and its own page says what comes next.
      const { insertedId, status } = answer.data;
      router.push(
        status === 'unpaid' ? `/dashboard/payment/${insertedId}` : `/dashboard/order/${insertedId}`,
      );
      return;
    }
    if (showDeliveryErrors(answer, setError)) return;
    setFormError(answer.message);
    const lines = refusedLinesOf(answer.details?.lines);
    setRefused(lines);
    setRefusalOpen(lines.length > 0);
    // The list may have changed (stock fell, a part was deleted): each line shows it now.
    if (answer.status === 409) await reload();
  });

  // The card limit does not apply to an order on account, nor to one paid by bank transfer.
  const aboveCard = block === 'card_limit' && !onAccount;
  const overLimit = aboveCard && !bankTransfer;
  const roleBlocked = company !== null && !company.canPlace;
  const blocked = overLimit || (block !== null && block !== 'card_limit');
  const blockNote = block === 'saving' || (block === 'issues' && !refusalOpen) ? block : null;
  const disabled = blocked || roleBlocked || isSubmitting || leaving;
  const name = company?.name ?? '';

  const next = needsApproval
    ? w.next.approval({
        limitCents: company!.limitCents!,
        company: name,
        holdHours: holds.approvalHours,
        onAccount,
      })
    : onAccount
      ? w.next.onAccount({
          company: name,
          netDays: account!.netDays,
          invoiceOn: account!.invoiceOn,
        })
      : byTransfer
        ? w.next.bankTransfer({ holdMinutes: holds.unpaidMinutes })
        : w.next.card({ holdMinutes: holds.unpaidMinutes });

  return (
    <section aria-labelledby={`${ids}-heading`} className="mt-10 max-w-2xl">
      <h2 id={`${ids}-heading`} className="text-xl font-semibold text-slate-900">
        {w.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{w.intro}</p>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4" aria-label="Checkout">
        {company && company.addresses.length ? (
          <div>
            <label htmlFor={`${ids}-ship-to`} className="field-label">
              {w.shipTo(company.name)}
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
                  {address.default ? ` ${w.defaultAddress}` : ''}
                </option>
              ))}
            </select>
            <p className="mt-1 text-xs text-slate-600">{w.shipToHint}</p>
          </div>
        ) : null}
        <BuyerDeliveryFields idPrefix={ids} user={user} register={register} errors={errors} />
        {account && !roleBlocked ? (
          <fieldset className="rounded-md border border-slate-300 px-4 py-3">
            <legend className="px-1 text-sm font-semibold text-slate-900">{w.howToPay}</legend>
            <div className="space-y-2">
              <label className="flex items-start gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name="paymentMethod"
                  value="account"
                  className="mt-1"
                  checked={onAccount}
                  disabled={!accountUsable}
                  aria-describedby={accountUsable ? undefined : `${ids}-no-account`}
                  onChange={() => setChosen('account')}
                />
                <span>
                  <span className={accountUsable ? 'font-medium' : 'font-medium text-slate-600'}>
                    {w.onAccount(account.netDays)}
                  </span>
                  {accountUsable ? (
                    <span className="block text-slate-600" data-testid="checkout-credit">
                      {w.creditLeft({ availableCents: account.availableCents, company: name })}
                    </span>
                  ) : null}
                </span>
              </label>
              {accountUsable ? null : (
                <div
                  id={`${ids}-no-account`}
                  className="ml-6 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
                  data-testid="checkout-no-account"
                >
                  <p
                    className="font-medium"
                    data-testid={account.onHold ? 'checkout-on-hold' : 'checkout-over-credit'}
                  >
                    {account.onHold
                      ? w.onHold(name)
                      : w.creditTooLow({ availableCents: account.availableCents, totalCents })}
                  </p>
                  <p className="mt-1">{w.whatYouCanDo}</p>
                  <ul className="list-disc pl-5">
                    {w
                      .creditWaysOut({
                        availableCents: account.availableCents,
                        onHold: account.onHold,
                        byTransfer,
                      })
                      .map((way) => (
                        <li key={way}>{way}</li>
                      ))}
                  </ul>
                </div>
              )}
              <label className="flex items-start gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name="paymentMethod"
                  value="card"
                  className="mt-1"
                  checked={!onAccount}
                  onChange={() => setChosen('card')}
                />
                <span className="font-medium">{w.payNow(byTransfer)}</span>
              </label>
            </div>
          </fieldset>
        ) : null}
        {roleBlocked ? (
          <p
            role="status"
            className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
            data-testid="checkout-role"
          >
            {w.blocked.role(name)}
          </p>
        ) : null}
        {blockNote ? (
          <p
            id={`${ids}-blocked`}
            role="status"
            className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
            data-testid="checkout-blocked"
          >
            {w.blocked[blockNote]}
          </p>
        ) : null}
        {aboveCard ? (
          <div
            id={`${ids}-blocked`}
            role="status"
            className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
            data-testid="checkout-card-limit"
          >
            <p>{w.cardLimit.above({ totalCents, cardLimitCents })}</p>
            <p className="mt-1">
              {bankTransfer ? w.cardLimit.bankTransfer : w.cardLimit.quote}
              <Link href="/dashboard/quotes" className="font-medium underline underline-offset-2">
                {w.cardLimit.quotesLink}
              </Link>
              {bankTransfer ? w.cardLimit.bankTransferEnd : w.cardLimit.quoteEnd}
            </p>
          </div>
        ) : null}
        {!roleBlocked && !overLimit ? (
          <section
            aria-labelledby={`${ids}-next`}
            className={
              needsApproval
                ? 'rounded-md border border-orange-300 bg-orange-50 px-4 py-3 text-sm text-orange-950'
                : 'rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-800'
            }
            data-testid="checkout-next"
          >
            <h3 id={`${ids}-next`} className="font-semibold">
              {w.next.heading}
            </h3>
            <p
              className="mt-1"
              aria-live="polite"
              data-testid={needsApproval ? 'checkout-approval' : undefined}
            >
              {next}
            </p>
          </section>
        ) : null}
        <div id={`${ids}-refused`}>
          <FormError message={formError} />
        </div>
        {refused.length ? (
          <RefusedLines
            lines={refused}
            ready={block !== 'issues'}
            delivery={() => deliveryBody(getValues())}
            onChanged={reload}
            onAllDone={() => {
              setFormError(null);
              setRefusalOpen(false);
            }}
          />
        ) : null}
        <button
          type="submit"
          className="btn-primary"
          disabled={disabled}
          aria-describedby={
            refusalOpen ? `${ids}-refused` : blocked || aboveCard ? `${ids}-blocked` : undefined
          }
        >
          {isSubmitting || leaving ? w.placing : w.submit(cart.lineCount)}
        </button>
      </form>
    </section>
  );
}
