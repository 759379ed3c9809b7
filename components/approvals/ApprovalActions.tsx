'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { jsonInit, useDialogForm } from '@/components/companies/useDialogForm';
import { Field, FormError } from '@/components/ui/Field';
import { FormDialogButton } from '@/components/ui/FormDialogButton';
import { toast } from '@/components/ui/toast';
import { callApi } from '@/lib/client/api';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import { companyWording as words } from '@/lib/core/b2b-wording/company';
import type { RejectOrderInput } from '@/lib/orders/schemas';

/** POST /api/orders/{id}/reject's schema, loaded once the page is up. */
const resolver = lazyZodResolver<{ reason: string }, RejectOrderInput>(() =>
  import('@/lib/orders/schemas').then((module) => module.rejectOrderSchema),
);

/**
 * An approver's two answers to an order awaiting approval: Approve (it becomes payable and its
 * buyer is mailed the pay link, or, on account, it is confirmed on the company's account) and
 * Reject with a reason (it is cancelled, its stock given back). What the server refuses (another
 * approver was first, the order lapsed) is said here.
 */
export function ApprovalActions({
  orderId,
  reference,
  buyer,
  onAccount,
}: {
  orderId: string;
  /** The order's short number, as the table shows it. */
  reference: string;
  /** Who placed it. */
  buyer: string;
  /** Whether it goes on the company's account once approved (nothing to pay by card). */
  onAccount: boolean;
}) {
  const label = words.approvals.orderLabel({ reference, buyer });
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
    toast.success(words.approvals.approved({ order: label, onAccount }));
    router.refresh();
  }

  const reject = useDialogForm(resolver, {
    defaultValues: { reason: '' },
    fields: ['reason'],
    notice: words.approvals.reject.done(label),
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
          aria-label={words.approvals.approveLabel(label)}
        >
          {busy ? words.approvals.approving : words.approvals.approve}
        </button>
        <FormDialogButton
          label={words.approvals.reject.button}
          ariaLabel={words.approvals.reject.ariaLabel(label)}
          buttonClassName="btn-secondary px-3 py-1.5"
          title={words.approvals.reject.title}
          submitLabel={words.approvals.reject.submit}
          busyLabel={words.approvals.reject.busy}
          {...reject.dialog}
        >
          <p className="text-left text-sm text-slate-700">
            {words.approvals.reject.text({ reference, buyer })}
          </p>
          <Field
            id={`reject-${orderId}-reason`}
            label={words.approvals.reject.reason}
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
