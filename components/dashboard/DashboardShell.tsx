'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useId, useState } from 'react';
import type { SidebarLink } from './sidebar-links';

/**
 * The dashboard: a sidebar 48 units wide beside the nested page: the dashboard's links, then
 * the company account's group for everyone signed in. On small screens the sidebar is hidden
 * behind a toggle button.
 */
export function DashboardShell({
  links,
  companyLinks,
  children,
}: {
  links: SidebarLink[];
  /** The company group's links (sidebar-links.ts `companyLinks`). */
  companyLinks: SidebarLink[];
  children: React.ReactNode;
}) {
  const pathname = usePathname();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const sidebarId = useId();
  const companyHeadingId = useId();

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 lg:flex-row">
      <div className="lg:hidden">
        <button
          type="button"
          className="btn-secondary"
          aria-expanded={open}
          aria-controls={sidebarId}
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          {open ? 'Close dashboard menu' : 'Open dashboard menu'}
        </button>
      </div>
      <aside
        id={sidebarId}
        aria-label="Dashboard"
        className={`${open ? 'block' : 'hidden'} w-48 shrink-0 lg:block`}
      >
        <h2 className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">
          Dashboard
        </h2>
        <nav aria-label="Dashboard">
          <SidebarList links={links} pathname={pathname} />
        </nav>
        <h2
          id={companyHeadingId}
          className="mt-6 mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase"
        >
          Company account
        </h2>
        <nav aria-labelledby={companyHeadingId}>
          <SidebarList links={companyLinks} pathname={pathname} />
        </nav>
      </aside>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}

/** One group of the sidebar's links, the current page's marked. */
function SidebarList({ links, pathname }: { links: SidebarLink[]; pathname: string }) {
  return (
    <ul className="space-y-1">
      {links.map((link) => {
        const current = pathname === link.href;
        return (
          <li key={link.href}>
            <Link
              href={link.href}
              aria-current={current ? 'page' : undefined}
              className={`block rounded-md px-3 py-2 text-sm font-medium ${current ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
            >
              {link.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
