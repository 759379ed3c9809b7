import fs from 'node:fs';
import path from 'node:path';
import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  // No AUTH_URL, as on a local store: the store's origin is http://HOST:PORT
  // (http://127.0.0.1:3000 here, test/support/setup-env.ts), never a request's Host.
  delete process.env.AUTH_URL;
});

import { settleBackgroundWork } from '@/lib/core/background';
import { closeConnection, collections, getDb } from '../support/db';
import { errorMessages } from '@/lib/core/error-messages';
import { makeProduct } from '../support/factories';
import { createActor, STORE_ORIGIN, type Actor } from '../support/users';

/**
 * Every handler under app/api that changes something, found on disk, so that a new route is
 * covered the day it is added: the cross-site rule of lib/security (applied by `route()`) must
 * hold on each of them. Auth.js's routes keep their own CSRF token; the catch-all only answers
 * the JSON 404.
 */
const apiRoot = path.resolve(import.meta.dirname, '../../app/api');
const MUTATIONS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

interface MutationRoute {
  file: string;
  path: string;
  method: (typeof MUTATIONS)[number];
  params: Record<string, string>;
  handler: (
    request: Request,
    context: { params: Promise<Record<string, string>> },
  ) => Promise<Response>;
}

const routeFiles = fs
  .readdirSync(apiRoot, { recursive: true, encoding: 'utf8' })
  .filter((file) => path.basename(file) === 'route.ts')
  .map((file) =>
    path
      .dirname(file)
      .split(path.sep)
      .filter((part) => part !== '.'),
  )
  .filter((segments) => segments[0] !== 'auth' && !segments.some((s) => s.startsWith('[...')));

/** A value for each path parameter: nobody's email, an id nothing has. */
function paramValue(name: string): string {
  return name.toLowerCase().includes('email') && !name.includes('Or')
    ? 'nobody_here@example.com'
    : new ObjectId().toHexString();
}

async function mutationRoutes(): Promise<MutationRoute[]> {
  const found: MutationRoute[] = [];
  for (const segments of routeFiles) {
    const file = path.join(apiRoot, ...segments, 'route.ts');
    const exported = (await import(file)) as Record<string, unknown>;
    const routeParams: Record<string, string> = {};
    const urlPath = segments
      .map((segment) => {
        const name = /^\[(\w+)\]$/.exec(segment)?.[1];
        if (!name) return segment;
        routeParams[name] = paramValue(name);
        return routeParams[name];
      })
      .join('/');
    for (const method of MUTATIONS) {
      if (typeof exported[method] === 'function') {
        found.push({
          file: path.relative(apiRoot, file),
          path: `/api/${urlPath}`,
          method,
          params: routeParams,
          handler: exported[method] as MutationRoute['handler'],
        });
      }
    }
  }
  return found;
}

/** A JSON body that counts how many of its bytes the server pulled. */
function countedBody(json: unknown) {
  const bytes = new TextEncoder().encode(JSON.stringify(json));
  const seen = { pulled: 0 };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (seen.pulled >= bytes.length) return controller.close();
        controller.enqueue(bytes.subarray(seen.pulled));
        seen.pulled = bytes.length;
      },
    },
    { highWaterMark: 0 },
  );
  return { body, seen };
}

async function send(
  target: MutationRoute,
  headers: Record<string, string>,
  json: unknown = {},
): Promise<{
  status: number;
  body: { error?: { code: string; message: string; details?: unknown } };
  pulled: number;
}> {
  const { body, seen } = countedBody(json);
  const request = new Request(`${STORE_ORIGIN}${target.path}`, {
    method: target.method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
    duplex: 'half',
  } as RequestInit);
  const response = await target.handler(request, { params: Promise.resolve(target.params) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {}, pulled: seen.pulled };
}

/** Every document of every collection of this file's database. */
async function snapshot(): Promise<string> {
  const db = await getDb();
  const names = (await db.listCollections().toArray()).map((c) => c.name).sort();
  const all: Record<string, unknown[]> = {};
  for (const name of names) {
    all[name] = await db.collection(name).find({}).sort({ _id: 1 }).toArray();
  }
  return JSON.stringify(all);
}

const EVIL = 'https://evil.example';
let routes: MutationRoute[];
let buyer: Actor;
let admin: Actor;
let productId: string;

beforeAll(async () => {
  routes = await mutationRoutes();
  [buyer, admin] = await Promise.all([createActor('user'), createActor('admin')]);
  productId = (await makeProduct({ availableQuantity: 10_000, minimumOrderQuantity: 500 }))._id;
});

afterAll(async () => {
  await settleBackgroundWork();
  await closeConnection();
});

/** The session cookie alone, without the Origin the test helpers add for the store's pages. */
const cookieOf = (actor: Actor) => ({ Cookie: actor.session.Cookie! });

const refusals: Array<[string, (actor: Actor) => Record<string, string>]> = [
  ['a foreign Origin', (actor) => ({ ...cookieOf(actor), Origin: EVIL })],
  ['Origin: null', (actor) => ({ ...cookieOf(actor), Origin: 'null' })],
  [
    'Sec-Fetch-Site: cross-site',
    (actor) => ({ ...cookieOf(actor), 'Sec-Fetch-Site': 'cross-site' }),
  ],
  ['Sec-Fetch-Site: same-site', (actor) => ({ ...cookieOf(actor), 'Sec-Fetch-Site': 'same-site' })],
  [
    'a Referer on another host',
    (actor) => ({ ...cookieOf(actor), Referer: `${EVIL}/dashboard/order` }),
  ],
  ['neither header', (actor) => cookieOf(actor)],
];

describe('the routes found on disk', () => {
  it('include every mutation the API has (a sanity check of the scan)', () => {
    const names = routes.map((r) => `${r.method} ${r.file}`);
    for (const expected of [
      'POST order/route.ts',
      'DELETE order/[emailOrId]/route.ts',
      'PATCH order/[emailOrId]/route.ts',
      'POST product/route.ts',
      'PUT user/[email]/route.ts',
      'DELETE user/[email]/route.ts',
      'POST images/route.ts',
      'POST signup/route.ts',
      'POST webhooks/stripe/route.ts',
    ]) {
      expect(names).toContain(expected);
    }
    expect(routes.length).toBeGreaterThanOrEqual(19);
  });

  it('every handler of every route file is wrapped in route()', () => {
    for (const segments of routeFiles) {
      const source = fs.readFileSync(path.join(apiRoot, ...segments, 'route.ts'), 'utf8');
      const file = segments.join('/');
      expect(source, file).not.toMatch(
        /export\s+(async\s+)?function\s+(GET|POST|PUT|PATCH|DELETE)\b/,
      );
      for (const match of source.matchAll(
        /export\s+const\s+(GET|POST|PUT|PATCH|DELETE)\s*=\s*(\w+)/g,
      )) {
        // handle(operation, fn) (lib/api/handle.ts) builds its handler with route().
        expect(['route', 'handle'], `${match[1]} in ${file}`).toContain(match[2]);
      }
      expect(source, file).not.toMatch(/export\s*\{[^}]*\b(GET|POST|PUT|PATCH|DELETE)\b/);
    }
  });
});

describe('a change made with the session cookie from anywhere but the store is refused', () => {
  it.each(refusals)(
    'with %s: 403 on every mutation route, before any work',
    async (_, headersOf) => {
      const before = await snapshot();
      for (const target of routes) {
        for (const actor of [buyer, admin]) {
          const res = await send(target, headersOf(actor), {
            productId,
            quantity: 1000,
            address: '1 Mill Lane, Leeds',
            phone: '441130000000',
          });
          const where = `${target.method} ${target.path} as ${actor.user.role}`;
          expect(res.status, where).toBe(403);
          expect(res.body, where).toEqual({
            error: {
              code: 'cross_site',
              message: errorMessages['request.cross_site'].message,
              details: expect.objectContaining({ expected: STORE_ORIGIN }),
            },
          });
          // Not a byte of the body was read.
          expect(res.pulled, where).toBe(0);
        }
      }
      // Nothing was written: no order, no counter, no session change, nothing.
      expect(await snapshot()).toBe(before);
    },
  );

  it('POST /api/order from another site places no order, the same order from the store does', async () => {
    const order = routes.find((r) => r.method === 'POST' && r.path === '/api/order')!;
    const { orders } = collections(await getDb());
    const count = () => orders.countDocuments({ userId: new ObjectId(buyer.user.id) });
    const body = {
      productId,
      quantity: 1000,
      address: '1 Mill Lane, Leeds',
      phone: '441130000000',
    };
    const before = await count();
    expect((await send(order, { ...cookieOf(buyer), Origin: EVIL }, body)).status).toBe(403);
    expect((await send(order, cookieOf(buyer), body)).status).toBe(403);
    expect(await count()).toBe(before);
    expect((await send(order, buyer.session, body)).status).toBe(201);
    expect(await count()).toBe(before + 1);
  });
});

describe('the store’s origin never comes from the request', () => {
  it('a forged Host, X-Forwarded-Host and X-Forwarded-Proto do not make another site the store', async () => {
    // The order placed by the test before queues its mail, sent (or retried) in the background:
    // let that finish, so the snapshots compare only what these requests could write.
    await settleBackgroundWork();
    const before = await snapshot();
    const forged = {
      ...cookieOf(buyer),
      Host: 'evil.example',
      'X-Forwarded-Host': 'evil.example',
      'X-Forwarded-Proto': 'https',
      Origin: EVIL,
    };
    for (const target of routes) {
      const res = await send(target, forged);
      expect(res.status, `${target.method} ${target.path}`).toBe(403);
      expect(res.body.error?.details).toEqual(expect.objectContaining({ expected: STORE_ORIGIN }));
    }
    expect(await snapshot()).toBe(before);
  });

  it('another port on loopback is another site', async () => {
    const order = routes.find((r) => r.method === 'POST' && r.path === '/api/order')!;
    for (const origin of ['http://127.0.0.1:3001', 'http://localhost:3001', 'http://[::1]:3000']) {
      expect((await send(order, { ...cookieOf(buyer), Origin: origin })).status, origin).toBe(403);
    }
  });
});

const notCrossSite = (
  res: { status: number; body: { error?: { code: string } } },
  where: string,
) => {
  expect(res.body.error?.code, where).not.toBe('cross_site');
  expect(res.status, where).not.toBe(500);
};

describe('requests that pass the origin check', () => {
  it('from the store’s own pages (Origin, or Sec-Fetch-Site, or Referer of the store)', async () => {
    for (const target of routes) {
      for (const headers of [
        { ...cookieOf(buyer), Origin: STORE_ORIGIN },
        { ...cookieOf(buyer), Origin: 'HTTP://127.0.0.1:3000' },
        // The other loopback spelling of the same port reaches the same server.
        { ...cookieOf(buyer), Origin: 'http://localhost:3000' },
        { ...cookieOf(buyer), 'Sec-Fetch-Site': 'same-origin' },
        { ...cookieOf(buyer), Referer: `${STORE_ORIGIN}/dashboard/order` },
      ]) {
        notCrossSite(
          await send(target, headers),
          `${target.method} ${target.path} ${JSON.stringify(headers).slice(-60)}`,
        );
      }
    }
  });

  it('a bearer token, whatever Origin it comes with (nothing ambient to abuse)', async () => {
    for (const target of routes) {
      for (const headers of [
        { ...buyer.headers, Origin: EVIL },
        { ...buyer.headers, 'Sec-Fetch-Site': 'cross-site' },
        { ...buyer.headers, ...cookieOf(buyer), Origin: EVIL },
        buyer.headers,
      ]) {
        notCrossSite(await send(target, headers), `${target.method} ${target.path} (bearer)`);
      }
    }
  });

  it('no credential and no stated origin: programmatic clients and Stripe’s webhook', async () => {
    for (const target of routes) {
      notCrossSite(await send(target, {}), `${target.method} ${target.path} (anonymous)`);
    }
  });
});

describe('without a credential, a request that says it comes from another site is refused', () => {
  it.each([
    ['a foreign Origin', { Origin: EVIL }],
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'Sec-Fetch-Site': 'same-site' }],
  ])('with %s (sign-up, contact, password reset…)', async (_, headers) => {
    const before = await snapshot();
    for (const target of routes) {
      const res = await send(target, headers);
      expect(res.status, `${target.method} ${target.path}`).toBe(403);
      expect(res.body.error?.code).toBe('cross_site');
    }
    expect(await snapshot()).toBe(before);
  });
});
