'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useConfirm } from '@/components/ui/useConfirm';
import { callApi } from '@/lib/client/api';
import { billingWording } from '@/lib/core/b2b-wording/billing';

const words = billingWording.adminActions.void;

/**
 * A store admin's "Void" for an open invoice on account, after a confirmation: voided at Stripe
 * too, and the order's amount given back to its company's credit. The server's refusal (paid
 * meanwhile, being issued) is shown as it says it.
 */
export function VoidInvoiceButton({
  invoiceId,
  number,
}: {
  invoiceId: string;
  number: string | null;
}) {
  const router = useRouter();
  const { confirm, dialog } = useConfirm();
  const [busy, setBusy] = useState(false);

  const voidIt = async () => {
    const confirmed = await confirm({
      title: words.title(number),
      text: words.text,
      confirmLabel: words.confirm,
    });
    if (!confirmed) return;
    setBusy(true);
    const result = await callApi(`/api/admin/invoices/${invoiceId}/void`, { method: 'POST' });
    setBusy(false);
    if (result.ok) toast.success(words.done(number));
    else toast.error(result.message);
    router.refresh();
  };

  return (
    <>
      <button
        type="button"
        className="btn-danger px-3 py-1.5"
        disabled={busy}
        aria-haspopup="dialog"
        aria-label={words.label(number)}
        onClick={voidIt}
      >
        {words.button}
      </button>
      {dialog}
    </>
  );
}
