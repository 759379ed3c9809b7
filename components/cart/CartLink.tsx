'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { callApi } from '@/lib/client/api';
import { onCartCount } from './cart-events';

/**
 * The header's link to the order list, with its line count: read once when a signed-in page
 * opens, then kept up to date by the changes the page itself makes.
 */
export function CartLink({ linkClass }: { linkClass: string }) {
  const [count, setCount] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    void callApi<{ lineCount: number }>('/api/cart/count').then((result) => {
      if (live && result.ok) setCount(result.data.lineCount);
    });
    const stop = onCartCount((next) => setCount(next));
    return () => {
      live = false;
      stop();
    };
  }, []);

  // Its name says the count in full ("Order list, 3 lines"); the badge shows the number.
  return (
    <Link href="/dashboard/cart" className={linkClass}>
      {count === null ? (
        'Order list'
      ) : (
        <>
          <span className="sr-only">
            Order list, {count} {count === 1 ? 'line' : 'lines'}
          </span>
          <span aria-hidden="true">
            Order list
            <span className="ml-1.5 inline-block min-w-6 rounded-full bg-white px-1.5 text-center text-xs font-bold text-steel-900">
              {count}
            </span>
          </span>
        </>
      )}
    </Link>
  );
}
