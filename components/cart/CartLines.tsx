'use client';

import Link from 'next/link';
import { useRef, useState } from 'react';
import { callApi } from '@/lib/client/api';
import { checkQuantity, unitPriceCentsFor } from '@/lib/catalogue/shared';
import type { Cart, CartLine } from '@/lib/cart/shared';
import { formatMoney } from '@/lib/core/money';
import { useConfirm } from '@/components/ui/useConfirm';
import { toast } from '@/components/ui/toast';
import { announceCartCount } from './cart-events';

/** How long after the last keystroke a changed quantity is saved. */
const SAVE_DELAY_MS = 600;

/** `record` without `key`. */
function without(record: Record<string, string>, key: string): Record<string, string> {
  const rest = { ...record };
  delete rest[key];
  return rest;
}

/** A line's unit price and total for the quantity typed, by the same rule as the server. */
function priced(line: CartLine, quantity: number) {
  if (line.issue?.code === 'deleted') return null;
  const verdict = checkQuantity(
    { minimumOrderQuantity: line.minimumOrderQuantity, availableQuantity: line.availableQuantity },
    quantity,
  );
  if (!verdict.ok) return null;
  const unit = unitPriceCentsFor(
    {
      minimumOrderQuantity: line.minimumOrderQuantity,
      priceCents: line.priceCents,
      priceTiers: line.priceTiers,
    },
    quantity,
  );
  return unit === null ? null : { unit, total: unit * quantity };
}

/**
 * The order list's lines: part number, picture, quantity (editable, saved as the buyer stops
 * typing), the unit price of the quantity's volume tier, the line total and the list's total,
 * recomputed as quantities change. A line whose product was deleted or whose quantity no longer
 * fits the product says so, with the nearest valid quantity one click away; nothing is changed
 * without the buyer.
 */
export function CartLines({ initial }: { initial: Cart }) {
  const [cart, setCart] = useState(initial);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const { confirm, dialog } = useConfirm();

  const replace = (next: Cart) => {
    setCart(next);
    announceCartCount(next.lineCount);
  };

  const save = async (productId: string, text: string) => {
    const quantity = Number(text);
    const result = await callApi<Cart>(`/api/cart/lines/${productId}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ quantity: Number.isFinite(quantity) ? quantity : text }),
    });
    if (result.ok) {
      replace(result.data);
      setDrafts((current) => without(current, productId));
      setErrors((current) => without(current, productId));
    } else {
      setErrors((current) => ({
        ...current,
        [productId]: result.fields?.quantity?.[0] ?? result.message,
      }));
    }
  };

  const change = (productId: string, text: string) => {
    setDrafts((current) => ({ ...current, [productId]: text }));
    clearTimeout(timers.current.get(productId));
    timers.current.set(
      productId,
      setTimeout(() => void save(productId, text), SAVE_DELAY_MS),
    );
  };

  const remove = async (line: CartLine) => {
    clearTimeout(timers.current.get(line.productId));
    const result = await callApi<Cart>(`/api/cart/lines/${line.productId}`, { method: 'DELETE' });
    if (result.ok) {
      replace(result.data);
      toast.success(`${line.name} was removed from your order list.`);
    } else {
      toast.error(result.message);
    }
  };

  const empty = async () => {
    const sure = await confirm({
      title: 'Empty your order list?',
      text: 'Every line is removed. The parts stay in the catalogue.',
      confirmLabel: 'Empty order list',
    });
    if (!sure) return;
    const result = await callApi<Cart>('/api/cart', { method: 'DELETE' });
    if (result.ok) {
      replace(result.data);
      setDrafts({});
      setErrors({});
    } else {
      toast.error(result.message);
    }
  };

  if (!cart.lines.length) {
    return (
      <p className="mt-6 text-slate-700">
        Your order list is empty. Add parts from their{' '}
        <Link href="/products" className="font-medium text-brand-700 underline underline-offset-2">
          product pages
        </Link>{' '}
        or with{' '}
        <Link
          href="/dashboard/quick-order"
          className="font-medium text-brand-700 underline underline-offset-2"
        >
          Quick Order
        </Link>
        .
      </p>
    );
  }

  const rows = cart.lines.map((line) => {
    const text = drafts[line.productId] ?? String(line.quantity);
    const figures = priced(line, Number(text));
    return { line, text, figures };
  });
  const total = rows.reduce((sum, row) => sum + (row.figures?.total ?? 0), 0);

  return (
    <div className="mt-6">
      <div className="overflow-x-auto rounded-lg border border-slate-200">
        <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
          <caption className="sr-only">Order list: {cart.lineCount} lines</caption>
          <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">
                Part
              </th>
              <th scope="col" className="px-4 py-3">
                Quantity
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Unit price
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Line total
              </th>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 bg-white">
            {rows.map(({ line, text, figures }) => {
              const inputId = `cart-quantity-${line.productId}`;
              const error = errors[line.productId];
              const issue = drafts[line.productId] === undefined ? line.issue : null;
              const message = error ?? issue?.message;
              return (
                <tr key={line.productId}>
                  <td className="px-4 py-3">
                    <div className="flex items-center gap-3">
                      {/* eslint-disable-next-line @next/next/no-img-element */}
                      <img
                        src={line.picture}
                        alt=""
                        width={48}
                        height={48}
                        loading="lazy"
                        className="h-12 w-12 shrink-0 rounded border border-slate-200 object-cover"
                      />
                      <div className="min-w-40">
                        {line.issue?.code === 'deleted' ? (
                          <span className="font-medium text-slate-900">{line.name}</span>
                        ) : (
                          <Link
                            href={`/product/${line.productId}`}
                            className="font-medium text-brand-700 underline-offset-2 hover:underline"
                          >
                            {line.name}
                          </Link>
                        )}
                        <span className="block font-mono text-xs text-slate-600">
                          {line.sku ?? 'No part number'}
                        </span>
                      </div>
                    </div>
                  </td>
                  <td className="px-4 py-3 align-top">
                    <label htmlFor={inputId} className="sr-only">
                      Quantity of {line.name}
                    </label>
                    <input
                      id={inputId}
                      type="number"
                      inputMode="numeric"
                      min={line.minimumOrderQuantity || undefined}
                      step={1}
                      value={text}
                      disabled={line.issue?.code === 'deleted'}
                      aria-invalid={message ? true : undefined}
                      aria-describedby={message ? `${inputId}-error` : undefined}
                      onChange={(event) => change(line.productId, event.target.value)}
                      className="field-input w-32"
                    />
                    {message ? (
                      <p id={`${inputId}-error`} className="mt-1 max-w-64 text-xs text-red-700">
                        {message}
                      </p>
                    ) : null}
                    {issue && issue.nearestQuantity !== null && !error ? (
                      <button
                        type="button"
                        className="mt-1 text-xs font-medium text-brand-700 underline underline-offset-2"
                        onClick={() => {
                          change(line.productId, String(issue.nearestQuantity));
                        }}
                      >
                        Use {issue.nearestQuantity.toLocaleString('en-US')}
                      </button>
                    ) : null}
                  </td>
                  <td className="px-4 py-3 text-right align-top tabular-nums">
                    {figures ? formatMoney(figures.unit) : '—'}
                  </td>
                  <td className="px-4 py-3 text-right align-top font-medium tabular-nums">
                    {figures ? formatMoney(figures.total) : '—'}
                  </td>
                  <td className="px-4 py-3 align-top">
                    <button
                      type="button"
                      className="text-sm font-medium text-red-700 underline underline-offset-2"
                      aria-label={`Remove ${line.name}`}
                      onClick={() => void remove(line)}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot className="bg-slate-50">
            <tr>
              <th
                scope="row"
                colSpan={3}
                className="px-4 py-3 text-right font-semibold text-slate-900"
              >
                Order total
              </th>
              <td
                className="px-4 py-3 text-right text-base font-bold tabular-nums"
                aria-live="polite"
              >
                {formatMoney(total)}
              </td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
        <p>
          {cart.lineCount} of {cart.maxLines} lines
        </p>
        <button type="button" className="btn-secondary" onClick={() => void empty()}>
          Empty order list
        </button>
      </div>
      {dialog}
    </div>
  );
}
