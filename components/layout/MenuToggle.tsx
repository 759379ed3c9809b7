'use client';

import { useId, useState } from 'react';
import { usePathname } from 'next/navigation';

/** The small-screen menu: a button that shows and hides the navigation links. */
export function MenuToggle({ children }: { children: React.ReactNode }) {
  const pathname = usePathname();
  // The page on which the menu was opened: it closes by itself once a link leads elsewhere.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const menuId = useId();

  return (
    <div className="md:hidden">
      <button
        type="button"
        className="rounded-md p-2 text-slate-100 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        <span className="sr-only">{open ? 'Close menu' : 'Open menu'}</span>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-6 w-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 6h16M4 12h16M4 18h16" />}
        </svg>
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute inset-x-0 top-14 z-40 bg-steel-900 shadow-lg"
      >
        {children}
      </div>
    </div>
  );
}
