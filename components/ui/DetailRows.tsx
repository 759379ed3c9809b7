import { Fragment, type ReactNode } from 'react';

/** One term of a description list and its value (`testId` marks the value for the specs). */
export interface DetailRow {
  term: string;
  value: ReactNode;
  testId?: string;
  className?: string;
  /** Instead of the list's `termClassName`, for a row set apart (a total, say). */
  termClassName?: string;
}

/**
 * The terms and values inside a page's `<dl>`, in order; a row given as `false` (one that
 * does not apply to this record) is left out.
 */
export function DetailRows({
  rows,
  termClassName,
}: {
  rows: ReadonlyArray<DetailRow | false>;
  termClassName: string;
}) {
  return rows.map((row) =>
    row ? (
      <Fragment key={row.term}>
        <dt className={row.termClassName ?? termClassName}>{row.term}</dt>
        <dd className={row.className} data-testid={row.testId}>
          {row.value}
        </dd>
      </Fragment>
    ) : null,
  );
}
