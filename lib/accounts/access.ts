import type { Role } from './collections';

/**
 * The access rules, each written once and imported by the proxy, the pages and the route
 * handlers: who may reach an order, which dashboard pages are for admins, and where a person
 * may be sent back to after signing in. Pure functions, no database: callers pass what they
 * have read.
 */

/**
 * Who may see and act on a buyer's order or quote (and an order's invoice): its owner, by user
 * id (never by email, so a removed user's orders do not pass to whoever registers that email
 * next), or an admin. A record without an owner (an order from before user ids, whose email had
 * no account) is reachable by admins only. What each may then do is the feature's rule: only
 * its buyer accepts a quote; only an admin answers or declines it.
 */
export function canAccessOwned(
  user: { id: string; role: Role },
  owned: { userId: string },
): boolean {
  return user.role === 'admin' || (owned.userId !== '' && owned.userId === user.id);
}

/** The admin-only dashboard pages, in the order of the admin's sidebar. */
export const adminPages = [
  { href: '/dashboard/users', label: 'Make Admin' },
  { href: '/dashboard/addaproduct', label: 'Add Product' },
  { href: '/dashboard/manageproduct', label: 'Manage Products' },
  { href: '/dashboard/manageorder', label: 'Manage Orders' },
  { href: '/dashboard/companies', label: 'Companies' },
  { href: '/dashboard/price-lists', label: 'Price lists' },
] as const;

/** Whether a path is one of the admin pages or below one. */
export function isAdminPath(pathname: string): boolean {
  return adminPages.some(({ href }) => pathname === href || pathname.startsWith(`${href}/`));
}

/** Any origin will do: candidates are resolved against it and must keep it. */
const STORE = 'http://store.invalid';

/** A backslash or a control character (tab, newline, NUL, DEL...): browsers skip or rewrite them. */
const UNSAFE = /[\\\u0000-\u001f\u007f]/;

function decoded(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * The one safe-redirect rule, used by the proxy, the login page and the sign-in completion:
 * a path on the store's own origin to return to after sign-in, or the fallback. The candidate
 * must start with one slash, contain no backslash or control character (also when
 * percent-decoded), and resolve, against the store's origin, to that same origin. What comes
 * back is the resolved path, query and fragment, never the raw input.
 */
export function safeCallbackPath(value: string | null | undefined, fallback = '/'): string {
  if (!value || value.length > 2048 || !value.startsWith('/')) return fallback;
  const plain = decoded(value);
  if (plain === null || UNSAFE.test(value) || UNSAFE.test(plain)) return fallback;
  if (value.startsWith('//') || plain.startsWith('//')) return fallback;
  let url: URL;
  try {
    url = new URL(value, STORE);
  } catch {
    return fallback;
  }
  if (url.origin !== STORE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** What opening a verification link did: verified now (`1`), verified before, or no such link. */
export type VerificationOutcome = '1' | 'already' | 'invalid';

/**
 * Where opening a verification link leads, with its outcome as `verified=`: back to the page the
 * person signed up from (the link's `callbackUrl`, a safe path by `safeCallbackPath` only), or to
 * My Profile. A link that verified nothing always goes to My Profile, which says so and offers a
 * new one: a made-up link sends nobody anywhere else.
 */
export function afterVerificationPath(
  outcome: VerificationOutcome,
  callbackUrl: string | null | undefined,
): string {
  const back = outcome === 'invalid' ? '/' : safeCallbackPath(callbackUrl);
  if (back === '/') return `/dashboard?verified=${outcome}`;
  const url = new URL(back, STORE);
  url.searchParams.set('verified', outcome);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Whether Auth.js accepts a `callbackUrl` (its query parameter, or its callback-url cookie): an
 * http(s) URL, or a path resolved against the store's origin. Auth.js checks this itself before
 * anything else, but answers a value it refuses as a server configuration error (500), so the
 * Auth.js route checks it first with this same rule and answers the client's mistake as one.
 * Where the person is sent afterwards is still decided by Auth.js (same origin only).
 */
export function authJsAcceptsCallbackUrl(value: string, origin: string): boolean {
  try {
    return /^https?:$/.test(new URL(value, value.startsWith('/') ? origin : undefined).protocol);
  } catch {
    return false;
  }
}
