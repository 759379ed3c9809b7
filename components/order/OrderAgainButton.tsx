'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { announceCartCount } from '@/components/cart/cart-events';
import { FormError } from '@/components/ui/Field';
import { postJson } from '@/lib/client/api';
import type { Cart } from '@/lib/cart/shared';
import { orderAgainMessages as m } from '@/lib/core/messages';

interface SkippedLine {
  productId: string;
  sku: string | null;
  name: string;
  quantity: number;
  reason: 'not_found' | 'full';
}

/**
 * My Orders' "Order again": puts every line of the order back in the buyer's order list
 * (POST /api/orders/{id}/reorder), priced and judged by today's rules there, then opens the list.
 * When some lines could not be added (a part no longer sold, a full list), it says which here
 * first, with the way to the list.
 */
export function OrderAgainButton({ orderId, orderName }: { orderId: string; orderName: string }) {
  const router = useRouter();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<{ maxLines: number; skipped: SkippedLine[] } | null>(null);

  async function orderAgain() {
    setBusy(true);
    setError(null);
    const answer = await postJson<{ cart: Cart; skipped: SkippedLine[] }>(
      `/api/orders/${orderId}/reorder`,
      {},
    );
    if (!answer.ok) {
      setBusy(false);
      setError(answer.message);
      return;
    }
    const { cart, skipped } = answer.data;
    announceCartCount(cart.lineCount);
    if (!skipped.length) {
      router.push('/dashboard/cart');
      return;
    }
    setBusy(false);
    setNote({ maxLines: cart.maxLines, skipped });
  }

  return (
    <div className="mt-2">
      <button
        type="button"
        onClick={orderAgain}
        disabled={busy}
        aria-label={`Order again: ${orderName}`}
        aria-describedby={note ? `${id}-note` : undefined}
        className="text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 disabled:opacity-60"
      >
        {busy ? 'Adding to order list…' : 'Order again'}
      </button>
      <FormError message={error} />
      {note ? (
        <div id={`${id}-note`} role="status" className="mt-1 text-xs text-slate-700">
          <p>{m.skipped(note.skipped.length)}</p>
          <ul className="list-disc pl-4">
            {note.skipped.map((line) => (
              <li key={line.productId}>
                {line.sku ? <span className="font-mono">{line.sku}</span> : null} {line.name}:{' '}
                {line.reason === 'full' ? m.listFull(note.maxLines) : m.noLongerSold}
              </li>
            ))}
          </ul>
          <Link
            href="/dashboard/cart"
            className="font-medium text-brand-700 underline underline-offset-2"
          >
            {m.openList}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
