// @ts-check
/**
 * Where the store listens (HOST and PORT, as `npm start` and `npm run dev` take them), and the
 * origin that follows from it when AUTH_URL is not set. Plain ES module with JSDoc types,
 * because scripts/run.mjs and scripts/serve.mjs check it before anything is built or loaded;
 * lib/security/links.ts builds the store's origins on it. Tested in
 * test/unit/security-links.test.ts.
 *
 * Without AUTH_URL the store's origin is the one `npm start` prints, `http://HOST:PORT`, never
 * one taken from a request's Host or X-Forwarded-Host (which any client talking to the server
 * may choose). That is only sound on a loopback address, where the person using the store is
 * on the same machine: a store listening on any other address without AUTH_URL refuses to
 * start (`listenProblem`).
 */

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = '3000';

/**
 * @typedef {object} ListenSettings
 * @property {string} [HOST] the address the server listens on (default 127.0.0.1)
 * @property {string | number} [PORT] its port (default 3000)
 * @property {string} [AUTH_URL] the store's public URL, when configured
 */

/** @param {string | number | undefined} value */
function present(value) {
  const text = value === undefined ? '' : String(value).trim();
  return text === '' ? undefined : text;
}

/** @param {ListenSettings} settings */
function hostOf(settings) {
  return (present(settings.HOST) ?? DEFAULT_HOST).toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

/** @param {ListenSettings} settings */
function portOf(settings) {
  return present(settings.PORT) ?? DEFAULT_PORT;
}

/**
 * Whether the address only this machine can reach: `localhost`, 127.0.0.0/8, `::1`.
 * @param {string} host
 */
export function isLoopbackHost(host) {
  const plain = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (plain === 'localhost' || plain === '::1' || plain === '0:0:0:0:0:0:0:1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/**
 * The origin a server on `host` is opened at: IPv6 in brackets; the wildcard addresses (which
 * `npm start` prints as 127.0.0.1) as 127.0.0.1.
 * @param {string} host
 * @param {string} port
 */
function originAt(host, port) {
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return new URL(`http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`).origin;
}

/**
 * The origin `npm start` prints for HOST and PORT: `http://127.0.0.1:3000` by default.
 * @param {ListenSettings} settings
 */
export function listenOrigin(settings) {
  return originAt(hostOf(settings), portOf(settings));
}

/**
 * The other spellings of a loopback origin that reach the same server on the same port:
 * `localhost` beside 127.0.0.1 or ::1, and 127.0.0.1 beside localhost. None for an origin that
 * is not on loopback.
 * @param {string} origin
 * @returns {string[]}
 */
export function loopbackAliases(origin) {
  const url = new URL(origin);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = url.port ? `:${url.port}` : '';
  /** @param {string} name */
  const at = (name) => new URL(`${url.protocol}//${name}${port}`).origin;
  if (host === 'localhost') return [at('127.0.0.1')];
  if (host === '127.0.0.1' || host === '::1') return [at('localhost')];
  return [];
}

/**
 * Why the store may not listen as configured, or null when it may: on an address other than
 * loopback (HOST=0.0.0.0, a LAN address…) without AUTH_URL, the store would not know the
 * address people use to reach it, so mailed links, redirects and the cross-site check would
 * have nothing trustworthy to be built on.
 * @param {ListenSettings} settings
 * @returns {string | null}
 */
export function listenProblem(settings) {
  if (present(settings.AUTH_URL)) return null;
  const host = hostOf(settings);
  if (isLoopbackHost(host)) return null;
  const port = portOf(settings);
  const wildcard = host === '0.0.0.0' || host === '::';
  const example = wildcard ? "<this machine's address>" : host.includes(':') ? `[${host}]` : host;
  return (
    `HOST=${present(settings.HOST)} is not a loopback address, and AUTH_URL is not set. ` +
    'Mailed links (password reset, email verification, orders), redirects and the cross-site ' +
    "check are built on the store's own address, never on the Host header a client sends: set " +
    `AUTH_URL to the address people use to reach the store, e.g. AUTH_URL=http://${example}:${port} ` +
    '(or https://shop.example.com behind a proxy), or listen on 127.0.0.1.'
  );
}
