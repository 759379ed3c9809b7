'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { CartLink } from '@/components/cart/CartLink';
import { clearAccessToken } from '@/lib/client/access-token';
import { signOut, useSession } from '@/lib/client/session';

/**
 * The signed-in part of the navigation bar: the order list (with its line count), Dashboard and
 * Sign Out when signed in, Login when signed out. Client-side, so public pages stay static and fast.
 */
export function AuthNav({ linkClass }: { linkClass: string }) {
  const { status } = useSession();
  const pathname = usePathname();
  // After login the person comes back to the page they were on.
  const loginHref =
    pathname === '/' || pathname.startsWith('/login') || pathname.startsWith('/signup')
      ? '/login'
      : `/login?callbackUrl=${encodeURIComponent(pathname)}`;

  if (status === 'authenticated') {
    return (
      <>
        <li>
          <CartLink linkClass={linkClass} />
        </li>
        <li>
          <Link href="/dashboard" className={linkClass}>
            Dashboard
          </Link>
        </li>
        <li>
          <button
            type="button"
            className={`${linkClass} w-full text-left`}
            onClick={async () => {
              clearAccessToken();
              await signOut({ redirectTo: '/' });
            }}
          >
            Sign Out
          </button>
        </li>
      </>
    );
  }
  return (
    <li>
      <Link href={loginHref} className={linkClass} aria-busy={status === 'loading'}>
        Login
      </Link>
    </li>
  );
}
