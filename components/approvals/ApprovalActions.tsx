'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { jsonInit, useDialogForm } from '@/components/companies/useDialogForm';
import { Field, FormError } from '@/components/ui/Field';
import { FormDialogButton } from '@/components/ui/FormDialogButton';
import { toast } from '@/components/ui/toast';
import { callApi } from '@/lib/client/api';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import type { RejectOrderInput } from '@/lib/orders/schemas';

/** POST /api/orders/{id}/reject's schema, loaded once the page is up. */
const resolver = lazyZodResolver<{ reason: string }, RejectOrderInput>(() =>
  import('@/lib/orders/schemas').then((module) => module.rejectOrderSchema),
);

/**
 * An approver's two answers to an order awaiting approval: Approve (it becomes payable, its
 * buyer is mailed the pay link) and Reject with a reason (it is cancelled, its stock given
 * back). What the server refuses (another approver was first, the order lapsed) is said here.
 */
export function ApprovalActions({ orderId, label }: { orderId: string; label: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function approve() {
    setBusy(true);
    setError(null);
    const answer = await callApi(`/api/orders/${orderId}/approve`, jsonInit('POST', {}));
    setBusy(false);
    if (!answer.ok) {
      setError(answer.message);
      router.refresh();
      return;
    }
    toast.success(`Approved: ${label}. The buyer can pay it now.`);
    router.refresh();
  }

  const reject = useDialogForm(resolver, {
    defaultValues: { reason: '' },
    fields: ['reason'],
    notice: `Rejected: ${label}. Its parts went back into stock.`,
    send: (values) => callApi(`/api/orders/${orderId}/reject`, jsonInit('POST', values)),
    after: () => router.refresh(),
  });

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-primary px-3 py-1.5"
          onClick={approve}
          disabled={busy}
          aria-label={`Approve ${label}`}
        >
          {busy ? 'Approving…' : 'Approve'}
        </button>
        <FormDialogButton
          label="Reject"
          ariaLabel={`Reject ${label}`}
          buttonClassName="btn-secondary px-3 py-1.5"
          title="Reject this order"
          submitLabel="Reject order"
          busyLabel="Rejecting…"
          {...reject.dialog}
        >
          <p className="text-left text-sm text-slate-700">
            {label} is cancelled and its parts go back into stock. The buyer is mailed your reason.
          </p>
          <Field
            id={`reject-${orderId}-reason`}
            label="Reason"
            error={reject.errors.reason?.message}
            className="mt-3 text-left"
          >
            <textarea rows={3} maxLength={500} {...reject.register('reason')} />
          </Field>
        </FormDialogButton>
      </div>
      <FormError message={error} />
    </div>
  );
}
