'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/Field';
import { FormDialogButton } from '@/components/ui/FormDialogButton';
import { toast } from '@/components/ui/toast';
import { MONEY_RETURNED_NOTE_MAX } from '@/lib/billing/shared';
import { callApi } from '@/lib/client/api';
import { billingWording } from '@/lib/core/b2b-wording/billing';

const words = billingWording.adminActions.markReturned;

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
    if (result.ok) toast.success(words.done({ amountCents, payer }));
    else toast.error(result.message);
    close();
    router.refresh();
  };

  return (
    <FormDialogButton
      label={words.button}
      ariaLabel={words.label({ amountCents, payer })}
      buttonClassName="btn-secondary px-3 py-1.5"
      title={words.title(amountCents)}
      submitLabel={words.button}
      busyLabel={words.busy}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={close}
      onSubmit={onSubmit}
      isSubmitting={busy}
    >
      <p className="text-sm text-slate-600">{words.text({ amountCents, payer })}</p>
      <Field
        id={`returned-${id}-note`}
        label={words.note}
        hint={words.noteHint(MONEY_RETURNED_NOTE_MAX)}
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
