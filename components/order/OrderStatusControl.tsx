'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useWatch } from 'react-hook-form';
import { callApi } from '@/lib/client/api';
import { applyFieldErrors } from '@/lib/client/form-errors';
import { notices } from '@/lib/core/messages';
import { STATUS_LABELS, type AdminTargetStatus } from '@/lib/orders/shared';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import type { OrderStatusChange, OrderStatusChangeInput } from '@/lib/orders/schemas';
import { useLazyForm } from '@/components/forms/useLazyForm';
import { FormDialog } from '@/components/ui/Dialog';
import { Field } from '@/components/ui/Field';
import { toast } from '@/components/ui/toast';

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
    if (result.ok) {
      toast.success(`${notices.orderStatusChanged}: ${STATUS_LABELS[change.status]}`);
      close();
      router.refresh();
      return;
    }
    const known = ['status', 'carrier', 'trackingNumber', 'note'] as const;
    if (known.some((field) => result.fields?.[field])) {
      applyFieldErrors(setError, result, known);
      return;
    }
    // Refused (another admin moved it first, say): say why and show the order as it is now.
    toast.error(result.message);
    close();
    router.refresh();
  });

  if (next.length === 0) return null;
  const id = `status-${orderId}`;
  return (
    <>
      <div className="mt-2">
        <button
          type="button"
          className="btn-secondary px-3 py-1 text-xs"
          aria-haspopup="dialog"
          aria-label={`Update status of ${productName}`}
          onClick={() => setOpen(true)}
        >
          Update status
        </button>
      </div>
      <FormDialog
        open={open}
        title="Update order status"
        onClose={close}
        onSubmit={onSubmit}
        isSubmitting={isSubmitting}
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
              <input
                type="text"
                autoComplete="off"
                maxLength={40}
                {...register('trackingNumber')}
              />
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
      </FormDialog>
    </>
  );
}
