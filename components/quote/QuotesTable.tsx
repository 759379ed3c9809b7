'use client';

import { useId, useState, type FormEvent, type ReactNode } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import {
  useForm,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import { Dialog, DialogFormActions } from '@/components/ui/Dialog';
import { Field } from '@/components/ui/Field';
import { Table, Td } from '@/components/ui/Table';
import { toast } from '@/components/ui/toast';
import { callApi, postJson, type ApiResult } from '@/lib/client/api';
import { applyFieldErrors } from '@/lib/client/form-errors';
import type { Quote } from '@/lib/quotes';
import { notices } from '@/lib/core/messages';
import { lazyZodResolver, usePreparedResolver } from '@/lib/client/lazy-resolver';
import { dayFromNow, formatShortDay } from '@/lib/core/dates';
import { formatMoney, toCents } from '@/lib/core/money';
import type {
  QuoteAnswerFormInput,
  QuoteAnswerFormValues,
  QuoteDeclineFormValues,
} from '@/lib/quotes/schemas';
import { QuoteStatusBadge } from './QuoteStatusBadge';

/** The dialogs' zod schemas, loaded once the page is up (lib/client/lazy-resolver.ts). */
const answerResolver = lazyZodResolver<QuoteAnswerFormInput, QuoteAnswerFormValues>(() =>
  import('@/lib/quotes/schemas').then((module) => module.quoteAnswerFormSchema),
);
const declineResolver = lazyZodResolver<QuoteDeclineFormValues>(() =>
  import('@/lib/quotes/schemas').then((module) => module.quoteDeclineFormSchema),
);

async function patchQuote(id: string, body: unknown) {
  return callApi(`/api/quotes/${id}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/**
 * After an admin's answer or decline: on success its notice, the dialog closed and the table
 * fresh; a field error stays in the dialog, on its field; anything else (the quote changed
 * meanwhile) is a toast, and the table is refreshed.
 */
function settleDecision<T extends FieldValues>(
  result: ApiResult<unknown>,
  {
    notice,
    fields,
    setError,
    close,
    refresh,
  }: {
    notice: string;
    fields: readonly FieldPath<T>[];
    setError: UseFormSetError<T>;
    close: () => void;
    refresh: () => void;
  },
): void {
  if (result.ok) {
    toast.success(notice);
    close();
    refresh();
    return;
  }
  if (fields.some((field) => result.fields?.[field])) {
    applyFieldErrors(setError, result, fields);
    return;
  }
  toast.error(result.message);
  close();
  refresh();
}

/** The button that opens an admin's decision on a quote, and the dialog with its form. */
function DecisionDialog({
  quote,
  verb,
  buttonClassName,
  submitLabel,
  open,
  onOpen,
  onClose,
  onSubmit,
  isSubmitting,
  children,
}: {
  quote: Quote;
  verb: 'Answer' | 'Decline';
  buttonClassName: string;
  submitLabel: string;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  isSubmitting: boolean;
  children: ReactNode;
}) {
  const formId = useId();
  return (
    <>
      <button
        type="button"
        className={`${buttonClassName} px-3 py-1 text-xs`}
        aria-haspopup="dialog"
        aria-label={`${verb} quote ${quote.reference}`}
        onClick={onOpen}
      >
        {verb}
      </button>
      <Dialog
        open={open}
        title={`${verb} quote ${quote.reference}`}
        onClose={onClose}
        actions={
          <DialogFormActions
            formId={formId}
            onCancel={onClose}
            isSubmitting={isSubmitting}
            submitLabel={submitLabel}
            busyLabel="Sending…"
          />
        }
      >
        <form id={formId} onSubmit={onSubmit} noValidate className="space-y-3 text-left">
          {children}
        </form>
      </Dialog>
    </>
  );
}

/**
 * What an admin's Answer and Decline share: the dialog's open state, closing it (which resets
 * the form), and sending the decision (PATCH /api/quotes/{id}), settled by `settleDecision`.
 */
function useDecision<TInput extends FieldValues, TValues extends FieldValues>(
  quote: Quote,
  form: UseFormReturn<TInput, unknown, TValues>,
  {
    action,
    notice,
    fields,
  }: { action: 'answer' | 'decline'; notice: string; fields: readonly FieldPath<TInput>[] },
) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    form.reset();
  };
  const onSubmit = form.handleSubmit(async (values) => {
    settleDecision(await patchQuote(quote._id, { action, ...values }), {
      notice,
      fields,
      setError: form.setError,
      close,
      refresh: () => router.refresh(),
    });
  });
  return {
    open,
    onOpen: () => setOpen(true),
    onClose: close,
    onSubmit,
    isSubmitting: form.formState.isSubmitting,
  };
}

/** The admin's Answer dialog: a unit price in dollars and the last day it holds. */
function AnswerButton({ quote }: { quote: Quote }) {
  usePreparedResolver(answerResolver);
  const form = useForm<QuoteAnswerFormInput, unknown, QuoteAnswerFormValues>({
    resolver: answerResolver,
    defaultValues: {
      unitPrice: quote.unitPrice === null ? '' : quote.unitPrice.toFixed(2),
      validUntil: dayFromNow(14),
    },
  });
  const dialog = useDecision(quote, form, {
    action: 'answer',
    notice: notices.quoteAnswered,
    fields: ['unitPrice', 'validUntil'],
  });
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <DecisionDialog
      quote={quote}
      verb="Answer"
      buttonClassName="btn-primary"
      submitLabel="Send answer"
      {...dialog}
    >
      <p className="text-sm text-slate-600">
        {quote.quantity.toLocaleString('en-US')} × {quote.productName}
      </p>
      <Field
        id={`answer-${quote._id}-price`}
        label="Unit price ($)"
        error={errors.unitPrice?.message}
      >
        <input
          type="text"
          inputMode="decimal"
          autoComplete="off"
          autoFocus
          {...register('unitPrice')}
        />
      </Field>
      <Field
        id={`answer-${quote._id}-valid`}
        label="Valid until"
        hint="The answer holds through the end of this day (UTC)."
        error={errors.validUntil?.message}
      >
        <input type="date" min={dayFromNow(0)} {...register('validUntil')} />
      </Field>
    </DecisionDialog>
  );
}

/** The admin's Decline dialog: the reason the buyer is mailed. */
function DeclineButton({ quote }: { quote: Quote }) {
  usePreparedResolver(declineResolver);
  const form = useForm<QuoteDeclineFormValues>({
    resolver: declineResolver,
    defaultValues: { reason: '' },
  });
  const dialog = useDecision(quote, form, {
    action: 'decline',
    notice: notices.quoteDeclined,
    fields: ['reason'],
  });
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <DecisionDialog
      quote={quote}
      verb="Decline"
      buttonClassName="btn-secondary"
      submitLabel="Decline quote"
      {...dialog}
    >
      <Field
        id={`decline-${quote._id}-reason`}
        label="Reason"
        hint="Mailed to the buyer. At most 500 characters."
        error={errors.reason?.message}
      >
        <textarea rows={3} maxLength={500} autoFocus {...register('reason')} />
      </Field>
    </DecisionDialog>
  );
}

/**
 * The buyer's Accept: places the order at the quoted price and opens its payment page. It sends
 * the unit price this row shows, so the server accepts only that price: if the store answered
 * anew meanwhile, the refusal (naming the new price) stays under the button and the table is
 * refreshed with the new price, to be accepted again knowingly.
 */
function AcceptButton({ quote }: { quote: Quote }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  async function accept() {
    setBusy(true);
    setRefusal(null);
    const result = await postJson<{ orderId: string }>(`/api/quotes/${quote._id}/accept`, {
      unitPrice: quote.unitPrice,
    });
    if (result.ok) {
      toast.success(notices.quoteAccepted);
      router.push(`/dashboard/payment/${result.data.orderId}`);
      return;
    }
    setBusy(false);
    setRefusal(result.message);
    toast.error(result.message);
    router.refresh();
  }
  return (
    <div className="flex flex-col items-stretch gap-1">
      <button
        type="button"
        className="btn-primary px-3 py-1 text-xs"
        disabled={busy}
        aria-label={`Accept quote ${quote.reference}`}
        onClick={accept}
      >
        {busy ? 'Accepting…' : 'Accept'}
      </button>
      {refusal ? (
        <p
          role="alert"
          className="max-w-[14rem] text-xs whitespace-normal text-red-700"
          data-testid="quote-accept-error"
        >
          {refusal}
        </p>
      ) : null}
    </div>
  );
}

function Actions({ quote, admin }: { quote: Quote; admin: boolean }) {
  if (admin) {
    const open =
      quote.status === 'requested' || quote.status === 'answered' || quote.status === 'expired';
    if (open) {
      return (
        <div className="flex flex-col items-stretch gap-2">
          <AnswerButton quote={quote} />
          <DeclineButton quote={quote} />
        </div>
      );
    }
  } else if (quote.status === 'answered') {
    return <AcceptButton quote={quote} />;
  }
  if (quote.orderId) {
    return (
      <Link href={`/dashboard/order/${quote.orderId}`} className="text-blue-700 underline">
        View order
      </Link>
    );
  }
  return <span className="text-slate-600">—</span>;
}

/**
 * The quotes page's table: the buyer's own quotes, or every quote for an admin (with the
 * buyer). Admins answer or decline from a dialog; buyers accept an answered quote, which
 * places its order and opens the payment page.
 */
export function QuotesTable({ quotes, admin }: { quotes: Quote[]; admin: boolean }) {
  if (quotes.length === 0) {
    return (
      <p className="mt-6 text-slate-600">
        {admin
          ? 'There are no quotes.'
          : 'You have not requested any quotes yet. Ask for one from a product page.'}
      </p>
    );
  }
  const columns = [
    'Reference',
    admin ? 'Product and buyer' : 'Product',
    'Quantity',
    'Needed by',
    'Status',
    'Unit price',
    'Total',
    'Valid until',
    'Actions',
  ];
  return (
    <Table columns={columns} className="mt-6">
      {quotes.map((quote) => (
        <tr key={quote._id} data-testid={`quote-${quote.reference}`}>
          <Td className="font-medium whitespace-nowrap text-slate-900">{quote.reference}</Td>
          <Td className="min-w-[11rem]">
            <Link href={`/product/${quote.productId}`} className="text-blue-700 underline">
              {quote.productName}
            </Link>
            {quote.sku ? <span className="block text-xs text-slate-600">{quote.sku}</span> : null}
            {admin ? (
              <span className="mt-1 block text-xs text-slate-700">
                <span className="sr-only">Buyer: </span>
                {quote.buyer.name} · <span className="break-all">{quote.buyer.email}</span>
              </span>
            ) : null}
          </Td>
          <Td className="text-right tabular-nums">{quote.quantity.toLocaleString('en-US')}</Td>
          <Td className="whitespace-nowrap">
            {quote.neededBy ? formatShortDay(quote.neededBy) : '—'}
          </Td>
          <Td>
            <QuoteStatusBadge status={quote.status} />
            {quote.status === 'declined' && quote.declineReason ? (
              <span className="mt-1 block text-xs text-slate-700">{quote.declineReason}</span>
            ) : null}
          </Td>
          <Td className="text-right whitespace-nowrap tabular-nums" data-testid="quote-unit-price">
            {quote.unitPrice === null ? '—' : formatMoney(toCents(quote.unitPrice))}
          </Td>
          <Td
            className="text-right font-semibold whitespace-nowrap tabular-nums"
            data-testid="quote-total"
          >
            {quote.total === null ? '—' : formatMoney(toCents(quote.total))}
          </Td>
          <Td className="whitespace-nowrap">
            {quote.validUntil ? formatShortDay(quote.validUntil) : '—'}
          </Td>
          <Td className="whitespace-nowrap">
            <Actions quote={quote} admin={admin} />
          </Td>
        </tr>
      ))}
    </Table>
  );
}
