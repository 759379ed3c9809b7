import type { ReactNode } from 'react';

/**
 * A bordered data table of the company page, in a frame of its own that scrolls sideways on a
 * narrow screen: a labelled region, focusable so that the keyboard can scroll it too (a table
 * without buttons in it, as members without the owner's tools see theirs, has nothing else to
 * focus). The rows use the Table component's cells (`Td`, `RowHeader`).
 */
export function ScrollTable({
  label,
  columns,
  children,
  className,
}: {
  /** The frame's name, read by screen readers ("Company members", say). */
  label: string;
  columns: readonly string[];
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={[
        'overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        className,
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-3">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">{children}</tbody>
      </table>
    </div>
  );
}
