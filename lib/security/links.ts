import { listenOrigin, listenProblem, loopbackAliases } from './listen.mjs';
import { parseOrigin, type Origin } from './origin';

/**
 * The store's own origin, which every absolute link, redirect and origin check is built on.
 * Never taken from a request: Host and X-Forwarded-Host are the client's to choose when the
 * store is reached directly. Tested in test/unit/security-links.test.ts.
 *
 * - The store's origin (`storeOrigin`): AUTH_URL's origin, where the store signs people in;
 *   without AUTH_URL, the one `npm start` and `npm run dev` print, `http://HOST:PORT`
 *   (lib/security/listen.mjs; a store on an address other than loopback must set AUTH_URL and
 *   refuses to start without it). Links handed to a person (verification and password-reset
 *   mails, the redirect after a verification link, order and quote mails, mails sent later by
 *   a webhook or a job) are all on it (`linkOrigin`), so the link opens where the session
 *   cookie lives.
 * - The origins the cross-site check accepts (`storeOrigins`): the store's, plus its other
 *   loopback spelling (`localhost` beside `127.0.0.1`, same port), which reaches the same
 *   server; Auth.js keeps a request made on one of them on that origin (`authOrigin`), so
 *   sign-in cookies stay where the browser is.
 * - The canonical address for search engines and link previews (canonical URLs, sitemap,
 *   robots.txt, OpenGraph, JSON-LD): `canonicalOrigin`, SITE_URL, else AUTH_URL, else the local
 *   default. Read at build time by pre-rendered pages, so never taken from a request.
 */

interface ConfiguredUrls {
  AUTH_URL?: string;
  SITE_URL?: string;
  /** Where the store listens (lib/core/env: HOST and PORT, set by `npm start` and `npm run dev`). */
  HOST?: string;
  PORT?: string | number;
}

/** The local default of `npm start` (HOST/PORT), for canonical URLs when nothing is configured. */
export const LOCAL_ORIGIN = 'http://127.0.0.1:3000';

/** The store's own origin: AUTH_URL's, else `http://HOST:PORT` as `npm start` prints it. */
export function storeOrigin(configured: ConfiguredUrls): Origin {
  if (configured.AUTH_URL) return new URL(configured.AUTH_URL).origin;
  return listenOrigin({ HOST: configured.HOST, PORT: configured.PORT });
}

/**
 * The origins a request may state to count as the store's own pages: the store's origin first,
 * then its other loopback spelling, if it is on loopback.
 */
export function storeOrigins(configured: ConfiguredUrls): Origin[] {
  const origin = storeOrigin(configured);
  return [origin, ...loopbackAliases(origin)];
}

/**
 * The origin of every link the store hands out, in answer to a request or not (a mail sent
 * later by the outbox, a webhook, a job): the store's origin, whatever the request said.
 */
export function linkOrigin(configured: ConfiguredUrls): Origin {
  return storeOrigin(configured);
}

/**
 * The origin Auth.js builds its URLs on for a request whose Host header is `host`: the store's
 * other loopback spelling when the browser is on it (its cookies live there), else the store's
 * origin. Picked from `storeOrigins`, never echoed: any other Host gets the store's origin.
 */
export function authOrigin(host: string | null, configured: ConfiguredUrls): Origin {
  const origins = storeOrigins(configured);
  const stated = host ? parseOrigin(`${new URL(origins[0]!).protocol}//${host.trim()}`) : null;
  return stated && origins.includes(stated) ? stated : origins[0]!;
}

/** The store's public origin for search engines and link previews. */
export function canonicalOrigin(configured: ConfiguredUrls): Origin {
  return new URL(configured.SITE_URL ?? configured.AUTH_URL ?? LOCAL_ORIGIN).origin;
}

/**
 * Why this configuration may not serve, or null when it may:
 * - listening on an address other than loopback (HOST=0.0.0.0…) without AUTH_URL: the store
 *   would not know the address people reach it at (`listenProblem`, lib/security/listen.mjs);
 * - a production store on its own database (NODE_ENV=production with MONGODB_URI) without
 *   AUTH_URL: behind a proxy or a platform, `http://HOST:PORT` is not where people reach it,
 *   and every mailed link would point there.
 * The embedded default and the end-to-end server run on loopback and work without it.
 */
export function publicUrlProblem(env: {
  NODE_ENV: string;
  MONGODB_URI?: string;
  AUTH_URL?: string;
  HOST?: string;
  PORT?: string | number;
}): string | null {
  const listening = listenProblem(env);
  if (listening) return listening;
  if (env.NODE_ENV !== 'production' || !env.MONGODB_URI || env.AUTH_URL) return null;
  return (
    'AUTH_URL is required in production (NODE_ENV=production with MONGODB_URI): set it to the ' +
    "store's public URL, e.g. AUTH_URL=https://shop.example.com. Mailed links (password reset, " +
    'email verification, orders) are built on it, never on the Host header a client sends.'
  );
}
