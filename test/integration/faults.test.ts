import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// What the store does when what it depends on fails: the MongoDB engine stops mid-request,
// Stripe answers 500 or not at all, the mail server is down, Stripe's webhooks arrive twice or
// out of order. Real engines and servers throughout, started here BEFORE the app's environment
// is read (lib/core/env parses it once), so every app module is imported dynamically in beforeAll:
//  - a MongoDB engine of this file's own (not the shared one), on a fixed port and data
//    directory, that the tests kill and start again; its connection string lowers the driver's
//    serverSelectionTimeoutMS to 2 s so that a stopped engine is answered 503 quickly;
//  - the Stripe stand-in (e2e/stand-ins/stripe.mjs) with its fault switch, webhooks recorded
//    and signed but not sent (the tests deliver them);
//  - an SMTP server (test/support/smtp.ts), stopped and started again on the same port.

import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type Stripe from 'stripe';
import { startSmtpServer, type SmtpServer } from '../support/smtp';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe';
import type { Actor } from '../support/users';

const SERVER_SCRIPT = path.join(
  import.meta.dirname,
  '../../packages/embedded-mongodb/src/server.mjs',
);
const SELECTION_TIMEOUT_MS = 2_000;

/** A MongoDB engine in a process of its own, on one port and data directory for its life. */
class Engine {
  private child: ChildProcess | null = null;
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-faults-'));
  constructor(readonly port: number) {}

  get uri() {
    return `mongodb://127.0.0.1:${this.port}/?directConnection=true&serverSelectionTimeoutMS=${SELECTION_TIMEOUT_MS}`;
  }

  /** Starts the engine and resolves once it accepts connections. */
  async start(): Promise<void> {
    const child = spawn(
      process.execPath,
      [SERVER_SCRIPT, '--data-dir', this.dataDir, '--port', String(this.port)],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`engine did not start:\n${output}`)), 30_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Embedded MongoDB ready')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on('data', read);
      child.stderr!.on('data', read);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`engine exited with ${code}:\n${output}`));
      });
    });
  }

  /** Kills the engine as a crash would (SIGKILL), or stops it cleanly (SIGTERM). */
  async stop(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }

  async remove(): Promise<void> {
    await this.stop('SIGTERM');
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

let engine: Engine;
let smtp: SmtpServer;
let smtpPort: number;
let standIn: StripeStandIn;
let stripe: Stripe;
let app: {
  db: typeof import('@/lib/core/db');
  users: typeof import('../support/users');
  factories: typeof import('../support/factories');
  orders: typeof import('../support/orders');
  expiry: typeof import('@/lib/orders');
  products: typeof import('@/app/api/product/route');
  userList: typeof import('@/app/api/user/route');
  contact: typeof import('@/app/api/contact/route');
  reset: typeof import('@/app/api/password-reset/route');
  webhook: typeof import('@/app/api/webhooks/stripe/route');
  background: typeof import('@/lib/core/background');
};
let buyer: Actor;
let admin: Actor;

beforeAll(async () => {
  engine = new Engine(await freePort());
  await engine.start();
  process.env.MONGODB_URI = engine.uri;
  smtp = await startSmtpServer();
  smtpPort = smtp.port;
  process.env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
  process.env.CONTACT_TO = 'Sales desk <sales@forgeline.test>';
  delete process.env.AUTH_URL;
  // No appUrl: events are recorded and signed, and the tests deliver them.
  ({ standIn, stripe } = await startStripeStandIn());
  // A Stripe that does not answer is given up on after 1.5 s (twice: one retry).
  process.env.STRIPE_TIMEOUT_MS = '1500';
  app = {
    db: await import('@/lib/core/db'),
    users: await import('../support/users'),
    factories: await import('../support/factories'),
    orders: await import('../support/orders'),
    expiry: await import('@/lib/orders'),
    products: await import('@/app/api/product/route'),
    userList: await import('@/app/api/user/route'),
    contact: await import('@/app/api/contact/route'),
    reset: await import('@/app/api/password-reset/route'),
    webhook: await import('@/app/api/webhooks/stripe/route'),
    background: await import('@/lib/core/background'),
  };
  // The start-up step for this file's database on its own engine (setup-env.ts prepared the
  // one on the shared engine, before this file pointed MONGODB_URI here).
  const db = await app.db.getDb();
  await (await import('@/lib/startup/migrations')).ensureIndexes(db);
  await (await import('@/lib/startup/migrations')).runMigrations(db);
  [buyer, admin] = await Promise.all([
    app.users.createActor('user', 'Faye Buyer'),
    app.users.createActor('admin'),
  ]);
}, 120_000);

afterAll(async () => {
  await app?.background.settleBackgroundWork();
  await app?.db.closeConnection();
  await standIn?.stop();
  await smtp?.close();
  await engine?.remove();
});

type Answer = { status: number; body: { error?: { code: string; message: string } } | null };
const json = (response: Response | Promise<Response>): Promise<Answer> => app.orders.json(response);

const DATABASE_DOWN = {
  error: {
    code: 'service_unavailable',
    message: 'The database is unavailable. Try again shortly.',
  },
};

const listProducts = () =>
  json(app.products.GET(app.users.request('/api/product'), app.users.params({})));
const listUsers = () =>
  json(
    app.userList.GET(
      app.users.request('/api/user', { headers: admin.headers }),
      app.users.params({}),
    ),
  );

async function newProduct(availableQuantity = 20_000) {
  return app.factories.makeProduct({ availableQuantity, minimumOrderQuantity: 500 });
}

const orderBody = (productId: string, quantity = 500) => ({
  productId,
  quantity,
  address: '4 Weir Street, Leeds',
  phone: '01132345678',
});

/** Calls `probe` until `accept` holds or `ms` pass; answers the last value. */
async function waitFor<T>(probe: () => Promise<T>, accept: (value: T) => boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the MongoDB engine stops', () => {
  it('mid-request: every answer is a success or a 503 in the JSON error shape, never a 500; the store serves again by itself once it is back', async () => {
    const product = await newProduct();
    const loadBuyer = await app.users.createActor('user', 'Load Buyer');
    expect((await listProducts()).status).toBe(200);

    // Requests keep coming while the engine is killed under them, and for a while after.
    let killedAt = 0;
    const answers: Answer[] = [];
    const client = async (kind: number) => {
      while (!killedAt || Date.now() - killedAt < SELECTION_TIMEOUT_MS + 500) {
        const answer =
          kind === 0
            ? await listProducts()
            : kind === 1
              ? await app.orders.placeOrder(loadBuyer, orderBody(product._id))
              : await listUsers();
        answers.push(answer);
      }
    };
    const clients = [0, 1, 2, 0, 2, 0].map((kind) => client(kind));
    await new Promise((resolve) => setTimeout(resolve, 300));
    killedAt = Date.now();
    await engine.stop('SIGKILL');
    await Promise.all(clients);

    // Never a 500: successes, the order rules' own 4xx (the unpaid-orders cap), or a 503.
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
    expect(statuses.filter((status) => status < 500).length).toBeGreaterThan(0);
    const unavailable = answers.filter((answer) => answer.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const answer of unavailable) expect(answer.body).toEqual(DATABASE_DOWN);

    // While it is down: a quick, clear 503 for readers, writers and signed-in callers alike.
    const started = Date.now();
    expect(await listProducts()).toEqual({ status: 503, body: DATABASE_DOWN });
    expect(Date.now() - started).toBeLessThan(SELECTION_TIMEOUT_MS + 2_000);
    expect(await listUsers()).toEqual({ status: 503, body: DATABASE_DOWN });
    expect(await app.orders.placeOrder(buyer, orderBody(product._id))).toEqual({
      status: 503,
      body: DATABASE_DOWN,
    });

    // Back on the same port and data directory: the same client reconnects, no restart.
    await engine.start();
    const back = await waitFor(listProducts, (answer) => answer.status === 200);
    expect(back.status).toBe(200);
    expect((await listUsers()).status).toBe(200);
    expect((await app.orders.placeOrder(buyer, orderBody(product._id))).status).toBe(201);
  });

  it('each driver error of an unreachable database is answered 503, a driver bug still 500', async () => {
    const { errorResponse } = await import('@/lib/api/handler');
    const mongodb = await import('mongodb');
    const unreachable = [
      new mongodb.MongoServerSelectionError('connect ECONNREFUSED 127.0.0.1:1', {} as never),
      new mongodb.MongoNetworkError('read ECONNRESET'),
      new mongodb.MongoNetworkTimeoutError('connection timed out'),
    ];
    for (const error of unreachable) {
      expect(await json(errorResponse(error)), error.name).toEqual({
        status: 503,
        body: DATABASE_DOWN,
      });
    }
    expect((await json(errorResponse(new mongodb.MongoInvalidArgumentError('bad')))).status).toBe(
      500,
    );
  });

  it('a store whose first connection finds the engine down answers 503, then serves once it is up', async () => {
    await app.db.closeConnection();
    await engine.stop('SIGTERM');
    expect(await listProducts()).toEqual({ status: 503, body: DATABASE_DOWN });
    expect(await listUsers()).toEqual({ status: 503, body: DATABASE_DOWN });
    await engine.start();
    const back = await waitFor(listProducts, (answer) => answer.status === 200);
    expect(back.status).toBe(200);
    expect((await listUsers()).status).toBe(200);
  });
});

describe('Stripe fails', () => {
  const PAYMENT_UNREACHABLE = {
    error: {
      code: 'bad_gateway',
      message: 'The payment service could not be reached. Try again shortly.',
    },
  };
  const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;

  async function unpaidOrder() {
    const product = await newProduct();
    const placed = await app.orders.placeOrder(buyer, orderBody(product._id, 1_000));
    expect(placed.status).toBe(201);
    return (placed.body as unknown as { insertedId: string }).insertedId;
  }

  /** Pays the order the way the payment page does once Stripe works: intent, card, report. */
  async function payNow(orderId: string) {
    const intent = await app.orders.createPaymentIntent(buyer, orderId);
    expect(intent.status).toBe(200);
    const clientSecret = (intent.body as { clientSecret: string }).clientSecret;
    await stripe.paymentIntents.confirm(intentIdOf(clientSecret), {
      payment_method: 'pm_card_visa',
    });
    const recorded = await app.orders.recordPayment(buyer, orderId, {
      order: orderId,
      transactionId: intentIdOf(clientSecret),
    });
    expect(recorded.status).toBe(200);
    const doc = await app.orders.orderDoc(orderId);
    expect(doc).toMatchObject({ paid: true, transactionId: intentIdOf(clientSecret) });
  }

  it('answering 500: create-payment-intent is a 502 with a message; the order stays unpaid and is paid once Stripe works again', async () => {
    const orderId = await unpaidOrder();
    standIn.failRequests({ mode: 'error' });
    expect(await app.orders.createPaymentIntent(buyer, orderId)).toEqual({
      status: 502,
      body: PAYMENT_UNREACHABLE,
    });
    expect(standIn.faultStatus().failed).toBeGreaterThan(0);
    const doc = await app.orders.orderDoc(orderId);
    expect(doc?.paid).toBe(false);
    expect(doc?.paymentIntentId).toBeUndefined();
    expect(doc?.cancelledAt ?? null).toBeNull();

    // Stripe keeps a 500 under its idempotency key for a day; the store asks under a new one.
    standIn.clearFaults();
    await payNow(orderId);
  });

  it('answering 500 to a client made by another copy of the SDK (as another route of a server bundle would): still known as a Stripe 500, and paid once Stripe works again', async () => {
    // The process's one client lives on globalThis; here it is made by the SDK's CommonJS build,
    // whose error classes are not the ones this module imported (the ESM build).
    const OtherCopy = createRequire(import.meta.url)('stripe') as typeof Stripe;
    expect(OtherCopy.errors.StripeAPIError).not.toBe(
      (await import('stripe')).default.errors.StripeAPIError,
    );
    const shared = globalThis as { __storefrontStripe?: Stripe };
    const before = shared.__storefrontStripe;
    const base = new URL(standIn.url);
    shared.__storefrontStripe = new OtherCopy(standIn.env.STRIPE_SECRET_KEY, {
      host: base.hostname,
      port: Number(base.port),
      protocol: 'http',
      timeout: 1_500,
      maxNetworkRetries: 1,
    });
    try {
      const orderId = await unpaidOrder();
      standIn.failRequests({ mode: 'error' });
      expect(await app.orders.createPaymentIntent(buyer, orderId)).toEqual({
        status: 502,
        body: PAYMENT_UNREACHABLE,
      });
      standIn.clearFaults();
      // The first key's 500 is replayed; the store must see it as Stripe's and ask afresh.
      await payNow(orderId);
    } finally {
      shared.__storefrontStripe = before;
    }
  });

  it('not answering: create-payment-intent gives up after the timeout with a 502; paid later', async () => {
    const orderId = await unpaidOrder();
    standIn.failRequests({ mode: 'hang' });
    const started = Date.now();
    expect(await app.orders.createPaymentIntent(buyer, orderId)).toEqual({
      status: 502,
      body: PAYMENT_UNREACHABLE,
    });
    // Two tries of 1.5 s and the SDK's pause between them, not the SDK's default 80 s x 3.
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(standIn.faultStatus().hung).toBeGreaterThanOrEqual(2);
    expect((await app.orders.orderDoc(orderId))?.paid).toBe(false);

    standIn.clearFaults();
    await payNow(orderId);
  });

  it('failing while the payment is reported: 502, the order stays unpaid, and the report later pays it', async () => {
    const orderId = await unpaidOrder();
    const intent = await app.orders.createPaymentIntent(buyer, orderId);
    const intentId = intentIdOf((intent.body as { clientSecret: string }).clientSecret);
    await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });

    standIn.failRequests({ mode: 'error' });
    const report = await app.orders.recordPayment(buyer, orderId, {
      order: orderId,
      transactionId: intentId,
    });
    expect(report).toEqual({ status: 502, body: PAYMENT_UNREACHABLE });
    expect((await app.orders.orderDoc(orderId))?.paid).toBe(false);

    standIn.clearFaults();
    const again = await app.orders.recordPayment(buyer, orderId, {
      order: orderId,
      transactionId: intentId,
    });
    expect(again.status).toBe(200);
    expect(await app.orders.orderDoc(orderId)).toMatchObject({
      paid: true,
      transactionId: intentId,
    });
  });
});

describe('the mail server is down', () => {
  let ip = 0;
  const freshIp = () => `203.0.113.${(++ip % 250) + 1}`;
  const MAIL_DOWN_RESET = {
    error: {
      code: 'bad_gateway',
      message:
        'We cannot send the reset mail right now: our mail server is not answering. Please try again in a few minutes.',
    },
  };

  const contact = (text: string) =>
    json(
      app.contact.POST(
        app.users.request('/api/contact', {
          method: 'POST',
          headers: { 'x-forwarded-for': freshIp() },
          json: {
            name: 'Tomas Lind',
            email: 'tomas.lind@example.com',
            address: 'Hamngatan 3, Gothenburg',
            message: text,
          },
        }),
        app.users.params({}),
      ),
    );
  const askReset = (email: string) =>
    json(
      app.reset.POST(
        app.users.request('/api/password-reset', {
          method: 'POST',
          headers: { 'x-forwarded-for': freshIp(), host: '127.0.0.1:3000' },
          json: { email },
        }),
        app.users.params({}),
      ),
    );

  it('the contact form and the reset request say so; both work again once it is back', async () => {
    const member = await app.users.createActor('user', 'Reset Member');
    const stranger = app.factories.freshEmail('nobody');

    expect((await contact('Before the outage.')).status).toBe(200);
    expect(await askReset(member.user.email)).toEqual({ status: 200, body: { ok: true } });
    await smtp.waitFor((mail) => mail.subject?.startsWith('Reset your') ?? false);

    await smtp.close();
    expect(await contact('During the outage.')).toEqual({
      status: 502,
      body: {
        error: {
          code: 'bad_gateway',
          message:
            'Your message could not be sent right now. Please try again later or write to us directly.',
        },
      },
    });
    // The same answer whether or not the account exists: the check is of the mail server only.
    const known = await askReset(member.user.email);
    const unknown = await askReset(stranger);
    expect(known).toEqual({ status: 502, body: MAIL_DOWN_RESET });
    expect(unknown).toEqual(known);

    smtp = await startSmtpServer(smtpPort);
    expect((await contact('After the outage.')).status).toBe(200);
    await smtp.waitFor((mail) => mail.text?.includes('After the outage.') ?? false);
    expect(await askReset(member.user.email)).toEqual({ status: 200, body: { ok: true } });
    expect(await askReset(stranger)).toEqual({ status: 200, body: { ok: true } });
    const mail = await smtp.waitFor(
      (candidate) => candidate.subject?.startsWith('Reset your') ?? false,
    );
    expect(mail.text).toContain('reset-password?token=');
    await app.background.settleBackgroundWork();
    // Only the account holder was mailed.
    expect(
      smtp.messages.filter((candidate) => candidate.subject?.startsWith('Reset your')),
    ).toHaveLength(1);
  });
});

describe('Stripe webhooks replayed or out of order change nothing', () => {
  type Delivery = StripeStandIn['deliveries'][number];
  type StripeEventShape = Delivery['event'];

  /** POSTs a signed delivery to the app's webhook endpoint, as Stripe does. */
  const post = (delivery: { header: string; payload: string }) =>
    json(
      app.webhook.POST(
        app.users.request('/api/webhooks/stripe', {
          method: 'POST',
          headers: { 'stripe-signature': delivery.header, 'content-type': 'application/json' },
          body: delivery.payload,
        }),
        app.users.params({}),
      ),
    ) as Promise<{ status: number; body: { received: boolean; outcome: string } }>;

  const recorded = (intentId: string, type: string) =>
    standIn.deliveries.find(
      (delivery) => delivery.event.type === type && delivery.event.data.object.id === intentId,
    )!;

  /** An event Stripe could send about the same intent: signed with the webhook secret. */
  const signed = (event: StripeEventShape, type: string, status: string) =>
    standIn.deliver(
      {
        ...event,
        id: `evt_${Math.random().toString(16).slice(2, 14)}`,
        type,
        data: { object: { ...event.data.object, status } },
      },
      false,
    );

  /** An order with an intent that has been paid at Stripe (the events are recorded, not sent). */
  async function paidAtStripe(options: { declinedFirst?: boolean } = {}) {
    const product = await newProduct();
    const order = await app.factories.makeOrder(buyer.user, product, { quantity: 1_000 });
    const intent = await app.orders.createPaymentIntent(buyer, order._id);
    const intentId = (intent.body as { clientSecret: string }).clientSecret.split('_secret_')[0]!;
    if (options.declinedFirst) {
      await stripe.paymentIntents
        .confirm(intentId, { payment_method: 'pm_card_chargeDeclined' })
        .catch(() => undefined);
    }
    await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    return { order, product, intentId };
  }

  it('the same signed event delivered twice, at once and later: paid once', async () => {
    const { order, intentId } = await paidAtStripe();
    const succeeded = recorded(intentId, 'payment_intent.succeeded');
    const outcomes = await Promise.all([post(succeeded), post(succeeded)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([200, 200]);
    expect(outcomes.map((outcome) => outcome.body.outcome).sort()).toEqual([
      'already_paid',
      'paid',
    ]);
    // The payment's mails are sent after the answers, from the order's outbox: wait for that
    // write too, so the order is compared as the payment left it.
    await app.background.settleBackgroundWork();
    const paid = await app.orders.orderDoc(order._id);
    expect(paid).toMatchObject({ paid: true, transactionId: intentId });

    const later = await post(succeeded);
    expect(later.body.outcome).toBe('already_paid');
    expect(await app.orders.orderDoc(order._id)).toEqual(paid);
  });

  it('payment_failed or canceled arriving after succeeded: ignored, the order stays paid', async () => {
    const { order, intentId } = await paidAtStripe({ declinedFirst: true });
    const failed = recorded(intentId, 'payment_intent.payment_failed');
    const succeeded = recorded(intentId, 'payment_intent.succeeded');
    expect(failed).toBeTruthy();

    expect((await post(succeeded)).body.outcome).toBe('paid');
    await app.background.settleBackgroundWork();
    const paid = await app.orders.orderDoc(order._id);

    // The earlier failure, delivered late, and a cancellation that cannot be current.
    expect(await post(failed)).toEqual({
      status: 200,
      body: { received: true, outcome: 'ignored' },
    });
    const canceled = await signed(succeeded.event, 'payment_intent.canceled', 'canceled');
    expect((await post(canceled)).body.outcome).toBe('ignored');
    expect(await app.orders.orderDoc(order._id)).toEqual(paid);
    expect(paid).toMatchObject({ paid: true, transactionId: intentId });
  });

  it('succeeded for an order already cancelled (expired) or deleted: ignored, stock and order unchanged', async () => {
    // Expired: cancelled with its stock back, then a stale succeeded event arrives.
    const product = await newProduct();
    const order = await app.factories.makeOrder(buyer.user, product, { quantity: 1_000 });
    const intent = await app.orders.createPaymentIntent(buyer, order._id);
    const intentId = (intent.body as { clientSecret: string }).clientSecret.split('_secret_')[0]!;
    await app.factories.backdateOrder(order._id, new Date(Date.now() - 100 * 60 * 60 * 1000));
    expect(await app.expiry.expireOverdueOrders()).toBeGreaterThanOrEqual(1);
    await app.background.settleBackgroundWork();
    const cancelled = await app.orders.orderDoc(order._id);
    expect(cancelled?.cancelledAt).toBeTruthy();
    const stock = await app.orders.stockOf(product._id);
    expect(stock).toBe(20_000);

    const canceledEvent = recorded(intentId, 'payment_intent.canceled');
    const stale = await signed(canceledEvent.event, 'payment_intent.succeeded', 'succeeded');
    expect(await post(stale)).toEqual({
      status: 200,
      body: { received: true, outcome: 'ignored' },
    });
    expect(await post(stale)).toEqual({
      status: 200,
      body: { received: true, outcome: 'ignored' },
    });
    expect(await app.orders.orderDoc(order._id)).toEqual(cancelled);
    expect(await app.orders.stockOf(product._id)).toBe(stock);

    // Deleted by its buyer (the intent is canceled first), then a stale succeeded event.
    const other = await newProduct();
    const doomed = await app.factories.makeOrder(buyer.user, other, { quantity: 1_000 });
    const doomedIntent = await app.orders.createPaymentIntent(buyer, doomed._id);
    const doomedIntentId = (doomedIntent.body as { clientSecret: string }).clientSecret.split(
      '_secret_',
    )[0]!;
    expect((await app.orders.deleteOrder(buyer, doomed._id)).status).toBe(200);
    // The buyer's delete cancels the order; the record stays for the back office (compared
    // once its cancellation mail, sent after the answer, has left its outbox).
    await app.background.settleBackgroundWork();
    const deleted = await app.orders.orderDoc(doomed._id);
    expect(deleted).toMatchObject({ status: 'cancelled', cancelReason: 'deleted', paid: false });
    const afterDelete = await app.orders.stockOf(other._id);
    const late = await signed(
      recorded(doomedIntentId, 'payment_intent.canceled').event,
      'payment_intent.succeeded',
      'succeeded',
    );
    expect((await post(late)).body.outcome).toBe('ignored');
    expect(await app.orders.orderDoc(doomed._id)).toEqual(deleted);
    expect(await app.orders.stockOf(other._id)).toBe(afterDelete);
  });
});
