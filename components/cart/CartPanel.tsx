'use client';

import { useCallback, useState } from 'react';
import type { Cart } from '@/lib/cart/shared';
import { CartLines, type CartLinesState } from './CartLines';
import { CheckoutForm, type CheckoutBlock } from './CheckoutForm';

/**
 * The order list page's working part: the lines (CartLines) and, below them, the checkout
 * (CheckoutForm), which sees the list as the server last answered it and whether a quantity is
 * being saved or refused.
 */
export function CartPanel({
  initial,
  user,
  cardLimitCents,
}: {
  initial: Cart;
  user: { name: string; email: string };
  cardLimitCents: number;
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
        <CheckoutForm
          user={user}
          cart={cart}
          totalCents={state.totalCents}
          block={block}
          cardLimitCents={cardLimitCents}
          onCart={setCart}
        />
      ) : null}
    </>
  );
}
