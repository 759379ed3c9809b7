import Link from 'next/link';
import { footerColumns } from './footer-links';

export function Footer({ storeName }: { storeName: string }) {
  return (
    <footer className="bg-steel-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{storeName}</p>
          <p className="mt-2 text-sm">
            Parts made in our own plant, sold directly to your business.
          </p>
        </div>
        {footerColumns.map((column) => (
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
        © {new Date().getFullYear()} {storeName}. All rights reserved.
      </p>
    </footer>
  );
}
