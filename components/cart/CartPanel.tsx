'use client';

import { useCallback, useId, useState } from 'react';
import type { Cart } from '@/lib/cart/shared';
import { orderListWording } from '@/lib/core/b2b-wording/order-list';
import { CartQuoteButton } from '@/components/quote/CartQuoteButton';
import { CartLines, type CartLinesState } from './CartLines';
import {
  CheckoutForm,
  type CheckoutBlock,
  type CheckoutCompany,
  type CheckoutHolds,
} from './CheckoutForm';
import { ShareOrderList, type ShareSetup } from './ShareOrderList';

/**
 * Sending the list to a colleague, for a member of a company: whether their own role places
 * orders, and their role as the pages name it.
 */
export interface ShareOffer {
  setup: ShareSetup;
  canPlace: boolean;
  role: string;
}

/**
 * The order list page's working part: the lines (CartLines), a quote for the whole list
 * (CartQuoteButton) and, below them, the checkout (CheckoutForm), which sees the list as the
 * server last answered it and whether a quantity is being saved or refused. For a company
 * member whose role places no orders, the top of the list says who can check it out and offers
 * to send it to such a colleague (ShareOrderList), in place of a checkout; a member who orders
 * may send it too, below the checkout.
 */
export function CartPanel({
  initial,
  user,
  cardLimitCents,
  bankTransfer = false,
  holds,
  company = null,
  share = null,
}: {
  initial: Cart;
  user: { name: string; email: string };
  cardLimitCents: number;
  /** Whether an order may be paid by bank transfer (Stripe is configured): no amount limit. */
  bankTransfer?: boolean;
  /** How long an order placed now holds its parts, for the checkout to say. */
  holds: CheckoutHolds;
  /** The buyer's company, when they belong to one (its addresses, their limit and role). */
  company?: CheckoutCompany | null;
  /** Sending the list to a colleague, for a member of a company. */
  share?: ShareOffer | null;
}) {
  const ids = useId();
  const [cart, setCart] = useState(initial);
  const [state, setState] = useState<CartLinesState>({
    saving: false,
    invalid: false,
    totalCents: initial.totalCents,
  });
  const onState = useCallback((next: CartLinesState) => setState(next), []);

  const block: CheckoutBlock = state.saving
    ? 'saving'
    : state.invalid || !cart.ready
      ? 'issues'
      : state.totalCents > cardLimitCents
        ? 'card_limit'
        : null;

  const shareForm = share ? (
    <ShareOrderList
      setup={share.setup}
      lineCount={cart.lines.length}
      ready={cart.ready && !state.invalid}
      saving={state.saving}
    />
  ) : null;

  return (
    <>
      {share && !share.canPlace ? (
        <section
          aria-labelledby={`${ids}-cannot-order`}
          className="mt-6 max-w-3xl rounded-lg border border-amber-300 bg-amber-50 px-4 py-4 text-amber-950"
          data-testid="order-list-cannot-order"
        >
          <h2 id={`${ids}-cannot-order`} className="text-base font-semibold">
            {orderListWording.cannotOrder.heading({ roles: share.setup.orderingRoles })}
          </h2>
          <p className="mt-1 text-sm">
            {orderListWording.cannotOrder.text({ company: share.setup.company, role: share.role })}
          </p>
          {shareForm}
        </section>
      ) : null}
      <CartLines cart={cart} onCart={setCart} onState={onState} />
      {cart.lines.length ? (
        <div className="mt-6 flex flex-wrap items-center gap-3 text-sm text-slate-600">
          <p>{orderListWording.list.quote}</p>
          <CartQuoteButton />
        </div>
      ) : null}
      {/* A member whose role places no orders reads the note above instead of a checkout. */}
      {cart.lines.length && !(share && !share.canPlace) ? (
        <CheckoutForm
          user={user}
          cart={cart}
          totalCents={state.totalCents}
          block={block}
          cardLimitCents={cardLimitCents}
          bankTransfer={bankTransfer}
          holds={holds}
          onCart={setCart}
          company={company}
        />
      ) : null}
      {share?.canPlace && share.setup.colleagues.length && cart.lines.length ? (
        <section aria-labelledby={`${ids}-share`} className="mt-10 max-w-2xl">
          <h2 id={`${ids}-share`} className="text-xl font-semibold text-slate-900">
            {orderListWording.share.heading}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {orderListWording.share.intro({ company: share.setup.company })}
          </p>
          {shareForm}
        </section>
      ) : null}
    </>
  );
}
