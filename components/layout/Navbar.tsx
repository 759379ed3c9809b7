import Link from 'next/link';
import { AuthNav } from '@/components/auth/AuthNav';
import { MenuToggle } from './MenuToggle';
import { publicLinks } from './nav-links';

/** The links' look, `.nav-link` in app/globals.css. */
const linkClass = 'nav-link';

export function Navbar({ storeName }: { storeName: string }) {
  const links = (
    <>
      {publicLinks.map((link) => (
        <li key={link.href}>
          <Link href={link.href} className={linkClass}>
            {link.label}
          </Link>
        </li>
      ))}
      <AuthNav linkClass={linkClass} />
    </>
  );

  return (
    <header className="bg-steel-900 text-white">
      <nav
        aria-label="Main"
        className="mx-auto flex max-w-7xl items-center justify-between px-4 py-3"
      >
        <Link href="/" className="text-lg font-bold tracking-tight text-white">
          {storeName}
        </Link>
        <ul className="hidden items-center gap-1 md:flex">{links}</ul>
        <MenuToggle>
          <ul className="flex flex-col gap-1 px-4 pb-4">{links}</ul>
        </MenuToggle>
      </nav>
    </header>
  );
}
