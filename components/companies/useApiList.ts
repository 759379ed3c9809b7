'use client';

import { useCallback, useEffect, useState } from 'react';
import { callApi } from '@/lib/client/api';

/** A list the company page shows: its items, or why they could not be read again. */
export type ListState<T> = { status: 'failed'; message: string } | { status: 'loaded'; items: T[] };

/**
 * A list the page was rendered with (`initial`, read on the server), read again from the API
 * (`GET url` answering `{ items }`) on `reload()`, after a change the page made. A slower,
 * older answer never replaces a newer one.
 */
export function useApiList<T>(url: string, initial: T[]) {
  const [state, setState] = useState<ListState<T>>({ status: 'loaded', items: initial });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (version === 0) return;
    let current = true;
    void callApi<{ items: T[] }>(url).then((result) => {
      if (!current) return;
      setState(
        result.ok
          ? { status: 'loaded', items: result.data.items }
          : { status: 'failed', message: result.message },
      );
    });
    return () => {
      current = false;
    };
  }, [url, version]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);
  return { state, reload };
}
