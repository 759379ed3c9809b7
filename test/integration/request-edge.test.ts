import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Mail goes to the local outbox; no AUTH_URL, so the store's origin is the one `npm start`
// prints (http://127.0.0.1:3000 by default); the store is exposed directly (no trusted proxy),
// as the route handlers are called here.
vi.hoisted(() => {
  for (const name of ['SMTP_URL', 'AUTH_URL', 'TRUSTED_PROXY_HOPS', 'VERCEL']) {
    delete process.env[name];
  }
});

import { POST as contactRoute } from '@/app/api/contact/route';
import { POST as uploadRoute } from '@/app/api/images/route';
import { POST as resetRoute } from '@/app/api/password-reset/route';
import { POST as signupRoute } from '@/app/api/signup/route';
import { settleBackgroundWork } from '@/lib/core/background';
import { closeConnection, collections, getDb } from '../support/db';
import { env } from '@/lib/core/env';
import { MAX_FORM_BYTES } from '@/lib/images/limits';
import { MAX_JSON_BYTES } from '@/lib/security';
import { createActor, params, STORE_ORIGIN, type Actor } from '../support/users';

let buyer: Actor;

beforeAll(async () => {
  buyer = await createActor('user');
});

afterAll(async () => {
  await settleBackgroundWork();
  await closeConnection();
});

type Answer = {
  status: number;
  body: { ok?: boolean; error?: { code: string; message: string; details?: unknown } };
};

async function answer(response: Promise<Response>): Promise<Answer> {
  const res = await response;
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {} };
}

/** A body streamed in chunks without a Content-Length, counting what the server pulled. */
function streamedBody(total: number, chunk = 64 * 1024, fill = 0x20) {
  const seen = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const size = Math.min(chunk, total - seen.pulled);
        if (size <= 0) return controller.close();
        seen.pulled += size;
        controller.enqueue(new Uint8Array(size).fill(fill));
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { body, seen };
}

let ipCounter = 0;
const freshIp = () => `198.51.100.${(ipCounter++ % 250) + 1}`;

const contact = (body: BodyInit, headers: Record<string, string> = {}) =>
  answer(
    contactRoute(
      new Request(`${STORE_ORIGIN}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': freshIp(), ...headers },
        body,
        duplex: 'half',
      } as RequestInit),
      params({}),
    ),
  );

const message = {
  name: 'Priya Raman',
  email: 'priya.raman@example.com',
  address: '14 Foundry Lane, Sheffield S1 2AB',
  message: 'Please quote 5,000 M8 flange bolts.',
};

/** A valid contact message padded with JSON whitespace to exactly `bytes` bytes. */
function paddedJson(bytes: number): string {
  const json = JSON.stringify(message);
  return json.slice(0, -1) + ' '.repeat(bytes - json.length) + '}';
}

describe('JSON bodies are bounded at 64 kB', () => {
  it('a body of exactly 64 kB is read and handled as usual', async () => {
    const body = paddedJson(MAX_JSON_BYTES);
    expect(Buffer.byteLength(body)).toBe(MAX_JSON_BYTES);
    expect(await contact(body)).toEqual({ status: 200, body: { ok: true } });
  });

  it('one byte more: 413 in the JSON error shape', async () => {
    const body = paddedJson(MAX_JSON_BYTES + 1);
    const res = await contact(body);
    expect(res).toEqual({
      status: 413,
      body: {
        error: {
          code: 'payload_too_large',
          message: 'The request body is too large (at most 64 kB).',
          details: { limitBytes: MAX_JSON_BYTES },
        },
      },
    });
  });

  it('a chunked body without a Content-Length is cut off as soon as it passes 64 kB', async () => {
    const { body, seen } = streamedBody(20 * 1024 * 1024, 16 * 1024);
    const res = await contact(body);
    expect(res.status).toBe(413);
    expect(res.body.error?.code).toBe('payload_too_large');
    expect(seen.pulled).toBeLessThanOrEqual(MAX_JSON_BYTES + 2 * 16 * 1024);
    expect(seen.cancelled).toBe(true);
  });

  it('a declared Content-Length over 64 kB is refused before a byte is read', async () => {
    const { body, seen } = streamedBody(10);
    const res = await contact(body, {
      'Content-Length': String(MAX_JSON_BYTES + 1),
    });
    expect(res.status).toBe(413);
    expect(seen.pulled).toBe(0);
  });
});

describe('uploads are bounded while they stream', () => {
  it('a 6 MB upload is refused before it has been read to the end', async () => {
    const total = 6 * 1024 * 1024;
    const { body, seen } = streamedBody(total, 64 * 1024, 0x41);
    const db = await getDb();
    const stored = async () => [
      await collections(db).uploads.countDocuments(),
      await db.collection('images.files').countDocuments(),
    ];
    const before = await stored();
    const res = await answer(
      uploadRoute(
        new Request(`${STORE_ORIGIN}/api/images`, {
          method: 'POST',
          headers: { ...buyer.session, 'Content-Type': 'multipart/form-data; boundary=x' },
          body,
          duplex: 'half',
        } as RequestInit),
        params({}),
      ),
    );
    expect(res.status).toBe(413);
    expect(res.body.error?.code).toBe('payload_too_large');
    // Read no further than the limit and one chunk; the rest was never pulled.
    expect(seen.pulled).toBeLessThanOrEqual(MAX_FORM_BYTES + 2 * 64 * 1024);
    expect(seen.pulled).toBeLessThan(total);
    expect(seen.cancelled).toBe(true);
    expect(await stored()).toEqual(before);
  });
});

describe('per-IP limits hold whatever X-Forwarded-For entries the client forges', () => {
  it('contact (5 per 10 minutes): a new forged leftmost entry each time does not escape', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await contact(JSON.stringify(message), {
        // The client's own forgeries, then the peer the server appended (scripts/serve.mjs).
        'X-Forwarded-For': `10.66.${i}.1, 172.16.${i}.9, 203.0.113.240`,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Another client is not affected.
    expect(
      (await contact(JSON.stringify(message), { 'X-Forwarded-For': '203.0.113.241' })).status,
    ).toBe(200);
  });

  it('sign-up (10 per hour): the same with forged entries in several headers', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await answer(
        signupRoute(
          new Request(`${STORE_ORIGIN}/api/signup`, {
            method: 'POST',
            headers: [
              ['Content-Type', 'application/json'],
              ['X-Forwarded-For', `10.77.0.${i}`],
              ['X-Forwarded-For', `10.77.1.${i}, 203.0.113.242`],
              ['X-Real-IP', `10.77.2.${i}`],
            ],
            body: JSON.stringify({
              name: 'Flood',
              email: `flood_${i}_${Date.now()}@example.com`,
              password: 'secret12',
            }),
          }),
          params({}),
        ),
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

/** The newest mail in the outbox to `to`, soft line breaks undone. */
async function mailTo(to: string): Promise<string> {
  const dir = path.join(env.DATA_DIR, 'outbox');
  return vi.waitFor(() => {
    const mail = fs
      .readdirSync(dir)
      .sort()
      .map((file) => fs.readFileSync(path.join(dir, file), 'utf8').replace(/=\r?\n/g, ''))
      .filter((text) => text.toLowerCase().includes(`to: ${to}`))
      .at(-1);
    if (!mail) throw new Error(`no mail to ${to} yet`);
    return mail;
  });
}

describe('links without AUTH_URL', () => {
  it('the reset link keeps the person’s own 127.0.0.1 origin (not the rewritten localhost)', async () => {
    const person = await createActor('user');
    // As Next.js hands the request over: request.url says localhost, the Host header 127.0.0.1.
    const res = await answer(
      resetRoute(
        new Request('http://localhost:3000/api/password-reset', {
          method: 'POST',
          headers: {
            host: '127.0.0.1:3000',
            'Content-Type': 'application/json',
            'X-Forwarded-For': freshIp(),
          },
          body: JSON.stringify({ email: person.user.email }),
        }),
        params({}),
      ),
    );
    expect(res).toEqual({ status: 200, body: { ok: true } });
    await settleBackgroundWork();
    expect(await mailTo(person.user.email)).toMatch(
      /http:\/\/127\.0\.0\.1:3000\/reset-password\?token=(3D)?[\w-]{20,}/,
    );
  });
});
