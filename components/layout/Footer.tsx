'use client';

import Link from 'next/link';
import { footerColumns, type FooterLink } from './footer-links';

/**
 * The footer: the store's name, then the company, product and legal link lists. A client
 * component for its weight, not for behaviour: its links are in the layout's script, cached
 * with it, instead of travelling in every page's React payload beside their HTML.
 * `year` comes from the server, so the server's HTML and the browser's render agree, and so do
 * the category links (their names are the catalogue's, which stays out of the page's script).
 */
export function Footer({
  storeName,
  year,
  categoryLinks,
}: {
  storeName: string;
  year: number;
  categoryLinks: readonly FooterLink[];
}) {
  return (
    <footer className="bg-steel-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{storeName}</p>
          <p className="mt-2 text-sm">
            Parts made in our own plant, sold directly to your business.
          </p>
        </div>
        {footerColumns(categoryLinks).map((column) => (
          <nav key={column.title} aria-labelledby={`footer-${column.title.toLowerCase()}`}>
            <h2
              id={`footer-${column.title.toLowerCase()}`}
              className="text-sm font-semibold tracking-wide text-white uppercase"
            >
              {column.title}
            </h2>
            <ul className="footer-links">
              {column.links.map((link) => (
                <li key={link.href}>
                  <Link href={link.href}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-white/10 py-4 text-center text-xs">
        © {year} {storeName}. All rights reserved.
      </p>
    </footer>
  );
}
