'use client';

import Link from 'next/link';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { DeliveryFields } from '@/components/order/DeliveryFields';
import { Field, FormError } from '@/components/ui/Field';
import { RowHeader, Table, Td } from '@/components/ui/Table';
import { postJson } from '@/lib/client/api';
import { quickOrderMessages } from '@/lib/core/messages';
import { formatMoney, toCents } from '@/lib/core/money';
import type { QuickOrderReport, QuickOrderResult } from '@/lib/orders';
import { lazyZodResolver, usePreparedResolver } from '@/lib/client/lazy-resolver';
import { MAX_QUICK_ORDER_LINES, MAX_QUICK_ORDER_TEXT } from '@/lib/core/validation/limits';
import type { QuickOrderDeliveryInput, QuickOrderDeliveryValues } from '@/lib/orders/schemas';

/** The delivery fields' zod schema, loaded once the page is up (lib/client/lazy-resolver.ts). */
const resolver = lazyZodResolver<QuickOrderDeliveryInput, QuickOrderDeliveryValues>(() =>
  import('@/lib/orders/schemas').then((module) => module.quickOrderDeliverySchema),
);

const SAMPLE_CSV = '/quick-order-sample.csv';

const lineLabel = (lines: readonly number[]) =>
  lines.length > 1 ? `Lines ${lines.join(', ')}` : `Line ${lines[0]}`;

/**
 * The quick-order page's form: the lines (typed, pasted, or read from a CSV file into the same
 * box, so one parser on the server reads both), the validation report of
 * POST /api/quick-order/check, then the delivery fields and POST /api/quick-order, whose
 * per-line result it shows with links to the payment pages and My Orders. Editing the lines
 * after a check asks for a new check before anything can be placed.
 */
export function QuickOrderForm({ user }: { user: { name: string; email: string } }) {
  const [text, setText] = useState('');
  const [checkedText, setCheckedText] = useState<string | null>(null);
  const [report, setReport] = useState<QuickOrderReport | null>(null);
  const [result, setResult] = useState<QuickOrderResult | null>(null);
  const [linesError, setLinesError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [placeError, setPlaceError] = useState<string | null>(null);
  const ids = useId();
  usePreparedResolver(resolver);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<QuickOrderDeliveryInput, unknown, QuickOrderDeliveryValues>({
    resolver,
    defaultValues: { address: '', phone: '', poNumber: '' },
  });

  const current = report !== null && checkedText === text;

  function changeText(next: string) {
    setText(next);
    setLinesError(null);
    setResult(null);
  }

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > MAX_QUICK_ORDER_TEXT * 4) {
      setLinesError(quickOrderMessages.fileTooLarge(MAX_QUICK_ORDER_TEXT));
      return;
    }
    const content = await file.text();
    if (content.includes('\u0000')) {
      setLinesError(quickOrderMessages.fileNotText);
      return;
    }
    if (content.length > MAX_QUICK_ORDER_TEXT) {
      setLinesError(quickOrderMessages.fileTooLarge(MAX_QUICK_ORDER_TEXT));
      return;
    }
    changeText(content);
  }

  async function check(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecking(true);
    setResult(null);
    setPlaceError(null);
    const answer = await postJson<QuickOrderReport>('/api/quick-order/check', { text });
    setChecking(false);
    if (!answer.ok) {
      setReport(null);
      setCheckedText(null);
      setLinesError(answer.fields?.text?.[0] ?? answer.message);
      return;
    }
    setLinesError(null);
    setReport(answer.data);
    setCheckedText(text);
    requestAnimationFrame(() => document.getElementById(`${ids}-report`)?.focus());
  }

  const place = handleSubmit(async (values) => {
    setPlaceError(null);
    const answer = await postJson<QuickOrderResult>('/api/quick-order', {
      text,
      address: values.address,
      phone: values.phone,
      ...(values.poNumber ? { poNumber: values.poNumber } : {}),
    });
    if (!answer.ok) {
      let shown = false;
      for (const field of ['address', 'phone', 'poNumber'] as const) {
        const message = answer.fields?.[field]?.[0];
        if (message) {
          setError(field, { message });
          shown = true;
        }
      }
      if (!shown) setPlaceError(answer.message);
      return;
    }
    setResult(answer.data);
    setReport(null);
    setCheckedText(null);
    requestAnimationFrame(() => document.getElementById(`${ids}-result`)?.focus());
  });

  return (
    <div className="space-y-8">
      <form
        onSubmit={check}
        noValidate
        aria-label="Quick order lines"
        className="max-w-2xl space-y-4"
      >
        <Field
          id={`${ids}-lines`}
          label="Part numbers and quantities"
          error={linesError ?? undefined}
          hint={`One line per part: part number, quantity (e.g. SG-M2-40-20, 1000). At most ${MAX_QUICK_ORDER_LINES} lines; a first line "part number,quantity" is fine.`}
        >
          <textarea
            name="text"
            rows={8}
            spellCheck={false}
            autoComplete="off"
            maxLength={MAX_QUICK_ORDER_TEXT}
            value={text}
            onChange={(event) => changeText(event.target.value)}
            className="font-mono"
            placeholder={'SG-M2-40-20, 1000\n6205-2RS-C3, 2000'}
          />
        </Field>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <Field
            id={`${ids}-file`}
            label="Or upload a CSV file"
            unstyled
            hint={
              <>
                Two columns: part number and quantity, header optional.{' '}
                <a
                  href={SAMPLE_CSV}
                  download="quick-order-sample.csv"
                  className="font-medium text-brand-700 underline underline-offset-2"
                >
                  Download a sample CSV
                </a>
              </>
            }
          >
            <input
              type="file"
              accept=".csv,text/csv,text/plain"
              onChange={readFile}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium"
            />
          </Field>
          <button type="submit" className="btn-primary shrink-0" disabled={checking}>
            {checking ? 'Checking…' : 'Check lines'}
          </button>
        </div>
      </form>

      {report ? (
        <section aria-labelledby={`${ids}-report`} className="space-y-3">
          <h2
            id={`${ids}-report`}
            tabIndex={-1}
            className="text-xl font-semibold text-slate-900 focus:outline-none"
          >
            Check of your lines
          </h2>
          <p className="text-sm text-slate-700" data-testid="quick-order-summary">
            {report.orderable} of {report.lines.length} line{report.lines.length === 1 ? '' : 's'}{' '}
            can be ordered.
            {!current ? ' The lines changed since this check: check them again.' : null}
          </p>
          <Table columns={['Line', 'Part number', 'Quantity', 'Result']} headings="plain">
            {report.lines.map((line) => {
              const ok = line.status === 'ok';
              return (
                <tr key={line.lines.join('-')} data-status={line.status}>
                  <RowHeader className="whitespace-nowrap">{lineLabel(line.lines)}</RowHeader>
                  <Td className="font-mono break-all">{line.partNumber ?? line.text}</Td>
                  <Td className="tabular-nums">{line.quantity ?? '—'}</Td>
                  <Td className="min-w-56">
                    {ok ? (
                      <span className="block font-medium text-green-800">
                        Ready: {line.product?.name}
                      </span>
                    ) : (
                      <span className="block font-medium text-red-700">{line.message}</span>
                    )}
                    {ok && line.product?.price !== null && line.product?.unitPrice !== null ? (
                      <span className="block text-xs text-slate-600">
                        {formatMoney(toCents(line.product!.unitPrice!))} each,{' '}
                        {formatMoney(toCents(line.product!.price!))} in all
                      </span>
                    ) : null}
                    {!ok && line.product ? (
                      <Link
                        href={`/product/${line.product._id}`}
                        className="block text-xs text-brand-700 underline underline-offset-2"
                      >
                        {line.product.name}
                      </Link>
                    ) : null}
                    {line.merged ? (
                      <span className="block text-xs text-slate-600">{line.merged}</span>
                    ) : null}
                  </Td>
                </tr>
              );
            })}
          </Table>
        </section>
      ) : null}

      {report && current && report.orderable > 0 ? (
        <section aria-labelledby={`${ids}-delivery`} className="max-w-2xl">
          <h2 id={`${ids}-delivery`} className="text-xl font-semibold text-slate-900">
            Delivery
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Every order of this quick order goes to this address. Price, minimum and stock are
            checked again when you place them.
          </p>
          <form
            onSubmit={place}
            noValidate
            className="mt-4 space-y-4"
            aria-label="Quick order delivery"
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id={`${ids}-name`} label="Name">
                <input type="text" readOnly value={user.name} className="bg-slate-50" />
              </Field>
              <Field id={`${ids}-email`} label="Email">
                <input type="email" readOnly value={user.email} className="bg-slate-50" />
              </Field>
            </div>
            <DeliveryFields idPrefix={ids} register={register} errors={errors} />
            <FormError message={placeError} />
            <button type="submit" className="btn-primary" disabled={isSubmitting}>
              {isSubmitting
                ? 'Placing…'
                : `Place ${report.orderable} order${report.orderable === 1 ? '' : 's'}`}
            </button>
          </form>
        </section>
      ) : null}

      {result ? (
        <section
          aria-labelledby={`${ids}-result`}
          className="space-y-4"
          data-testid="quick-order-result"
        >
          <h2
            id={`${ids}-result`}
            tabIndex={-1}
            className="text-xl font-semibold text-slate-900 focus:outline-none"
          >
            {result.placed.length} order{result.placed.length === 1 ? '' : 's'} placed
          </h2>
          {result.placed.length ? (
            <Table columns={['Line', 'Product', 'Quantity', 'Price/payment']} headings="plain">
              {result.placed.map((line) => (
                <tr key={line.orderId} data-order-id={line.orderId}>
                  <RowHeader className="whitespace-nowrap">{lineLabel(line.lines)}</RowHeader>
                  <Td>
                    <Link
                      href={`/dashboard/order/${line.orderId}`}
                      className="font-medium text-brand-700 underline-offset-2 hover:underline"
                    >
                      {line.productName}
                    </Link>
                    <span className="block font-mono text-xs text-slate-600">
                      {line.partNumber}
                    </span>
                  </Td>
                  <Td className="tabular-nums">{line.quantity}</Td>
                  <Td>
                    <span className="font-semibold text-slate-900">
                      {formatMoney(toCents(line.price))}
                    </span>
                    <Link
                      href={`/dashboard/payment/${line.orderId}`}
                      className="btn-primary mt-1 ml-2 px-3 py-1"
                      aria-label={`Payment: ${line.productName}`}
                    >
                      Payment
                    </Link>
                  </Td>
                </tr>
              ))}
            </Table>
          ) : null}
          {result.failed.length ? (
            <div>
              <h3 className="font-semibold text-slate-900">
                {result.failed.length} line{result.failed.length === 1 ? '' : 's'} not ordered
              </h3>
              <ul className="mt-2 space-y-1 text-sm">
                {result.failed.map((line) => (
                  <li key={line.lines.join('-')}>
                    <span className="font-medium text-slate-900">{lineLabel(line.lines)}</span>{' '}
                    <span className="font-mono break-all text-slate-700">{line.text}</span>:{' '}
                    <span className="text-red-700">{line.message}</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <p>
            <Link href="/dashboard/order" className="btn-secondary">
              Go to My Orders
            </Link>
          </p>
        </section>
      ) : null}
    </div>
  );
}
