'use client';

import Link from 'next/link';
import type { CartLine } from '@/lib/cart/shared';
import { orderListWording } from '@/lib/core/b2b-wording/order-list';
import { formatMoney } from '@/lib/core/money';
import { pictureSrc, type LineFigures } from './line-figures';

const words = orderListWording.list;

/**
 * One line of the order list: the part (picture, name, part number), its quantity (editable,
 * with its figures under it on a narrow screen, its refusal or issue, and the nearest valid
 * quantity one click away), its unit price and total, and Remove.
 */
export function CartLineRow({
  line,
  text,
  figures,
  error,
  showIssue,
  onChange,
  onRemove,
}: {
  line: CartLine;
  /** The quantity as typed (or as saved). */
  text: string;
  figures: LineFigures | null;
  /** The server's refusal of the quantity typed. */
  error: string | undefined;
  /** Whether the line's issue applies (nothing new was typed since it was judged). */
  showIssue: boolean;
  onChange: (text: string) => void;
  onRemove: () => void;
}) {
  const inputId = `cart-quantity-${line.productId}`;
  const issue = showIssue ? line.issue : null;
  const message = error ?? issue?.message;
  const change = (_productId: string, value: string) => onChange(value);
  const remove = () => onRemove();
  return (
    <tr key={line.productId}>
      <td className="px-3 py-3 sm:px-4">
        <div className="flex items-center gap-3">
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            src={pictureSrc(line)}
            alt=""
            width={48}
            height={48}
            loading="lazy"
            className="hidden h-12 w-12 shrink-0 rounded border border-slate-200 object-cover sm:block"
          />
          <div className="min-w-24 sm:min-w-40">
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
              {line.sku ?? words.noPartNumber}
            </span>
          </div>
        </div>
      </td>
      <td className="px-3 py-3 sm:px-4 align-top">
        <label htmlFor={inputId} className="sr-only">
          {words.quantityOf({ part: line.name })}
        </label>
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={line.minimumOrderQuantity || undefined}
          step={line.orderMultiple}
          value={text}
          disabled={line.issue?.code === 'deleted'}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${inputId}-error` : undefined}
          onChange={(event) => change(line.productId, event.target.value)}
          className="field-input w-24 sm:w-32"
        />
        {line.orderMultiple > 1 ? (
          <span className="mt-1 block text-xs text-slate-600" data-testid="cart-carton">
            {words.cartons({ multiple: line.orderMultiple })}
          </span>
        ) : null}
        {figures ? (
          // A narrow screen has no price columns: the line's figures are said here.
          <span className="mt-1 block text-xs whitespace-nowrap text-slate-600 tabular-nums sm:hidden">
            × {formatMoney(figures.unit)} ={' '}
            <span className="font-semibold text-slate-900">{formatMoney(figures.total)}</span>
          </span>
        ) : null}
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
            {words.useNearest({ quantity: issue.nearestQuantity })}
          </button>
        ) : null}
      </td>
      <td className="hidden px-3 py-3 sm:px-4 text-right align-top tabular-nums sm:table-cell">
        {figures ? formatMoney(figures.unit) : '—'}
        {figures?.source.startsWith('contract:') ? (
          <span className="block text-xs text-emerald-800" data-testid="cart-your-price">
            {words.yourPrice}
          </span>
        ) : null}
      </td>
      <td className="hidden px-3 py-3 sm:px-4 text-right align-top font-medium tabular-nums sm:table-cell">
        {figures ? formatMoney(figures.total) : '—'}
      </td>
      <td className="px-3 py-3 sm:px-4 align-top">
        <button
          type="button"
          className="text-sm font-medium text-red-700 underline underline-offset-2"
          aria-label={words.removeLabel({ part: line.name })}
          onClick={remove}
        >
          {words.remove}
        </button>
      </td>
    </tr>
  );
}
