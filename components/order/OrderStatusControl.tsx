'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useWatch } from 'react-hook-form';
import { callApi } from '@/lib/client/api';
import { notices } from '@/lib/core/messages';
import { STATUS_LABELS, type AdminTargetStatus } from '@/lib/orders/shared';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import type { OrderStatusChange, OrderStatusChangeInput } from '@/lib/orders/schemas';
import { settleDialogResult } from '@/components/forms/settle-dialog';
import { useLazyForm } from '@/components/forms/useLazyForm';
import { Field } from '@/components/ui/Field';
import { FormDialogButton } from '@/components/ui/FormDialogButton';

/** The form's zod schema, loaded once the page is up (lib/client/lazy-resolver.ts). */
const resolver = lazyZodResolver<OrderStatusChangeInput, OrderStatusChange>(() =>
  import('@/lib/orders/schemas').then((module) => module.orderStatusChangeSchema),
);

/**
 * Manage Orders: moves a paid order forward. A button opens a small form in a dialog: the next
 * status (the ones the lifecycle table allows from the order's status, chosen by the server),
 * and for "Shipped" the carrier and tracking number; an optional note goes into the order's
 * history, which the buyer sees. Sends PATCH /api/orders/{id}/status; field errors show under
 * their fields, anything else as a toast.
 */
export function OrderStatusControl({
  orderId,
  productName,
  next,
}: {
  orderId: string;
  productName: string;
  /** The statuses this order may move to now, in lifecycle order. */
  next: readonly AdminTargetStatus[];
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const { register, handleSubmit, setError, reset, control, errors, isSubmitting } = useLazyForm(
    resolver,
    {
      // Carrier and tracking number leave the form with their fields (another status chosen).
      shouldUnregister: true,
      defaultValues: { status: next[0], carrier: '', trackingNumber: '', note: '' },
    },
  );
  const shipping = useWatch({ control, name: 'status' }) === 'shipped';

  function close() {
    setOpen(false);
    reset();
  }

  const onSubmit = handleSubmit(async (change) => {
    const result = await callApi(`/api/orders/${orderId}/status`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(change),
    });
    // Refused (another admin moved it first, say): the toast says why, the table shows the
    // order as it is now.
    settleDialogResult(result, {
      notice: `${notices.orderStatusChanged}: ${STATUS_LABELS[change.status]}`,
      fields: ['status', 'carrier', 'trackingNumber', 'note'],
      setError,
      close,
      refresh: () => router.refresh(),
    });
  });

  if (next.length === 0) return null;
  const id = `status-${orderId}`;
  return (
    <FormDialogButton
      label="Update status"
      ariaLabel={`Update status of ${productName}`}
      buttonClassName="btn-secondary px-3 py-1 text-xs"
      wrapperClassName="mt-2"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={close}
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      title="Update order status"
      submitLabel="Save status"
      busyLabel="Saving…"
    >
      <p className="text-sm text-slate-600">{productName}</p>
      <Field id={`${id}-next`} label="New status" error={errors.status?.message}>
        <select autoFocus {...register('status')}>
          {next.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </Field>
      {shipping ? (
        <>
          <Field id={`${id}-carrier`} label="Carrier" error={errors.carrier?.message}>
            <input type="text" autoComplete="off" maxLength={60} {...register('carrier')} />
          </Field>
          <Field
            id={`${id}-tracking`}
            label="Tracking number"
            error={errors.trackingNumber?.message}
          >
            <input type="text" autoComplete="off" maxLength={40} {...register('trackingNumber')} />
          </Field>
        </>
      ) : null}
      <Field
        id={`${id}-note`}
        label="Note (optional)"
        hint="Shown to the buyer in the order's history. At most 500 characters."
        error={errors.note?.message}
      >
        <textarea rows={3} maxLength={500} {...register('note')} />
      </Field>
    </FormDialogButton>
  );
}
