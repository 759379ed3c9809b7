'use client';

import { useId, useState, type FormEvent } from 'react';
import { postJson } from '@/lib/client/api';
import type { CartShareResult, ShareColleague } from '@/lib/cart/shared';
import { orderListWording } from '@/lib/core/b2b-wording/order-list';

const words = orderListWording.share;

/** Where the order list may be sent: the member's company and their colleagues who order. */
export interface ShareSetup {
  company: string;
  /** The roles that place orders, as a sentence names them (`owners`, `buyers`). */
  orderingRoles: string[];
  colleagues: ShareColleague[];
}

/**
 * "Send this list": a choice of the colleagues who place orders (their names) and a button that
 * copies every line of the order list into the chosen colleague's (POST /api/cart/share); then
 * it says how many lines went to whom, and that the list here stays as it is. Nothing to send
 * while the list is empty or a line cannot be ordered as it is (each says why); nobody to send
 * it to when no colleague places orders.
 */
export function ShareOrderList({
  setup,
  lineCount,
  ready,
  saving = false,
}: {
  setup: ShareSetup;
  lineCount: number;
  /** Whether every line may be ordered as it is (and no quantity typed is refused). */
  ready: boolean;
  /** A changed quantity is being saved: the list is sent once it is. */
  saving?: boolean;
}) {
  const ids = useId();
  const [colleague, setColleague] = useState(setup.colleagues[0]?.userId ?? '');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!setup.colleagues.length) {
    return (
      <p className="mt-3 text-sm text-slate-700">
        {words.noColleague({ company: setup.company, roles: setup.orderingRoles })}
      </p>
    );
  }
  if (!lineCount) return <p className="mt-3 text-sm text-slate-700">{words.emptyList}</p>;

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    setSent(null);
    setError(null);
    const result = await postJson<CartShareResult>('/api/cart/share', { userId: colleague });
    setSending(false);
    if (result.ok) {
      setSent(words.sent({ sent: result.data.sentLines, name: result.data.colleague.name }));
    } else {
      setError(result.fields?.userId?.[0] ?? result.message);
    }
  };

  return (
    <form onSubmit={send} className="mt-3" noValidate>
      <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-end">
        <div className="w-full sm:w-80">
          <label htmlFor={`${ids}-colleague`} className="field-label">
            {words.colleagueLabel}
          </label>
          <select
            id={`${ids}-colleague`}
            className="field-input"
            value={colleague}
            onChange={(event) => {
              setColleague(event.target.value);
              setSent(null);
              setError(null);
            }}
            aria-describedby={error ? `${ids}-error` : undefined}
          >
            {setup.colleagues.map((option) => (
              <option key={option.userId} value={option.userId}>
                {words.colleagueOption(option)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="btn-secondary shrink-0"
          disabled={sending || saving || !ready}
          aria-describedby={!ready ? `${ids}-not-ready` : undefined}
        >
          {sending ? words.sending : words.send}
        </button>
      </div>
      {!ready ? (
        <p id={`${ids}-not-ready`} className="mt-2 text-sm text-amber-900">
          {words.notReady}
        </p>
      ) : null}
      <div aria-live="polite">
        {sent ? (
          <p className="mt-2 text-sm font-medium text-green-800" data-testid="share-sent">
            {sent}
          </p>
        ) : null}
      </div>
      {error ? (
        <p id={`${ids}-error`} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
