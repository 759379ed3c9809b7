import fs from 'node:fs';
import { expect, test } from './support/fixtures';
import { APP_PORT } from './stand-ins/ports.mjs';
import { streamedPost } from '../test/support/streamed-post';

// The production server (scripts/serve.mjs, as `npm start` runs it) bounds the bodies of
// Auth.js's POST routes at 8 kB: a 100 MB body, streamed or declared, is answered 413 in the
// JSON error shape within a second, and the server's memory does not grow with it.
// Its memory is read while nothing else asks the server anything: this spec runs in the `alone`
// project (playwright.config.ts), after every other spec and before the cluster's, since the
// requests of the specs running beside it would grow the same resident memory.

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
