'use client';

import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMessageDialog } from '@/components/ui/Dialog';
import { Field } from '@/components/ui/Field';
import { postJson } from '@/lib/client/api';
import { messages } from '@/lib/messages';
import {
  MINIMUM_ORDER_QUANTITY,
  ORDER_QUANTITIES,
  orderFormSchema,
  type OrderFormInput,
} from '@/lib/validation/order';

export interface OrderFormProduct {
  _id: string;
  name: string;
  picture: string;
  description: string;
  minimumOrderQuantity: number;
  availableQuantity: number;
  price: number;
}

export interface OrderFormUser {
  name: string;
  email: string;
}

/** The first quantity of the dropdown that meets both minimums. */
function defaultQuantity(product: OrderFormProduct): string {
  const minimum = Math.max(MINIMUM_ORDER_QUANTITY, product.minimumOrderQuantity);
  return String(ORDER_QUANTITIES.find((quantity) => quantity >= minimum) ?? MINIMUM_ORDER_QUANTITY);
}

/**
 * The order form of the product page: the signed-in person's name and email (read-only), a
 * quantity, an address and a phone number. Below 500 it warns and sends nothing; the server
 * takes the product fields and the price from the database.
 */
export function OrderForm({ product, user }: { product: OrderFormProduct; user: OrderFormUser }) {
  const router = useRouter();
  const { dialog, show } = useMessageDialog();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<OrderFormInput>({
    resolver: zodResolver(orderFormSchema),
    defaultValues: { quantity: defaultQuantity(product), address: '', phone: '' },
  });

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
    });
    if (result.ok && result.data?.insertedId) {
      reset({ quantity: values.quantity, address: '', phone: '' });
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
    <section aria-labelledby="order-form-heading" className="mt-10 max-w-xl">
      <h2 id="order-form-heading" className="text-xl font-semibold text-slate-900">
        Place an order
      </h2>
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4" aria-label="Order">
        <Field id="order-name" label="Name">
          <input type="text" readOnly value={user.name} className="bg-slate-50" />
        </Field>
        <Field id="order-email" label="Email">
          <input type="email" readOnly value={user.email} className="bg-slate-50" />
        </Field>
        <Field id="order-quantity" label="Quantity">
          <select {...register('quantity')}>
            {ORDER_QUANTITIES.map((quantity) => (
              <option key={quantity} value={String(quantity)}>
                {quantity}
              </option>
            ))}
          </select>
        </Field>
        <Field id="order-address" label="Address" error={errors.address?.message}>
          <input type="text" autoComplete="street-address" required {...register('address')} />
        </Field>
        <Field id="order-phone" label="Phone number" error={errors.phone?.message}>
          <input
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            required
            {...register('phone')}
          />
        </Field>
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          purchases
        </button>
      </form>
      {dialog}
    </section>
  );
}
