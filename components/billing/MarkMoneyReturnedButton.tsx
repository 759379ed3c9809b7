'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/Field';
import { FormDialogButton } from '@/components/ui/FormDialogButton';
import { toast } from '@/components/ui/toast';
import { MONEY_RETURNED_NOTE_MAX } from '@/lib/billing/shared';
import { callApi } from '@/lib/client/api';
import { formatMoney } from '@/lib/core/money';

/**
 * A store admin's "Mark returned" for money to return, once it went back to its payer: a dialog
 * asks to confirm, with an optional note (the refund's id, a cheque number). The server's
 * refusal (marked returned meanwhile by someone else, a note too long) is shown as it says it.
 */
export function MarkMoneyReturnedButton({
  id,
  amountCents,
  payer,
}: {
  id: string;
  amountCents: number;
  payer: string;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const amount = formatMoney(amountCents);
  const close = () => {
    setOpen(false);
    setNote('');
    setError(undefined);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    const result = await callApi(`/api/admin/money-to-return/${id}/returned`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(note.trim() ? { note } : {}),
    });
    setBusy(false);
    if (!result.ok && result.fields?.note) {
      setError(result.fields.note[0]);
      return;
    }
    if (result.ok) toast.success(`${amount} to ${payer} is marked returned.`);
    else toast.error(result.message);
    close();
    router.refresh();
  };

  return (
    <FormDialogButton
      label="Mark returned"
      ariaLabel={`Mark ${amount} to ${payer} returned`}
      buttonClassName="btn-secondary px-3 py-1.5"
      title={`Mark ${amount} returned?`}
      submitLabel="Mark returned"
      busyLabel="Marking…"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={close}
      onSubmit={onSubmit}
      isSubmitting={busy}
    >
      <p className="text-sm text-slate-600">
        Confirm that {amount} went back to {payer} (a refund at Stripe, a cheque). It moves to the
        returned payments with your name and today&rsquo;s date; this cannot be undone.
      </p>
      <Field
        id={`returned-${id}-note`}
        label="Note (optional)"
        hint={`How it was returned, e.g. the refund’s id. At most ${MONEY_RETURNED_NOTE_MAX} characters.`}
        error={error}
      >
        <textarea
          rows={3}
          maxLength={MONEY_RETURNED_NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </Field>
    </FormDialogButton>
  );
}
