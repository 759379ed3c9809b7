import fs from 'node:fs';
import { expect, test } from './support/fixtures';
import { signedInUser } from './support/auth';
import { closeTestDb } from './support/db';
import { APP_CLOUDINARY_PORT, APP_PORT } from './stand-ins/ports.mjs';
import { streamedPost } from '../test/support/streamed-post';

test.afterAll(closeTestDb);

// The production server (scripts/serve.mjs, as `npm start` runs it) bounds the bodies of
// Auth.js's POST routes at 8 kB: a 100 MB body, streamed or declared, is answered 413 in the
// JSON error shape within a second, and the server's memory does not grow with it.

const MB = 1024 * 1024;

/** The pid of the production server listening on `port` (scripts/e2e-server.mjs starts it). */
function serverPid(port: number): number {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let args: string[];
    try {
      args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    const serve = args.some((arg) => arg.endsWith('scripts/serve.mjs'));
    if (serve && args.includes('-p') && args[args.indexOf('-p') + 1] === String(port)) {
      return Number(entry);
    }
  }
  throw new Error(`no scripts/serve.mjs on port ${port}`);
}

/** The resident memory of a process, in bytes. */
function rss(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)![1]) * 1024;
}

const ROUTES = [
  '/api/auth/callback/credentials',
  '/api/auth/signin/credentials',
  '/api/auth/signin/google',
  '/api/auth/signout',
  '/api/auth/session',
];

test('a 100 MB body to each Auth.js POST route: 413 within 1 s, and the server’s memory stays flat', async () => {
  test.setTimeout(120_000);
  test.skip(process.platform !== 'linux', 'reads the server’s memory from /proc');
  const pid = serverPid(APP_PORT);
  const before = rss(pid);
  let peak = before;
  for (const path of ROUTES) {
    for (const declared of [false, true]) {
      const where = `${path} (${declared ? 'Content-Length' : 'chunked'})`;
      const answer = await streamedPost(`http://127.0.0.1:${APP_PORT}${path}`, {
        total: 100 * MB,
        declared,
      });
      expect(answer.error, where).toBeUndefined();
      expect(answer.status, where).toBe(413);
      expect(JSON.parse(answer.body), where).toEqual({
        error: {
          code: 'payload_too_large',
          message: 'The request body is too large (at most 8 kB).',
          details: { limitBytes: 8192 },
        },
      });
      expect(answer.ms, where).toBeLessThan(1000);
      peak = Math.max(peak, rss(pid));
    }
  }
  expect(peak - before).toBeLessThan(50 * MB);
});

test('sign-in and sign-out still work through the bound, on both instances', async ({ page }) => {
  await signedInUser(page);
  const session = await page.request.get('/api/auth/session');
  expect(((await session.json()) as { user?: { email?: string } }).user?.email).toBeTruthy();
  const csrf = (await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const out = await page.request.post('/api/auth/signout', {
    form: { csrfToken: csrf.csrfToken, callbackUrl: '/' },
    headers: { 'X-Auth-Return-Redirect': '1' },
  });
  expect(out.status()).toBe(200);
  expect(await (await page.request.get('/api/auth/session')).json()).toBeNull();
  // The second instance has its own origin (its own PORT) and serves Auth.js there.
  const other = await page.request.get(
    `http://127.0.0.1:${APP_CLOUDINARY_PORT}/api/auth/providers`,
  );
  const providers = (await other.json()) as Record<string, { signinUrl: string }>;
  expect(new URL(providers.credentials!.signinUrl).origin).toBe(
    `http://127.0.0.1:${APP_CLOUDINARY_PORT}`,
  );
});
