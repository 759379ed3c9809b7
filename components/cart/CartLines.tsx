'use client';

import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { callApi } from '@/lib/client/api';
import type { Cart, CartLine } from '@/lib/cart/shared';
import { orderListWording } from '@/lib/core/b2b-wording/order-list';
import { formatMoney } from '@/lib/core/money';
import { useConfirm } from '@/components/ui/useConfirm';
import { toast } from '@/components/ui/toast';
import { announceCartCount } from './cart-events';
import { CartLineRow } from './CartLineRow';
import { priced, without } from './line-figures';

const words = orderListWording.list;

/** How long after the last keystroke a changed quantity is saved. */
const SAVE_DELAY_MS = 600;

/** What the checkout below the lines needs to know of them. */
export interface CartLinesState {
  /** A changed quantity waits to be saved, or is being saved. */
  saving: boolean;
  /** A quantity typed is refused (by the product's rules here, or by the server). */
  invalid: boolean;
  /** The order total of the quantities shown (typed ones included). */
  totalCents: number;
}

/**
 * The order list's lines: part number, picture, quantity (editable, saved as the buyer stops
 * typing), the unit price of the quantity's volume tier, the line total and the list's total,
 * recomputed as quantities change. A line whose product was deleted or whose quantity no longer
 * fits the product says so, with the nearest valid quantity one click away; nothing is changed
 * without the buyer. The list itself is the caller's (`cart`, replaced through `onCart`), so
 * that the checkout beside it sees what the server answered; `onState` tells it whether a
 * quantity is being saved or refused.
 */
export function CartLines({
  cart,
  onCart,
  onState,
}: {
  cart: Cart;
  onCart: (next: Cart) => void;
  onState?: (state: CartLinesState) => void;
}) {
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** Lines with a save waiting for its delay or for the server's answer. */
  const [pending, setPending] = useState<Record<string, true>>({});
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  /** Each line's latest change, so that an earlier save's late answer does not undo it. */
  const changes = useRef(new Map<string, number>());
  const { confirm, dialog } = useConfirm();

  useEffect(() => {
    const waiting = timers.current;
    return () => {
      for (const timer of waiting.values()) clearTimeout(timer);
    };
  }, []);

  const replace = (next: Cart) => {
    onCart(next);
    announceCartCount(next.lineCount);
  };

  const settle = (productId: string) => {
    clearTimeout(timers.current.get(productId));
    timers.current.delete(productId);
    changes.current.set(productId, (changes.current.get(productId) ?? 0) + 1);
    setPending((current) => without(current, productId));
  };

  const save = async (productId: string, text: string, change: number) => {
    const quantity = Number(text);
    const result = await callApi<Cart>(`/api/cart/lines/${productId}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        quantity: text.trim() !== '' && Number.isFinite(quantity) ? quantity : text,
      }),
    });
    // A newer quantity typed meanwhile has its own save coming: this answer is not the last word.
    const superseded = changes.current.get(productId) !== change;
    if (result.ok) {
      replace(result.data);
      if (!superseded) {
        setDrafts((current) =>
          current[productId] === text ? without(current, productId) : current,
        );
        setErrors((current) => without(current, productId));
      }
    } else if (!superseded) {
      setErrors((current) => ({
        ...current,
        [productId]: result.fields?.quantity?.[0] ?? result.message,
      }));
    }
    if (!superseded) setPending((current) => without(current, productId));
  };

  const change = (productId: string, text: string) => {
    setDrafts((current) => ({ ...current, [productId]: text }));
    setErrors((current) => without(current, productId));
    setPending((current) => ({ ...current, [productId]: true }));
    const latest = (changes.current.get(productId) ?? 0) + 1;
    changes.current.set(productId, latest);
    clearTimeout(timers.current.get(productId));
    timers.current.set(
      productId,
      setTimeout(() => {
        timers.current.delete(productId);
        void save(productId, text, latest);
      }, SAVE_DELAY_MS),
    );
  };

  const remove = async (line: CartLine) => {
    settle(line.productId);
    const result = await callApi<Cart>(`/api/cart/lines/${line.productId}`, { method: 'DELETE' });
    if (result.ok) {
      replace(result.data);
      setDrafts((current) => without(current, line.productId));
      setErrors((current) => without(current, line.productId));
      toast.success(words.removed({ part: line.name }));
    } else if (result.status === 404) {
      // Removed meanwhile (another tab or device): show the list as it is now.
      const now = await callApi<Cart>('/api/cart');
      if (now.ok) replace(now.data);
    } else {
      toast.error(result.message);
    }
  };

  const empty = async () => {
    const sure = await confirm({
      ...words.emptyConfirm,
      confirmLabel: words.emptyButton,
    });
    if (!sure) return;
    for (const productId of Object.keys(pending)) settle(productId);
    const result = await callApi<Cart>('/api/cart', { method: 'DELETE' });
    if (result.ok) {
      replace(result.data);
      setDrafts({});
      setErrors({});
      setPending({});
    } else {
      toast.error(result.message);
    }
  };

  const rows = cart.lines.map((line) => {
    const text = drafts[line.productId] ?? String(line.quantity);
    const figures = priced(line, Number(text));
    return { line, text, figures };
  });
  const total = rows.reduce((sum, row) => sum + (row.figures?.total ?? 0), 0);
  const saving = Object.keys(pending).length > 0;
  const partial = rows.some((row) => !row.figures);
  const invalid =
    Object.keys(errors).length > 0 ||
    rows.some(({ line, figures }) => drafts[line.productId] !== undefined && !figures);

  useEffect(() => {
    onState?.({ saving, invalid, totalCents: total });
  }, [onState, saving, invalid, total]);

  if (!cart.lines.length) {
    return (
      <p className="mt-6 text-slate-700">
        {words.empty.start}{' '}
        <Link href="/products" className="font-medium text-brand-700 underline underline-offset-2">
          {words.empty.productPages}
        </Link>{' '}
        {words.empty.or}{' '}
        <Link
          href="/dashboard/quick-order"
          className="font-medium text-brand-700 underline underline-offset-2"
        >
          {words.empty.quickOrder}
        </Link>
        .
      </p>
    );
  }

  return (
    <div className="mt-6">
      {/* Positioned, so that the visually hidden caption and labels stay inside the frame. */}
      <div className="relative overflow-x-auto rounded-lg border border-slate-200">
        <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
          <caption className="sr-only">{words.caption({ lines: cart.lineCount })}</caption>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-3 sm:px-4">
                {words.columns.part}
              </th>
              <th scope="col" className="px-3 py-3 sm:px-4">
                {words.columns.quantity}
              </th>
              <th scope="col" className="hidden px-3 py-3 sm:px-4 text-right sm:table-cell">
                {words.columns.unitPrice}
              </th>
              <th scope="col" className="hidden px-3 py-3 sm:px-4 text-right sm:table-cell">
                {words.columns.lineTotal}
              </th>
              <th scope="col" className="px-3 py-3 sm:px-4">
                <span className="sr-only">{words.remove}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 bg-white">
            {rows.map(({ line, text, figures }) => {
              return (
                <CartLineRow
                  key={line.productId}
                  line={line}
                  text={text}
                  figures={figures}
                  error={errors[line.productId]}
                  showIssue={drafts[line.productId] === undefined}
                  onChange={(value) => change(line.productId, value)}
                  onRemove={() => void remove(line)}
                />
              );
            })}
          </tbody>
          <tfoot className="bg-slate-50">
            {/* The total sits under the line totals; a narrow screen has no such column. */}
            {(['wide', 'narrow'] as const).map((layout) => (
              <tr key={layout} className={layout === 'wide' ? 'hidden sm:table-row' : 'sm:hidden'}>
                <th
                  scope="row"
                  colSpan={layout === 'wide' ? 3 : 1}
                  className="px-3 py-3 text-right font-semibold text-slate-900 sm:px-4"
                >
                  {words.total}
                  {partial ? (
                    <span className="block text-xs font-normal text-slate-600">
                      {words.totalWithoutIssues}
                    </span>
                  ) : null}
                </th>
                <td
                  colSpan={layout === 'wide' ? 1 : 2}
                  className="px-3 py-3 text-right text-base font-bold whitespace-nowrap tabular-nums sm:px-4"
                  aria-live="polite"
                >
                  {formatMoney(total)}
                </td>
                {layout === 'wide' ? <td /> : null}
              </tr>
            ))}
          </tfoot>
        </table>
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
        <p>{words.lineCount({ lines: cart.lineCount, max: cart.maxLines })}</p>
        <button type="button" className="btn-secondary" onClick={() => void empty()}>
          {words.emptyButton}
        </button>
      </div>
      {dialog}
    </div>
  );
}
