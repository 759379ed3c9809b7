'use client';

import { useEffect, useSyncExternalStore } from 'react';

/**
 * Who is signed in, for the few client components that need it (the navigation bar's
 * Dashboard / Sign Out / Login, the end of sign-in), without next-auth/react's provider in
 * the root layout: the same `GET /api/auth/session` Auth.js's SessionProvider makes, fetched
 * when the first component asks and again when the tab becomes visible (as the provider does
 * with `refetchOnWindowFocus`), shared by every component. Sign-out is Auth.js's own request,
 * as next-auth/react's `signOut` sends it.
 */

export interface ClientSession {
  user?: { id?: string; name?: string | null; email?: string | null; image?: string | null };
  expires: string;
}

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

interface SessionState {
  status: SessionStatus;
  data: ClientSession | null;
}

const LOADING: SessionState = { status: 'loading', data: null };
let state: SessionState = LOADING;
let pending: Promise<ClientSession | null> | null = null;
let requested = 0;
let applied = 0;
const listeners = new Set<() => void>();

/**
 * Asks the server who is signed in now; every component using `useSession` follows. A request
 * already on its way is shared, unless `fresh` (after a sign-in: it may have left before).
 */
export function refreshSession({ fresh = false } = {}): Promise<ClientSession | null> {
  if (pending && !fresh) return pending;
  const id = ++requested;
  const request = fetch('/api/auth/session', { headers: { 'Content-Type': 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<ClientSession | null>) : null))
    .catch(() => null)
    .then((body) => {
      // Auth.js answers `{}` (or null) when nobody is signed in.
      const session = body && Object.keys(body).length > 0 ? body : null;
      // An older answer that arrives late never replaces a newer one.
      if (id < applied) return session;
      applied = id;
      state = session
        ? { status: 'authenticated', data: session }
        : { status: 'unauthenticated', data: null };
      for (const listener of listeners) listener();
      return session;
    })
    .finally(() => {
      if (pending === request) pending = null;
    });
  pending = request;
  return request;
}

function onVisible() {
  if (document.visibilityState === 'visible') void refreshSession();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) document.addEventListener('visibilitychange', onVisible);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) document.removeEventListener('visibilitychange', onVisible);
  };
}

/** The session and its status; 'loading' until the first answer (and on the server). */
export function useSession(): SessionState {
  const snapshot = useSyncExternalStore(
    subscribe,
    () => state,
    () => LOADING,
  );
  useEffect(() => {
    if (state === LOADING) void refreshSession();
  }, []);
  return snapshot;
}

/**
 * Signs out as next-auth/react's `signOut({ redirectTo })` does: Auth.js's CSRF token, then
 * POST /api/auth/signout, then a full navigation to where Auth.js says.
 */
export async function signOut({ redirectTo = '/' }: { redirectTo?: string } = {}): Promise<void> {
  const { csrfToken } = (await (await fetch('/api/auth/csrf')).json()) as { csrfToken: string };
  const response = await fetch('/api/auth/signout', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Auth-Return-Redirect': '1',
    },
    body: new URLSearchParams({ csrfToken, callbackUrl: redirectTo }),
  });
  const { url } = (await response.json()) as { url?: string };
  const target = url ?? redirectTo;
  window.location.href = target;
  // A URL with a hash does not reload the page by itself.
  if (target.includes('#')) window.location.reload();
}
