import type { ReactNode } from 'react';

const headingClass = 'text-2xl font-bold text-slate-900';

/**
 * A dashboard page's body: a section labelled by its one h1 (`id`, `title`), then the page.
 * `gap` is the space under the heading where the page wants one.
 */
export function DashboardSection({
  id,
  title,
  gap,
  children,
}: {
  id: string;
  title: ReactNode;
  gap?: 'mb-2' | 'mb-6';
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h1 id={id} className={gap ? `${gap} ${headingClass}` : headingClass}>
        {title}
      </h1>
      {children}
    </section>
  );
}
