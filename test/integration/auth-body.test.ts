import { NextRequest } from 'next/server';
import { afterAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  delete process.env.AUTH_URL;
});

import { POST } from '@/app/api/auth/[...nextauth]/route';
import { settleBackgroundWork } from '@/lib/core/background';
import { closeConnection } from '@/lib/core/db';
import { errorMessages } from '@/lib/core/error-messages';
import { MAX_AUTH_BYTES } from '@/lib/security';

// Auth.js's POST routes bound their bodies before Auth.js parses anything: 413 in the JSON
// error shape as soon as the declared length or the bytes read pass 8 kB, the rest never
// pulled (scripts/serve.mjs holds the same bound on the socket: test/unit/body-limit.test.ts).

afterAll(async () => {
  await settleBackgroundWork();
  await closeConnection();
});

const MB = 1024 * 1024;
const ORIGIN = 'http://127.0.0.1:3000';

/** A body streamed in chunks without a Content-Length, counting what the server pulled. */
function streamedBody(total: number, chunk = 64 * 1024) {
  const seen = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const size = Math.min(chunk, total - seen.pulled);
        if (size <= 0) return controller.close();
        seen.pulled += size;
        controller.enqueue(new Uint8Array(size).fill(0x61));
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { body, seen };
}

const ROUTES = [
  '/api/auth/callback/credentials',
  '/api/auth/signin/credentials',
  '/api/auth/signin/google',
  '/api/auth/signout',
  '/api/auth/session',
];

const post = (
  path: string,
  body: ReadableStream<Uint8Array>,
  headers: Record<string, string> = {},
) =>
  POST(
    new NextRequest(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: {
        host: '127.0.0.1:3000',
        'content-type': 'application/x-www-form-urlencoded',
        ...headers,
      },
      body,
      duplex: 'half',
    } as ConstructorParameters<typeof NextRequest>[1]),
  );

const TOO_LARGE = {
  error: {
    code: 'payload_too_large',
    message: errorMessages['request.too_large'].message.replace('{limit}', '8 kB'),
    details: { limitBytes: MAX_AUTH_BYTES },
  },
};

describe('Auth.js POST bodies are bounded at 8 kB', () => {
  it.each(ROUTES)('%s: a streamed 100 MB body is cut off after 8 kB with 413', async (path) => {
    const started = Date.now();
    const { body, seen } = streamedBody(100 * MB);
    const res = await post(path, body);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(TOO_LARGE);
    expect(seen.pulled).toBeLessThanOrEqual(MAX_AUTH_BYTES + 64 * 1024);
    expect(seen.cancelled).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it.each(ROUTES)(
    '%s: a declared Content-Length of 100 MB is refused before a byte is read',
    async (path) => {
      const { body, seen } = streamedBody(100 * MB);
      const res = await post(path, body, { 'content-length': String(100 * MB) });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual(TOO_LARGE);
      expect(seen.pulled).toBe(0);
    },
  );

  it('a sign-in form within the bound reaches Auth.js as before', async () => {
    const form = new TextEncoder().encode(
      'email=nobody%40example.com&password=wrong-password&csrfToken=x&callbackUrl=%2F',
    );
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(form);
        controller.close();
      },
    });
    const res = await post('/api/auth/callback/credentials', body);
    // Auth.js answers it (here: the CSRF token is missing), not the bound.
    expect(res.status).not.toBe(413);
  });
});
