'use client';

import type { ChangeEvent, FormEvent } from 'react';
import { Field } from '@/components/ui/Field';
import { quickOrderMessages } from '@/lib/core/messages';
import { MAX_QUICK_ORDER_LINES, MAX_QUICK_ORDER_TEXT } from '@/lib/core/validation/limits';

const SAMPLE_CSV = '/quick-order-sample.csv';

/**
 * The quick order's lines form: the lines typed, pasted, or read from a CSV file into the same
 * box (so one parser on the server reads both), and the button that asks for their check. A
 * file too large or not text is refused here, through `onError`.
 */
export function QuickOrderLines({
  idPrefix,
  text,
  error,
  checking,
  onChange,
  onError,
  onCheck,
}: {
  idPrefix: string;
  text: string;
  error: string | null;
  checking: boolean;
  onChange: (text: string) => void;
  onError: (message: string) => void;
  onCheck: (event: FormEvent<HTMLFormElement>) => void;
}) {
  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > MAX_QUICK_ORDER_TEXT * 4) {
      onError(quickOrderMessages.fileTooLarge(MAX_QUICK_ORDER_TEXT));
      return;
    }
    const content = await file.text();
    if (content.includes('\u0000')) {
      onError(quickOrderMessages.fileNotText);
      return;
    }
    if (content.length > MAX_QUICK_ORDER_TEXT) {
      onError(quickOrderMessages.fileTooLarge(MAX_QUICK_ORDER_TEXT));
      return;
    }
    onChange(content);
  }

  return (
    <form
      onSubmit={onCheck}
      noValidate
      aria-label="Quick order lines"
      className="max-w-2xl space-y-4"
    >
      <Field
        id={`${idPrefix}-lines`}
        label="Part numbers and quantities"
        error={error ?? undefined}
        hint={`One line per part: part number, quantity (e.g. SG-M2-40-20, 1000). At most ${MAX_QUICK_ORDER_LINES} lines; a first line "part number,quantity" is fine.`}
      >
        <textarea
          name="text"
          rows={8}
          spellCheck={false}
          autoComplete="off"
          maxLength={MAX_QUICK_ORDER_TEXT}
          value={text}
          onChange={(event) => onChange(event.target.value)}
          className="font-mono"
          placeholder={'SG-M2-40-20, 1000\n6205-2RS-C3, 2000'}
        />
      </Field>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <Field
          id={`${idPrefix}-file`}
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
  );
}
