'use client';

import { useId, useState } from 'react';
import { postJson } from '@/lib/client/api';
import type { Cart } from '@/lib/cart/shared';
import { toast } from '@/components/ui/toast';
import { announceCartCount } from './cart-events';

/**
 * "Add to order list" beside the product page's order form: adds the quantity chosen in the
 * form's dropdown to the buyer's order list (POST /api/cart/lines; adding a part already listed
 * adds to its line), with the same quantity rules as an order. A refusal shows under the
 * button; success is a toast with a link to the list, and the header's count follows.
 */
export function AddToCartButton({ productId, quantity }: { productId: string; quantity: number }) {
  const ids = useId();
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  const add = async () => {
    setAdding(true);
    setError(null);
    const result = await postJson<Cart>('/api/cart/lines', { productId, quantity });
    setAdding(false);
    if (!result.ok) {
      setError(result.fields?.quantity?.[0] ?? result.message);
      return;
    }
    announceCartCount(result.data.lineCount);
    toast.success('Added to your order list', {
      href: '/dashboard/cart',
      label: 'View order list',
    });
  };

  return (
    <div>
      <button
        type="button"
        className="btn-secondary"
        disabled={adding}
        aria-describedby={error ? `${ids}-error` : undefined}
        onClick={() => void add()}
      >
        {adding ? 'Adding…' : 'Add to order list'}
      </button>
      {error ? (
        <p id={`${ids}-error`} role="alert" className="field-error max-w-xs">
          {error}
        </p>
      ) : null}
    </div>
  );
}
