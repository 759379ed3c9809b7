import Link from 'next/link';
import { Field } from '@/components/ui/Field';
import { billingWording } from '@/lib/core/b2b-wording/billing';

const words = billingWording.statement.range;

const PATH = '/dashboard/statement';

/** The statement's CSV download for the range shown (GET /api/account/statement?format=csv). */
export function statementCsvHref({ from, to }: { from?: string; to?: string }): string {
  const search = new URLSearchParams({ format: 'csv' });
  if (from) search.set('from', from);
  if (to) search.set('to', to);
  return `/api/account/statement?${search.toString()}`;
}

/**
 * The statement's range (From, To: UTC days, both included) as a GET form, so it stays in the
 * URL and works without JavaScript, and the "Export CSV" link of that range.
 */
export function StatementRange({
  from,
  to,
  errors = {},
}: {
  from?: string;
  to?: string;
  errors?: { from?: string; to?: string };
}) {
  const invalid = Boolean(errors.from || errors.to);
  return (
    <div className="mt-4">
      <div className="flex flex-wrap items-end gap-x-4 gap-y-3">
        <form
          action={PATH}
          method="get"
          aria-label={words.label}
          className="flex flex-wrap items-end gap-x-3 gap-y-3"
        >
          <Field id="statement-from" label={words.from} error={errors.from}>
            <input type="date" name="from" defaultValue={from ?? ''} className="w-40" />
          </Field>
          <Field id="statement-to" label={words.to} error={errors.to}>
            <input type="date" name="to" defaultValue={to ?? ''} className="w-40" />
          </Field>
          <button type="submit" className="btn-secondary">
            {words.show}
          </button>
          {from || to ? (
            <Link href={PATH} className="py-2 text-sm font-medium text-brand-700 underline">
              {words.everyDate}
            </Link>
          ) : null}
        </form>
        {invalid ? null : (
          <a href={statementCsvHref({ from, to })} download className="btn-primary sm:ml-auto">
            {words.exportCsv}
          </a>
        )}
      </div>
      <p className="mt-2 text-xs text-slate-600">{words.hint}</p>
    </div>
  );
}
