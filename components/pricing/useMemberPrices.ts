'use client';

import { useEffect, useState } from 'react';
import { useSession } from '@/lib/client/session';
import { MAX_MEMBER_PRICE_IDS, type MemberPrice, type MemberPrices } from '@/lib/pricing/shared';

/**
 * The signed-in member's own prices of the products a page shows, for its product cards: the
 * page's HTML is cached and the same for everyone (list prices only), so a member's prices are
 * asked by the browser, once per page for all its cards (`GET /api/prices`, one request per
 * 100 products), and only when someone is signed in: the session is the one the navigation bar
 * already reads (lib/client/session.ts), so a guest's page makes no request for prices.
 */

type Prices = ReadonlyMap<string, MemberPrice>;

const NONE: Prices = new Map();

/** Requests on their way, by person and products: a card list mounted twice asks once. */
const inFlight = new Map<string, Promise<Prices>>();

async function fetchPrices(ids: readonly string[]): Promise<Prices> {
  const batches: string[][] = [];
  for (let start = 0; start < ids.length; start += MAX_MEMBER_PRICE_IDS) {
    batches.push(ids.slice(start, start + MAX_MEMBER_PRICE_IDS));
  }
  const answers = await Promise.all(
    batches.map(async (batch) => {
      try {
        const response = await fetch(
          `/api/prices?productIds=${batch.map(encodeURIComponent).join(',')}`,
          { headers: { Accept: 'application/json' }, cache: 'no-store' },
        );
        return response.ok ? ((await response.json()) as MemberPrices).prices : [];
      } catch {
        // Without an answer the cards keep the list price, as for everyone.
        return [];
      }
    }),
  );
  return new Map(answers.flat().map((price) => [price.productId, price]));
}

function pricesFor(key: string, ids: readonly string[]): Promise<Prices> {
  let pending = inFlight.get(key);
  if (!pending) {
    pending = fetchPrices(ids).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

/** The member's price of each of `productIds` their contract prices (none for anyone else). */
export function useMemberPrices(productIds: readonly string[]): Prices {
  const { status, data } = useSession();
  const person = status === 'authenticated' ? (data?.user?.id ?? data?.user?.email ?? '') : null;
  // Text, not an array: the cards' ids are a new array on each render, the same text.
  const ids = [...new Set(productIds)].join(',');
  const key = person !== null && ids ? `${person}\u0000${ids}` : null;
  const [loaded, setLoaded] = useState<{ key: string; prices: Prices } | null>(null);

  useEffect(() => {
    if (key === null) return;
    let live = true;
    void pricesFor(key, ids.split(',')).then((prices) => {
      if (live) setLoaded({ key, prices });
    });
    return () => {
      live = false;
    };
  }, [key, ids]);

  return loaded !== null && loaded.key === key ? loaded.prices : NONE;
}
