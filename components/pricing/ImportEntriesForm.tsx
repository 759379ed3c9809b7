'use client';

import { useRouter } from 'next/navigation';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Field } from '@/components/ui/Field';
import { RowHeader, Table, Td } from '@/components/ui/Table';
import { toast } from '@/components/ui/toast';
import { callApi } from '@/lib/client/api';
import {
  IMPORT_COLUMNS,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_LINES,
  type ImportLineReport,
  type ImportResult,
} from '@/lib/pricing/shared';

/**
 * The CSV import of a list's entries: a file read here and sent as `text/csv`. All or nothing:
 * when a line is refused nothing is imported and each refused line is listed with why.
 */
export function ImportEntriesForm({ priceListId }: { priceListId: string }) {
  const router = useRouter();
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<{ message: string; lines: ImportLineReport[] } | null>(null);
  const [busy, setBusy] = useState(false);

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    setReport(null);
    const file = event.target.files?.[0];
    if (!file) return setText(null);
    if (file.size > MAX_IMPORT_BYTES) {
      setText(null);
      return setError('The file is larger than 2 MB. Split it into several imports.');
    }
    setError(null);
    setText(await file.text());
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (text === null) return setError('Choose a CSV file to import.');
    setBusy(true);
    const answer = await callApi<ImportResult>(
      `/api/admin/price-lists/${priceListId}/entries/import`,
      { method: 'POST', headers: { 'Content-Type': 'text/csv' }, body: text },
    );
    setBusy(false);
    if (answer.ok) {
      setReport(null);
      toast.success(
        `${answer.data.lineCount} lines imported: ${answer.data.created} new entries, ${answer.data.updated} replaced.`,
      );
      router.refresh();
      return;
    }
    const lines = (answer.details?.refused as ImportLineReport[] | undefined) ?? [];
    setReport({ message: answer.message, lines });
    if (!lines.length) setError(answer.message);
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Import entries" className="mt-4 space-y-4">
      <Field
        id={`import-${priceListId}`}
        label="CSV file of entries"
        unstyled
        error={error ?? undefined}
        hint={`Columns ${IMPORT_COLUMNS.join(', ')}; header optional; unit price in dollars; at most ${MAX_IMPORT_LINES.toLocaleString('en-US')} lines and 2 MB. Nothing is imported if a line is refused.`}
      >
        <input
          type="file"
          accept=".csv,text/csv,text/plain"
          onChange={readFile}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium"
        />
      </Field>
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? 'Importing…' : 'Import entries'}
      </button>
      {report && report.lines.length > 0 ? (
        <div role="alert" className="space-y-3">
          <p className="text-sm font-medium text-red-700">{report.message}</p>
          <Table
            columns={['Line', 'Part number', 'Problem']}
            headings="plain"
            label="Refused lines"
          >
            {report.lines.map((line) => (
              <tr key={line.line}>
                <RowHeader>{line.line}</RowHeader>
                <Td className="font-mono">{line.sku ?? '—'}</Td>
                <Td>{line.problems.map((problem) => problem.message).join('; ')}</Td>
              </tr>
            ))}
          </Table>
        </div>
      ) : null}
    </form>
  );
}
