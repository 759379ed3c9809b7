import { requestOrigin, type Origin } from './origin';

/**
 * The origins that absolute links are built on. Tested in test/unit/security-links.test.ts.
 *
 * - Links handed to a person in answer to a request (the verification and password-reset
 *   mails, the redirect after a verification link; order mails later): `linkOrigin`, AUTH_URL's
 *   origin, where the store signs people in, so the link opens where the session cookie lives.
 *   Without AUTH_URL (a local store, the tests) the origin the person is using, built as
 *   Auth.js builds it, so someone on http://127.0.0.1:3000 gets links to http://127.0.0.1:3000.
 *   That origin comes from the Host header, which anyone talking to the server directly may
 *   choose: a production store must set AUTH_URL (`publicUrlProblem`, checked at start).
 * - The canonical address for search engines and link previews (canonical URLs, sitemap,
 *   robots.txt, OpenGraph, JSON-LD): `canonicalOrigin`, SITE_URL, else AUTH_URL, else the local
 *   default. Read at build time by pre-rendered pages, so never taken from a request.
 */

interface ConfiguredUrls {
  AUTH_URL?: string;
  SITE_URL?: string;
}

/** The local default of `npm start` (HOST/PORT), for canonical URLs when nothing is configured. */
export const LOCAL_ORIGIN = 'http://127.0.0.1:3000';

/**
 * The origin of links handed out in answer to `request`: AUTH_URL's, else the person's own.
 * Work done outside a request (a mail sent later from an outbox) passes null: AUTH_URL's, else
 * the canonical origin; or it keeps the origin taken while the request was being answered.
 */
export function linkOrigin(request: Request | null, configured: ConfiguredUrls): Origin {
  if (configured.AUTH_URL) return new URL(configured.AUTH_URL).origin;
  return request ? requestOrigin(request) : canonicalOrigin(configured);
}

/** The store's public origin for search engines and link previews. */
export function canonicalOrigin(configured: ConfiguredUrls): Origin {
  return new URL(configured.SITE_URL ?? configured.AUTH_URL ?? LOCAL_ORIGIN).origin;
}

/**
 * Why this configuration may not serve, or null when it may: a production store on its own
 * database (NODE_ENV=production with MONGODB_URI) must name its public URL, or every mailed
 * link would follow a Host header that anyone may forge (a password-reset link pointing at
 * another site hands that site the token). The embedded default and the end-to-end server run
 * on loopback and keep working without it.
 */
export function publicUrlProblem(env: {
  NODE_ENV: string;
  MONGODB_URI?: string;
  AUTH_URL?: string;
}): string | null {
  if (env.NODE_ENV !== 'production' || !env.MONGODB_URI || env.AUTH_URL) return null;
  return (
    'AUTH_URL is required in production (NODE_ENV=production with MONGODB_URI): set it to the ' +
    "store's public URL, e.g. AUTH_URL=https://shop.example.com. Mailed links (password reset, " +
    'email verification) are built on it, never on the Host header a client sends.'
  );
}
