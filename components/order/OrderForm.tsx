'use client';

import { useMemo } from 'react';
import { useRouter } from 'next/navigation';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { AddToCartButton } from '@/components/cart/AddToCartButton';
import { PriceTierTable } from '@/components/product/PriceTierTable';
import { useMessageDialog } from '@/components/ui/Dialog';
import { Field } from '@/components/ui/Field';
import { DeliveryFields } from './DeliveryFields';
import {
  checkQuantityUnder,
  priceListOf,
  quantityChoices,
  quantityRefusalMessage,
  tierIndexFor,
  type PriceTier,
  type QuantityRule,
} from '@/lib/catalogue/shared';
import { resolveUnitPrice, type ContractPricing } from '@/lib/pricing/shared';
import { postJson } from '@/lib/client/api';
import { formatMoney } from '@/lib/core/money';
import { messages } from '@/lib/core/messages';
import {
  MINIMUM_ORDER_QUANTITY,
  ORDER_QUANTITIES,
  orderFormSchema,
  minimumQuantityMessage,
  type OrderFormInput,
  type OrderFormValues,
} from '@/lib/orders/schemas';

export interface OrderFormProduct {
  _id: string;
  name: string;
  picture: string;
  description: string;
  minimumOrderQuantity: number;
  availableQuantity: number;
  orderMultiple: number;
  maxOrderQuantity: number | null;
  price: number;
  priceTiers: PriceTier[];
}

/**
 * What the signed-in buyer orders this product on (decided on the server, per request): the
 * quantity rule with their contract's overrides (lib/catalogue/quantity.ts), and their contract
 * for the product (null: none), so the form shows the price the server will charge.
 */
export interface OrderFormTerms {
  rule: QuantityRule;
  contract: ContractPricing | null;
}

export interface OrderFormUser {
  name: string;
  email: string;
}

/** "Order again": an earlier order's quantity, address and phone (lib/orders/order-again.ts). */
export interface OrderFormPrefill {
  /** The quantity to select; null keeps the form's default. */
  quantity: string | null;
  address: string;
  phone: string;
  /** What the form says about the prefill (and why the quantity changed, if it did). */
  notices: string[];
}

/**
 * The dropdown's quantities: the spec's choices for a product sold one by one (those below 500
 * stay, and warn when chosen), whole cartons from the minimum otherwise (with the prefilled
 * quantity of "Order again" when it is valid but not one of them).
 */
function choicesOf(rule: QuantityRule, prefilled: string | null | undefined): number[] {
  if (rule.multiple === 1) return [...ORDER_QUANTITIES];
  const cartons = quantityChoices(rule, ORDER_QUANTITIES);
  const again = Number(prefilled);
  if (prefilled && checkQuantityUnder(rule, again).ok && !cartons.includes(again)) {
    return [...cartons, again].sort((a, b) => a - b);
  }
  return cartons;
}

/** The first quantity of the dropdown that meets the minimum. */
function defaultQuantity(choices: readonly number[], rule: QuantityRule): string {
  return String(
    choices.find((quantity) => quantity >= rule.minimum) ?? choices[0] ?? MINIMUM_ORDER_QUANTITY,
  );
}

/**
 * The order form of the product page: the signed-in person's name and email (read-only), a
 * quantity, an address, a phone number and an optional PO number. Above it the product's
 * volume price list (when it has one) marks the tier of the chosen quantity, and the form
 * shows that quantity's unit price and total as it changes, computed by the same function the
 * server prices the order with. Below 500 it warns and sends nothing; the server takes the
 * product fields and the price from the database. Beside its button, "Add to order list" puts
 * the chosen quantity in the buyer's order list instead (AddToCartButton).
 */
export function OrderForm({
  product,
  user,
  terms,
  prefill,
}: {
  product: OrderFormProduct;
  user: OrderFormUser;
  terms: OrderFormTerms;
  prefill?: OrderFormPrefill | null;
}) {
  const { rule, contract } = terms;
  const choices = useMemo(() => choicesOf(rule, prefill?.quantity), [rule, prefill?.quantity]);
  const router = useRouter();
  const { dialog, show } = useMessageDialog();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<OrderFormInput, unknown, OrderFormValues>({
    resolver: zodResolver(orderFormSchema),
    defaultValues: {
      quantity: prefill?.quantity ?? defaultQuantity(choices, rule),
      address: prefill?.address ?? '',
      phone: prefill?.phone ?? '',
      poNumber: '',
    },
  });
  const priceList = useMemo(() => priceListOf(product), [product]);
  const chosen = Number(useWatch({ control, name: 'quantity' }));
  const verdict = checkQuantityUnder(rule, chosen);
  // The price the server charges: the buyer's contract, else the volume tier, else the list price.
  const price =
    chosen >= rule.minimum &&
    Number.isSafeInteger(chosen) &&
    (verdict.ok || verdict.reason !== 'not_multiple')
      ? resolveUnitPrice({ product: priceList, quantity: chosen, contract })
      : null;
  const unitCents = price?.unitPriceCents ?? null;
  const totalCents = price ? price.unitPriceCents * chosen : null;
  const contractPrice = price?.priceSource.startsWith('contract:') ?? false;
  // The product's own tier table marks the row that prices the quantity (none for a contract price).
  const activeTier = price && !contractPrice ? tierIndexFor(priceList, chosen) : -1;

  const onSubmit = handleSubmit(async (values) => {
    const quantity = Number(values.quantity);
    if (quantity < MINIMUM_ORDER_QUANTITY) {
      show({
        title: messages.order.minimumTitle,
        text: messages.order.minimumText,
        icon: 'warning',
      });
      return;
    }
    const result = await postJson<{ insertedId?: string }>('/api/order', {
      productId: product._id,
      quantity,
      userName: user.name,
      email: user.email,
      name: product.name,
      picture: product.picture,
      description: product.description,
      minimumOrderQuantity: product.minimumOrderQuantity,
      availableQuantity: product.availableQuantity,
      price: product.price,
      address: values.address,
      phone: values.phone,
      ...(values.poNumber ? { poNumber: values.poNumber } : {}),
    });
    if (result.ok && result.data?.insertedId) {
      reset({ quantity: values.quantity, address: '', phone: '', poNumber: '' });
      show({
        title: messages.order.successTitle,
        text: messages.order.successText,
        icon: 'success',
      });
      // The reserved quantity leaves the stock shown on the page.
      router.refresh();
      return;
    }
    const reason = result.ok ? undefined : result.message;
    show({
      title: messages.order.failureTitle,
      text: (
        <>
          {messages.order.failureText}
          {reason ? <span className="mt-2 block text-sm text-slate-500">{reason}</span> : null}
        </>
      ),
      icon: 'error',
    });
  });

  return (
    <>
      <PriceTierTable tiers={product.priceTiers} activeIndex={activeTier} className="mt-6" />
      <section aria-labelledby="order-form-heading" className="mt-10 max-w-xl">
        <h2 id="order-form-heading" className="text-xl font-semibold text-slate-900">
          Place an order
        </h2>
        {prefill ? (
          <div
            role="status"
            data-testid="order-again-notice"
            className={`mt-4 space-y-1 rounded-md border px-4 py-3 text-sm ${prefill.notices.length > 1 ? 'border-amber-300 bg-amber-50 text-amber-900' : 'border-brand-100 bg-brand-50 text-slate-800'}`}
          >
            {prefill.notices.map((notice) => (
              <p key={notice}>{notice}</p>
            ))}
          </div>
        ) : null}
        <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4" aria-label="Order">
          <Field id="order-name" label="Name">
            <input type="text" readOnly value={user.name} className="bg-slate-50" />
          </Field>
          <Field id="order-email" label="Email">
            <input type="email" readOnly value={user.email} className="bg-slate-50" />
          </Field>
          <Field id="order-quantity" label="Quantity">
            <select {...register('quantity')}>
              {choices.map((quantity) => (
                <option key={quantity} value={String(quantity)}>
                  {rule.multiple > 1
                    ? `${quantity.toLocaleString('en-US')} (${quantity / rule.multiple} cartons)`
                    : quantity}
                </option>
              ))}
            </select>
          </Field>
          {rule.multiple > 1 ? (
            <p className="-mt-2 text-sm text-slate-700" data-testid="order-carton">
              Sold in cartons of {rule.multiple.toLocaleString('en-US')}
              {rule.maximum >= rule.minimum && rule.maximum < rule.available
                ? `, at most ${rule.maximum.toLocaleString('en-US')} per order`
                : ''}
              .
            </p>
          ) : null}
          <div
            aria-live="polite"
            className="rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-sm"
            data-testid="order-price"
          >
            {unitCents === null || totalCents === null ? (
              <p className="text-slate-700">
                {!verdict.ok && verdict.reason !== 'below_minimum'
                  ? quantityRefusalMessage(verdict, chosen)
                  : minimumQuantityMessage(rule.minimum)}
              </p>
            ) : (
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                <dt className="text-slate-500">Unit price</dt>
                <dd
                  className="font-medium text-slate-900 tabular-nums"
                  data-testid="order-unit-price"
                >
                  {formatMoney(unitCents)}
                  {contractPrice ? (
                    <span className="ml-2 text-xs font-normal text-emerald-800">your price</span>
                  ) : activeTier > 0 ? (
                    <span className="ml-2 text-xs font-normal text-emerald-700">volume price</span>
                  ) : null}
                </dd>
                <dt className="text-slate-500">Total</dt>
                <dd className="font-semibold text-slate-900 tabular-nums" data-testid="order-total">
                  {formatMoney(totalCents)}
                </dd>
              </dl>
            )}
          </div>
          <DeliveryFields idPrefix="order" register={register} errors={errors} />
          <div className="flex flex-wrap items-start gap-3">
            <button type="submit" className="btn-primary" disabled={isSubmitting}>
              purchases
            </button>
            <AddToCartButton productId={product._id} quantity={chosen} />
          </div>
        </form>
        {dialog}
      </section>
    </>
  );
}
