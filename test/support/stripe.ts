import { createServer, type Server } from 'node:http';
import Stripe from 'stripe';
import { SECRET_KEY, start, WEBHOOK_SECRET } from '../../e2e/stand-ins/stripe.mjs';

export type StripeStandIn = Awaited<ReturnType<typeof start>>;

/**
 * The local Stripe stand-in on a free port, for a Vitest file that pays orders by card: the
 * environment is pointed at it (call this before importing any app module: lib/core/env reads the
 * environment once), and `stripe` is the real SDK talking to it, to act as the browser (confirm
 * a card) or as Stripe (events). With `appUrl`, it delivers signed webhooks to the app's
 * `/api/webhooks/stripe`; with `webhookUrl`, to that URL (e.g. a `startStripeWebhookReceiver`).
 */
export async function startStripeStandIn(
  options: { appUrl?: string; webhookUrl?: string } = {},
): Promise<{ standIn: StripeStandIn; stripe: Stripe }> {
  const standIn = await start({ ...options, port: 0 });
  Object.assign(process.env, standIn.env);
  const base = new URL(standIn.url);
  const stripe = new Stripe(standIn.env.STRIPE_SECRET_KEY, {
    host: base.hostname,
    port: Number(base.port),
    protocol: 'http',
  });
  return { standIn, stripe };
}

/** What the stand-in's fault switch accepts (see the top of e2e/stand-ins/stripe.mjs). */
export interface StripeFault {
  mode: 'error' | 'hang';
  /** How many requests fail; until cleared when absent. */
  count?: number;
  /** Whose requests fail: the store's server (secret key, the default) or also the browser's. */
  keys?: 'secret' | 'any';
  /**
   * Only requests about this order: an intent or invoice created with this `metadata[orderId]`,
   * any call on such an intent or invoice, an invoice item added to such an invoice.
   */
  orderId?: string;
  /**
   * Only requests about this company: a customer created or updated with this
   * `metadata[companyId]`, any call on such a customer (tax ids, cash balance, funding), and
   * any call about its intents, invoices and invoice items. With `orderId`, both must match.
   */
  companyId?: string;
}

/** What the fault switch answers: the faults in force and what they did. */
export interface StripeFaultStatus {
  mode: 'error' | 'hang' | null;
  keys: 'secret' | 'any' | null;
  orderId: string | null;
  companyId: string | null;
  /** Requests left to fail: null for "until cleared", 0 when no fault is in force. */
  remaining: number | null;
  failed: number;
  hung: number;
}

/**
 * The fault switch of a stand-in running in another process (the end-to-end environment's, at
 * `baseUrl`), over its `/__stand-in/faults` endpoint.
 */
export function stripeFaultSwitch(baseUrl: string) {
  const endpoint = `${baseUrl.replace(/\/$/, '')}/__stand-in/faults`;
  const send = async (method: 'POST' | 'DELETE' | 'GET', body?: StripeFault) => {
    const response = await fetch(endpoint, {
      method,
      headers: body ? { 'content-type': 'application/json' } : undefined,
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`Stripe stand-in fault switch: ${JSON.stringify(answer)}`);
    return answer as unknown as StripeFaultStatus;
  };
  return {
    fail: (fault: StripeFault) => send('POST', fault),
    clear: () => send('DELETE'),
    status: () => send('GET'),
  };
}

/**
 * Pays an invoice as its customer would on the hosted invoice page of a stand-in (possibly in
 * another process, at `baseUrl`): `POST /__stand-in/hosted-invoices/{id}/pay`. `amount` (in
 * cents) pays a part, all that remains by default; `fail: true` is a declined card (the invoice
 * stays as it was but for `attempt_count`, and `invoice.payment_failed` is sent). Resolves with
 * the invoice after the attempt; rejects with the stand-in's message when the invoice cannot be
 * paid (a draft, void or paid invoice, an amount above what remains).
 */
export async function payHostedInvoice(
  baseUrl: string,
  invoiceId: string,
  options: { amount?: number; fail?: boolean } = {},
): Promise<Stripe.Invoice> {
  const endpoint = `${baseUrl.replace(/\/$/, '')}/__stand-in/hosted-invoices/${encodeURIComponent(invoiceId)}/pay`;
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(options),
  });
  const answer = (await response.json()) as Stripe.Invoice | { error: { message: string } };
  if (!response.ok || 'error' in answer) {
    const message = 'error' in answer ? answer.error.message : response.statusText;
    throw new Error(`Stripe stand-in hosted invoice page (${response.status}): ${message}`);
  }
  return answer;
}

/** A local endpoint that receives the stand-in's webhooks and checks them as a store would. */
export interface StripeWebhookReceiver {
  /** Where to send them (`startStripeStandIn({ webhookUrl })`). */
  url: string;
  /** Every event received whose `Stripe-Signature` the real SDK accepted, in arrival order. */
  events: Stripe.Event[];
  /** How many deliveries had a signature the SDK refused (answered 400). */
  rejected: number;
  /** The first event received (or to come) that passes `match`; rejects after `timeoutMs`. */
  waitFor<T extends Stripe.Event = Stripe.Event>(
    match: (event: Stripe.Event) => boolean,
    timeoutMs?: number,
  ): Promise<T>;
  close(): Promise<void>;
}

/**
 * Starts a webhook endpoint on 127.0.0.1 (a free port) that verifies each delivery with the
 * real SDK's `webhooks.constructEvent` and the stand-in's webhook secret, as the store's
 * `/api/webhooks/stripe` does, and keeps the events.
 */
export async function startStripeWebhookReceiver(
  stripe: Stripe,
  secret: string = WEBHOOK_SECRET,
): Promise<StripeWebhookReceiver> {
  const events: Stripe.Event[] = [];
  const waiting = new Set<() => void>();
  let rejected = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        const event = stripe.webhooks.constructEvent(
          Buffer.concat(chunks).toString('utf8'),
          String(request.headers['stripe-signature'] ?? ''),
          secret,
        );
        events.push(event);
        for (const wake of waiting) wake();
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"received":true}');
      } catch {
        rejected += 1;
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end('{"error":"bad signature"}');
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('webhook receiver has no port');
  return {
    url: `http://127.0.0.1:${address.port}/webhooks`,
    events,
    get rejected() {
      return rejected;
    },
    waitFor<T extends Stripe.Event = Stripe.Event>(
      match: (event: Stripe.Event) => boolean,
      timeoutMs = 10_000,
    ): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return false;
          clearTimeout(timer);
          waiting.delete(wake);
          resolve(found as T);
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiting.delete(wake);
          const seen = events.map((event) => event.type).join(', ') || 'none';
          reject(
            new Error(`no matching Stripe webhook within ${timeoutMs} ms (received: ${seen})`),
          );
        }, timeoutMs);
        if (!check()) waiting.add(wake);
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The app's webhook route served over real HTTP on 127.0.0.1, so that the stand-in delivers its
 * signed events to it (`startStripeStandIn({ appUrl: receiver.url })`): every request is handed
 * to `route()` (imported lazily, after the stand-in put its keys in the environment) as the
 * Request Next.js would build.
 */
export async function startAppWebhookServer(
  route: () => Promise<
    (
      request: Request,
      context: { params: Promise<Record<string, string | string[]>> },
    ) => Promise<Response>
  >,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (typeof value === 'string') headers.set(name, value);
    }
    const response = await (
      await route()
    )(
      new Request(`http://127.0.0.1${incoming.url}`, {
        method: incoming.method,
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }),
      { params: Promise.resolve({}) },
    );
    outgoing.writeHead(response.status, { 'content-type': 'application/json' });
    outgoing.end(await response.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The real Stripe SDK against a stand-in running elsewhere (the end-to-end environment's, at
 * `baseUrl`), acting as Stripe or as a payer's bank (`testHelpers.customers.fundCashBalance`
 * makes a bank transfer arrive).
 */
export function stripeAt(baseUrl: string): Stripe {
  const base = new URL(baseUrl);
  return new Stripe(SECRET_KEY, {
    host: base.hostname,
    port: Number(base.port),
    protocol: 'http',
  });
}
