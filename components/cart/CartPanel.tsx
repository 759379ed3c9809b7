'use client';

import { useCallback, useState } from 'react';
import type { Cart } from '@/lib/cart/shared';
import { CartQuoteButton } from '@/components/quote/CartQuoteButton';
import { CartLines, type CartLinesState } from './CartLines';
import {
  CheckoutForm,
  type CheckoutBlock,
  type CheckoutCompany,
  type CheckoutHolds,
} from './CheckoutForm';

/**
 * The order list page's working part: the lines (CartLines), a quote for the whole list
 * (CartQuoteButton) and, below them, the checkout (CheckoutForm), which sees the list as the server last answered it and whether a quantity is
 * being saved or refused.
 */
export function CartPanel({
  initial,
  user,
  cardLimitCents,
  bankTransfer = false,
  holds,
  company = null,
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
}) {
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

  return (
    <>
      <CartLines cart={cart} onCart={setCart} onState={onState} />
      {cart.lines.length ? (
        <div className="mt-6 flex flex-wrap items-center gap-3 text-sm text-slate-600">
          <p>More than we have in stock, or more than one card payment allows? Ask us a price.</p>
          <CartQuoteButton />
        </div>
      ) : null}
      {cart.lines.length ? (
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
    </>
  );
}
