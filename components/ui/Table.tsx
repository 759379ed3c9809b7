import type { ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react';

const cell = 'px-4 py-3';

const headStyles = {
  caps: 'bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase',
  plain: 'bg-slate-50 text-slate-600',
} as const;

export interface TableProps {
  /** The column headings, left to right. */
  columns: readonly ReactNode[];
  /** The body rows (`<tr>` elements). */
  children: ReactNode;
  /** Classes for the scrolling frame around the table (its margin, say). */
  className?: string;
  /** Small uppercase headings (the default) or plain ones. */
  headings?: keyof typeof headStyles;
  /**
   * The frame's name ("Invoice lines", say). Given, the frame is a labelled region the keyboard
   * can focus to scroll it sideways: needed where the table has nothing else to focus (no link
   * or button in it) and may be wider than a narrow screen.
   */
  label?: string;
}

/** A bordered data table that scrolls sideways on narrow screens, with one heading row. */
export function Table({ columns, children, className, headings = 'caps', label }: TableProps) {
  return (
    <div
      className={join(
        className,
        // `relative`: visually hidden text in a cell (`sr-only`, absolutely positioned) stays in
        // the scrolling frame instead of stretching the page sideways.
        'relative overflow-x-auto rounded-lg border border-slate-200',
        label
          ? 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'
          : undefined,
      )}
      {...(label ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
    >
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <thead className={headStyles[headings]}>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={cell}>
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

/** A body cell. */
export function Td({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={join(cell, className)} {...props} />;
}

/** The heading cell of a body row (its number, say). */
export function RowHeader({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th scope="row" className={join(cell, 'font-medium text-slate-900', className)} {...props} />
  );
}

function join(...classes: (string | undefined)[]): string {
  return classes.filter(Boolean).join(' ');
}
