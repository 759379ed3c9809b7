'use client';

import { useId, useState } from 'react';
import { postJson } from '@/lib/client/api';
import { billingWording } from '@/lib/core/b2b-wording/billing';
import { formatMoney } from '@/lib/core/money';
import type { BankTransferInstructions } from '@/lib/orders/shared';
import { BankAccounts } from './BankAccounts';

const words = billingWording.bankTransfer;

/**
 * How long the parts stay held for the rest once part of the money arrived (for a placer whose
 * email is verified): the store's BANK_TRANSFER_HOLD_DAYS (lib/orders/rules.ts, server-only; a
 * unit test keeps the two equal).
 */
export const TRANSFER_HOLD_DAYS = 7;

/**
 * Paying an order by bank transfer, on its payment page: "Pay by bank transfer" asks the
 * server for the account to send the money to (POST /api/orders/{id}/bank-transfer), then the
 * page shows the amount still to send, the reference to quote and each account; once the
 * buyer chose it, the page opens on the instructions (`initial`). The order is marked paid
 * when Stripe reports the whole amount arrived.
 */
export function BankTransferPanel({
  orderId,
  initial,
  required,
}: {
  orderId: string;
  initial: BankTransferInstructions | null;
  /** The order is too large for a card: a transfer is the way to pay it. */
  required: boolean;
}) {
  const ids = useId();
  const [shown, setShown] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const ask = async () => {
    setBusy(true);
    setError(null);
    const answer = await postJson<BankTransferInstructions>(
      `/api/orders/${orderId}/bank-transfer`,
      {},
    );
    setBusy(false);
    if (answer.ok) setShown(answer.data);
    else setError(answer.message);
  };

  if (!shown) {
    return (
      <div className="text-sm text-slate-800" data-testid="bank-transfer-offer">
        <p className="font-semibold text-slate-900">{words.offer.heading(required)}</p>
        <p className="mt-1">{words.offer.text({ required, holdDays: TRANSFER_HOLD_DAYS })}</p>
        {error ? (
          <p role="alert" className="field-error mt-2">
            {error}
          </p>
        ) : null}
        <button
          type="button"
          className={`${required ? 'btn-primary' : 'btn-secondary'} mt-3`}
          onClick={ask}
          disabled={busy}
        >
          {busy ? words.offer.busy : words.offer.button}
        </button>
      </div>
    );
  }

  const partial = shown.amountRemainingCents < shown.amountCents;
  return (
    <section aria-labelledby={`${ids}-heading`} data-testid="bank-transfer-instructions">
      <h2 id={`${ids}-heading`} className="text-lg font-semibold text-slate-900">
        {words.instructions.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-800" data-testid="bank-transfer-remaining">
        {partial ? (
          <>
            {words.instructions.arrived(shown.amountCents - shown.amountRemainingCents)}{' '}
            <strong>{formatMoney(shown.amountRemainingCents)}</strong>.
          </>
        ) : (
          <>
            {words.instructions.send} <strong>{formatMoney(shown.amountRemainingCents)}</strong>.
          </>
        )}
      </p>
      {shown.reference ? (
        <p className="mt-2 text-sm text-slate-800">
          {words.instructions.reference}{' '}
          <strong className="font-mono" data-testid="bank-transfer-reference">
            {shown.reference}
          </strong>
        </p>
      ) : null}
      <BankAccounts accounts={shown.accounts} />
      {shown.hostedInstructionsUrl ? (
        <p className="mt-3 text-sm">
          <a
            href={shown.hostedInstructionsUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-brand-700 underline underline-offset-2"
          >
            {words.instructions.printable}
          </a>
        </p>
      ) : null}
      <p className="mt-3 text-sm text-slate-600">{words.instructions.paid}</p>
    </section>
  );
}
