// @ts-check
/**
 * The production profile: what a production server must be given before it serves the public.
 * Plain ES module with JSDoc types, like listen.mjs, because scripts/run.mjs and
 * scripts/serve.mjs check it before anything is started, migrated, built or loaded, and so do
 * the worker, db:migrate, seed and make-admin (scripts/lib/preflight.mjs); lib/security/start.ts
 * checks it again in every server process (instrumentation.ts), which is what covers `next
 * start` and Vercel. Tested in test/integration/production-profile.test.ts and
 * test/integration/entry-points.test.ts.
 *
 * A server is a production one with NODE_ENV=production (`npm run serve`, `npm start`,
 * `next start` set it) or on Vercel (VERCEL=1). It refuses to start, naming everything missing
 * in one message, without:
 * - MONGODB_URI: otherwise every machine keeps its own embedded database. A store that runs as
 *   one server on one machine may say so with EMBEDDED_DB_IN_PRODUCTION=true (never on Vercel,
 *   whose functions keep nothing on disk);
 * - AUTH_SECRET: a secret generated on one machine signs people out on every other one;
 * - AUTH_URL: mailed links and redirects would point at `http://HOST:PORT`;
 * - SMTP_URL: mail would land in files on whichever machine sent it.
 * Values are checked too (`valueProblems`): AUTH_SECRET of at least 32 characters, SMTP_URL an
 * smtp(s) URL, AUTH_URL an http(s) origin without a path, MONGODB_URI a connection string.
 *
 * The one exception is the local demo, `npm start` (scripts/run.mjs), which sets LOCAL_DEMO=true
 * and EMBEDDED_DB_IN_PRODUCTION=true: on the embedded database and a loopback address (only
 * this machine can reach it, so nobody else signs in or waits for mail), LOCAL_DEMO excuses
 * AUTH_SECRET (generated into DATA_DIR), AUTH_URL (`http://HOST:PORT`) and SMTP_URL (mail to
 * DATA_DIR/outbox). On any other address, with MONGODB_URI, or on Vercel it excuses nothing.
 */
import { DEFAULT_HOST, DEFAULT_PORT, isLoopbackHost } from './listen.mjs';

/**
 * @typedef {object} ProfileSettings
 * @property {string} [NODE_ENV]
 * @property {string} [VERCEL] set by Vercel on its platform ("1")
 * @property {string} [MONGODB_URI]
 * @property {string | boolean} [EMBEDDED_DB_IN_PRODUCTION] "true": one server on one machine, on the embedded database
 * @property {string | boolean} [LOCAL_DEMO] "true": the local demo of `npm start` (loopback only)
 * @property {string} [AUTH_SECRET]
 * @property {string} [AUTH_URL]
 * @property {string} [SMTP_URL]
 * @property {string} [HOST] the address the server listens on (default 127.0.0.1)
 * @property {string} [PORT] its port (default 3000)
 * @property {string} [DATA_DIR] where the embedded default keeps its state (default .data)
 */

/** @param {string | boolean | undefined} value */
function present(value) {
  if (typeof value === 'boolean') return value ? 'true' : undefined;
  const text = value === undefined ? '' : String(value).trim();
  return text === '' ? undefined : text;
}

/**
 * A true/false setting: true for "true" or "1", false when absent, "false" or "0", and null
 * for anything else (reported, never guessed).
 * @param {string | boolean | undefined} value
 * @returns {boolean | null}
 */
function flag(value) {
  if (typeof value === 'boolean') return value;
  const text = present(value);
  if (text === undefined || text === 'false' || text === '0') return false;
  if (text === 'true' || text === '1') return true;
  return null;
}

/**
 * Whether these settings make a production server: NODE_ENV=production, or on Vercel.
 * @param {ProfileSettings} settings
 */
export function isProduction(settings) {
  return present(settings.NODE_ENV) === 'production' || onVercel(settings);
}

/** @param {ProfileSettings} settings */
function onVercel(settings) {
  return flag(settings.VERCEL) !== false;
}

/** @param {ProfileSettings} settings */
function hostOf(settings) {
  return present(settings.HOST) ?? DEFAULT_HOST;
}

/**
 * Why LOCAL_DEMO=true excuses nothing here, or null when it applies (or is not set).
 * @param {ProfileSettings} settings
 * @returns {string | null}
 */
function localDemoRefused(settings) {
  if (flag(settings.LOCAL_DEMO) !== true) return null;
  if (onVercel(settings)) return 'LOCAL_DEMO=true does not apply on Vercel.';
  if (present(settings.MONGODB_URI)) {
    return 'LOCAL_DEMO=true applies only to the embedded database, and MONGODB_URI is set.';
  }
  if (!isLoopbackHost(hostOf(settings))) {
    return (
      `LOCAL_DEMO=true applies only on a loopback address (127.0.0.1), and HOST=${hostOf(settings)} ` +
      'is reachable from other machines.'
    );
  }
  return null;
}

/**
 * Whether the server is the local demo of `npm start`: LOCAL_DEMO=true, the embedded database,
 * a loopback address, not on Vercel.
 * @param {ProfileSettings} settings
 */
export function isLocalDemo(settings) {
  return flag(settings.LOCAL_DEMO) === true && localDemoRefused(settings) === null;
}

/** The shortest AUTH_SECRET a production server takes (`openssl rand -base64 32` gives 44). */
export const MIN_AUTH_SECRET_LENGTH = 32;

/**
 * Why a MongoDB connection string would not parse, or null when it does: `mongodb://` with one
 * or more `host[:port]` separated by commas, or `mongodb+srv://` with one host name and no
 * port; then an optional `/database` and `?options`. User and password, when given, are
 * percent-encoded (an `@`, `/` or `:` in a password must be). The options' names and values
 * are the driver's to check, when it connects.
 * @param {string} uri
 * @returns {string | null}
 */
function mongoUriFault(uri) {
  const scheme = /^(mongodb|mongodb\+srv):\/\/(.*)$/s.exec(uri);
  if (!scheme) return 'it does not start with mongodb:// or mongodb+srv://';
  const srv = scheme[1] === 'mongodb+srv';
  const rest = /** @type {string} */ (scheme[2]);
  const end = rest.search(/[/?]/);
  const authority = end === -1 ? rest : rest.slice(0, end);
  const after = end === -1 ? '' : rest.slice(end);
  const at = authority.lastIndexOf('@');
  const credentials = at === -1 ? null : authority.slice(0, at);
  if (credentials !== null && !/^[^:@/]*(?::[^:@/]*)?$/.test(credentials)) {
    return 'its user name or password has an @, / or : that is not percent-encoded';
  }
  const hosts = (at === -1 ? authority : authority.slice(at + 1)).split(',');
  for (const host of hosts) {
    const parts = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9._%-]+)(?::(\d{1,5}))?$/.exec(host);
    // The text itself is never repeated: a misplaced password may be in it.
    if (!parts) return host ? 'a host in it is not host[:port]' : 'it names no host';
    if (parts[2] !== undefined && (Number(parts[2]) < 1 || Number(parts[2]) > 65535)) {
      return `port ${parts[2]} is not a port number`;
    }
    if (srv && parts[2] !== undefined) return 'a mongodb+srv:// address takes no port';
  }
  if (srv && hosts.length > 1) return 'a mongodb+srv:// address names one host';
  if (/\s/.test(after)) return 'it has a space';
  return null;
}

/**
 * What is wrong with the values that are set (a missing one is reported above): one entry per
 * variable, starting with its name, never quoting a value that may hold a password.
 * @param {ProfileSettings} settings
 * @returns {string[]}
 */
function valueProblems(settings) {
  /** @type {string[]} */
  const problems = [];
  const mongoUri = present(settings.MONGODB_URI);
  const mongoFault = mongoUri === undefined ? null : mongoUriFault(mongoUri);
  if (mongoFault) {
    problems.push(
      `MONGODB_URI is not a MongoDB connection string (${mongoFault}). It looks like ` +
        'mongodb+srv://user:pass@cluster0.example.net/?maxPoolSize=20 or ' +
        'mongodb://user:pass@db1.example.com:27017,db2.example.com:27017/?replicaSet=rs0.',
    );
  }
  const secret = present(settings.AUTH_SECRET);
  if (secret !== undefined && secret.length < MIN_AUTH_SECRET_LENGTH) {
    problems.push(
      `AUTH_SECRET is ${secret.length} character${secret.length === 1 ? '' : 's'} long; it must ` +
        `be at least ${MIN_AUTH_SECRET_LENGTH}, or sessions could be forged by guessing it. ` +
        'Generate one with `openssl rand -base64 32`.',
    );
  }
  const authUrl = present(settings.AUTH_URL);
  const authUrlFault = authUrl === undefined ? null : publicUrlFault(authUrl);
  if (authUrlFault) {
    problems.push(
      `AUTH_URL is not the store's public address (${authUrlFault}). It is an absolute ` +
        'http(s) URL with no path, e.g. AUTH_URL=https://shop.example.com: links to pages ' +
        'are built on it.',
    );
  }
  const smtpUrl = present(settings.SMTP_URL);
  const mailUrl = smtpUrl === undefined ? undefined : parsedUrl(smtpUrl);
  if (
    smtpUrl !== undefined &&
    (!mailUrl || !['smtp:', 'smtps:'].includes(mailUrl.protocol) || !mailUrl.hostname)
  ) {
    problems.push(
      'SMTP_URL is not a mail server address: an smtp:// or smtps:// URL with a host, e.g. ' +
        'SMTP_URL=smtps://user:pass@smtp.example.com:465 (or smtp://…:587 for STARTTLS).',
    );
  }
  return problems;
}

/**
 * What to set AUTH_URL to: on an address other machines reach (HOST=0.0.0.0, a LAN address), the
 * address people use to reach the store, with the port it listens on.
 * @param {ProfileSettings} settings
 */
function authUrlAdvice(settings) {
  const host = hostOf(settings).replace(/^\[(.*)\]$/, '$1');
  if (isLoopbackHost(host)) return 'Set it, e.g. AUTH_URL=https://shop.example.com.';
  const wildcard = host === '0.0.0.0' || host === '::';
  const example = wildcard ? "<this machine's address>" : host.includes(':') ? `[${host}]` : host;
  return (
    `HOST=${host} is not a loopback address: set AUTH_URL to the address people use to reach ` +
    `the store, e.g. AUTH_URL=http://${example}:${present(settings.PORT) ?? DEFAULT_PORT} (or ` +
    'https://shop.example.com behind a proxy).'
  );
}

/**
 * Why AUTH_URL is not an origin to build links on, or null when it is.
 * @param {string} text
 * @returns {string | null}
 */
function publicUrlFault(text) {
  const url = parsedUrl(text);
  if (!url) return 'not an absolute URL';
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `${url.protocol.slice(0, -1)}: is neither http nor https`;
  }
  if (url.username || url.password) return 'it has a user name or password';
  if (url.pathname !== '/') return `it has the path ${url.pathname}`;
  if (url.search || url.hash) return 'it has a query or fragment';
  return null;
}

/**
 * @param {string} text
 * @returns {URL | null}
 */
function parsedUrl(text) {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/**
 * What is missing or wrong for a production server, one entry per variable with what to do;
 * empty when nothing is (or the server is not a production one).
 * @param {ProfileSettings} settings
 * @returns {string[]}
 */
export function productionProblems(settings) {
  if (!isProduction(settings)) return [];
  /** @type {string[]} */
  const problems = [];
  for (const name of /** @type {const} */ (['EMBEDDED_DB_IN_PRODUCTION', 'LOCAL_DEMO'])) {
    if (flag(settings[name]) === null) {
      problems.push(`${name}=${present(settings[name])} is neither true nor false.`);
    }
  }
  const vercel = onVercel(settings);
  if (!present(settings.MONGODB_URI)) {
    if (vercel) {
      problems.push(
        'MONGODB_URI is not set. On Vercel the store needs a MongoDB server of its own (e.g. ' +
          'Atlas: MONGODB_URI=mongodb+srv://user:pass@cluster0.example.net/?maxPoolSize=10); the ' +
          'embedded database cannot run there (EMBEDDED_DB_IN_PRODUCTION does not apply on Vercel).',
      );
    } else if (flag(settings.EMBEDDED_DB_IN_PRODUCTION) !== true) {
      problems.push(
        'MONGODB_URI is not set. Without it this server would keep its own embedded database on ' +
          "this machine's disk, which no other instance sees. Set it to the store's MongoDB, e.g. " +
          'MONGODB_URI=mongodb+srv://user:pass@cluster0.example.net/?maxPoolSize=20. A store that ' +
          'runs as one server on this one machine may instead set EMBEDDED_DB_IN_PRODUCTION=true ' +
          '(its database is then the embedded one under DATA_DIR: back that directory up yourself).',
      );
    }
  }
  if (!isLocalDemo(settings)) {
    if (!present(settings.AUTH_SECRET)) {
      problems.push(
        'AUTH_SECRET is not set. It signs sessions and access tokens; one generated on this ' +
          'machine would sign people out on every other instance. Generate one with ' +
          '`openssl rand -base64 32` and give every instance the same.',
      );
    }
    if (!present(settings.AUTH_URL)) {
      problems.push(
        'AUTH_URL is not set. Mailed links (password reset, email verification, orders), ' +
          "redirects and the cross-site check are built on the store's public URL, never on the " +
          `Host header a client sends. ${authUrlAdvice(settings)}`,
      );
    }
    if (!present(settings.SMTP_URL)) {
      problems.push(
        'SMTP_URL is not set. Mail (password resets, orders, invoices) would be written as files ' +
          'to DATA_DIR/outbox on whichever machine sent it, and nobody would receive it. Set it ' +
          'to your mail server, e.g. SMTP_URL=smtps://user:pass@smtp.example.com:465.',
      );
    }
  }
  problems.push(...valueProblems(settings));
  return problems;
}

/**
 * The one message a production server refuses to start with, or null when it may start.
 * @param {ProfileSettings} settings
 * @returns {string | null}
 */
export function productionProfileProblem(settings) {
  const problems = productionProblems(settings);
  if (!problems.length) return null;
  const why = onVercel(settings) ? 'on Vercel, VERCEL=1' : 'NODE_ENV=production';
  const demo = localDemoRefused(settings);
  return [
    `this is a production server (${why}), and ${problems.length === 1 ? 'one setting is' : `${problems.length} settings are`} missing or wrong:`,
    ...problems.map((problem) => `  - ${problem}`),
    ...(demo
      ? [demo, 'Set them in the environment (or .env); docs/operations.md has the recipes.']
      : [
          'Set them in the environment (or .env); docs/operations.md has the recipes. To try ' +
            'the store on this machine alone, run `npm start`: the local demo (embedded ' +
            'database, a generated secret, mail to DATA_DIR/outbox), reachable on 127.0.0.1 only.',
        ]),
  ].join('\n');
}

/**
 * One line a production server logs when it starts on a single-machine set-up, said plainly; null
 * for a store on its own database or a server that is not a production one.
 * @param {ProfileSettings} settings
 * @returns {string | null}
 */
export function productionProfileNotice(settings) {
  if (!isProduction(settings) || present(settings.MONGODB_URI)) return null;
  const dataDir = present(settings.DATA_DIR) ?? '.data';
  if (isLocalDemo(settings)) {
    return (
      `Local demo (LOCAL_DEMO=true): one server on ${hostOf(settings)}, reachable from this ` +
      `machine only, on the embedded MongoDB in ${dataDir}, with a generated sign-in secret and ` +
      `mail written to ${dataDir}/outbox. Not a set-up for a store others use: see docs/operations.md.`
    );
  }
  if (flag(settings.EMBEDDED_DB_IN_PRODUCTION) === true) {
    return (
      `Single-machine store (EMBEDDED_DB_IN_PRODUCTION=true): the database is the embedded ` +
      `MongoDB in ${dataDir} on this machine. Run one server only, and back that directory up.`
    );
  }
  return null;
}
