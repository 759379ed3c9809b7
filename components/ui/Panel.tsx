import type { ReactNode } from 'react';

/** One white panel of a page, a section labelled by its heading (`id`, `title`). */
export function Panel({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  /** Classes for the panel's place on the page (its margin, say). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={['rounded-xl border border-slate-200 bg-white p-6 shadow-sm', className]
        .filter(Boolean)
        .join(' ')}
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
