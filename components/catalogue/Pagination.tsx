import Link from 'next/link';

/**
 * The page numbers shown: the first and last, and two either side of the current one; null
 * marks a gap.
 */
export function pageWindow(page: number, pages: number): Array<number | null> {
  const shown = new Set([1, pages]);
  for (let n = page - 2; n <= page + 2; n++) if (n >= 1 && n <= pages) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const result: Array<number | null> = [];
  for (const [index, n] of sorted.entries()) {
    if (index > 0 && n - sorted[index - 1]! > 1) result.push(null);
    result.push(n);
  }
  return result;
}

const itemClass =
  'inline-flex min-w-10 items-center justify-center rounded-md border px-3 py-2 text-sm font-medium';
const linkClass = `${itemClass} border-slate-300 bg-white text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600`;

/** Page links (previous, numbered, next) that work without JavaScript. */
export function Pagination({
  page,
  pages,
  hrefFor,
  label = 'Pages',
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  label?: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          {page > 1 ? (
            <Link href={hrefFor(page - 1)} className={linkClass} rel="prev">
              Previous
            </Link>
          ) : (
            <span className={`${itemClass} border-slate-200 text-slate-500`} aria-disabled="true">
              Previous
            </span>
          )}
        </li>
        {pageWindow(page, pages).map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                href={hrefFor(n)}
                aria-label={`Page ${n}`}
                aria-current={n === page ? 'page' : undefined}
                className={
                  n === page ? `${itemClass} border-brand-600 bg-brand-600 text-white` : linkClass
                }
              >
                {n}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pages ? (
            <Link href={hrefFor(page + 1)} className={linkClass} rel="next">
              Next
            </Link>
          ) : (
            <span className={`${itemClass} border-slate-200 text-slate-500`} aria-disabled="true">
              Next
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
