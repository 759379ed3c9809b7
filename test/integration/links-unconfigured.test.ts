import type { ParsedMail } from 'mailparser';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { recipients, startSmtpServer, type SmtpServer } from '../support/smtp';
import { expectLinksOn } from '../support/mail-links';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe';
import type { Actor } from '../support/users';

// A store without AUTH_URL, as `npm start` runs it, on a port of its own: its origin is the one
// `npm start` prints, http://HOST:PORT, for every link it mails and every redirect it answers,
// whatever Host, X-Forwarded-Host or X-Forwarded-Proto a client sends, and also for the mails of
// work done outside a request (a payment confirmed by Stripe's webhook alone). The environment
// is set before any app module is imported (lib/core/env reads it once).

const PRINTED = 'http://127.0.0.1:3456';
const FORGED = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
};

let smtp: SmtpServer;
let standIn: StripeStandIn;
let stripe: Stripe;
let users: typeof import('../support/users');
let api: typeof import('../support/orders');
let make: typeof import('../support/factories');
let db: typeof import('@/lib/core/db');
let background: typeof import('@/lib/core/background');
let resetRoute: typeof import('@/app/api/password-reset/route');
let verifyRoute: typeof import('@/app/api/verify-email/route');
let webhook: typeof import('@/app/api/webhooks/stripe/route');
let authRoute: typeof import('@/app/api/auth/[...nextauth]/route');

beforeAll(async () => {
  smtp = await startSmtpServer();
  for (const name of ['AUTH_URL', 'SITE_URL', 'TRUSTED_PROXY_HOPS', 'VERCEL']) {
    delete process.env[name];
  }
  Object.assign(process.env, {
    HOST: '127.0.0.1',
    PORT: '3456',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Forgeline Parts <orders@forgeline.test>',
    ORDERS_TO: 'Order desk <desk@forgeline.test>',
  });
  ({ standIn, stripe } = await startStripeStandIn());
  users = await import('../support/users');
  api = await import('../support/orders');
  make = await import('../support/factories');
  db = await import('@/lib/core/db');
  background = await import('@/lib/core/background');
  resetRoute = await import('@/app/api/password-reset/route');
  verifyRoute = await import('@/app/api/verify-email/route');
  webhook = await import('@/app/api/webhooks/stripe/route');
  authRoute = await import('@/app/api/auth/[...nextauth]/route');
});

afterAll(async () => {
  await background?.settleBackgroundWork();
  await smtp?.close();
  await standIn?.stop();
  await db?.closeConnection();
});

let ipCounter = 0;
const freshIp = () => `198.51.100.${(ipCounter++ % 250) + 1}`;

const expectPrintedLinks = (mail: ParsedMail) => expectLinksOn(mail, PRINTED);

const mailsTo = (email: string) =>
  smtp.messages.filter((mail) => recipients(mail).includes(email.toLowerCase()));

function resetRequest(email: string, headers: Record<string, string>) {
  return resetRoute.POST(
    users.request('/api/password-reset', {
      method: 'POST',
      headers: { 'X-Forwarded-For': freshIp(), ...headers },
      json: { email },
    }),
    users.params({}),
  );
}

describe('without AUTH_URL, links are on the origin `npm start` prints', () => {
  it('the forged password reset of the report (X-Forwarded-Host and Origin of another site) mails nothing there', async () => {
    const person = await users.createActor('user');
    const res = await resetRequest(person.user.email, {
      ...FORGED,
      Origin: 'https://evil.example',
    });
    // A page of another site may not start it in a visitor's browser (cross-site rule)...
    expect(res.status).toBe(403);
    await background.settleBackgroundWork();
    for (const mail of mailsTo(person.user.email)) {
      expect(`${mail.html}${mail.text}`).not.toContain('evil.example');
    }
  });

  it('the same forged headers from a programmatic client: the reset link is on the printed origin', async () => {
    const person = await users.createActor('user');
    const res = await resetRequest(person.user.email, FORGED);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const mail = await smtp.waitFor((candidate) =>
      recipients(candidate).includes(person.user.email.toLowerCase()),
    );
    expectPrintedLinks(mail);
    expect(mail.text).toMatch(
      new RegExp(`${PRINTED.replace(/\./g, '\\.')}/reset-password\\?token=[\\w-]{20,}`),
    );
  });

  it('the verification link’s redirect is on the printed origin, whatever Host says', async () => {
    const res = await verifyRoute.GET(
      users.request('/api/verify-email?token=not-a-token', { headers: FORGED }),
      users.params({}),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${PRINTED}/dashboard?verified=invalid`);
  });

  it('a payment confirmed by Stripe’s webhook alone mails links on the printed origin', async () => {
    const buyer: Actor = await users.createActor('user', 'Priya Raman');
    const forged = { headers: { ...buyer.headers, ...FORGED } };
    const product = await make.makeProduct({
      name: 'Taper Roller Bearing 30206',
      price: 3.4,
      availableQuantity: 50_000,
    });
    const placed = await api.placeOrder(forged, {
      productId: product._id,
      quantity: 2_000,
      address: '4 Bearing Works Road, Derby',
      phone: '01332123456',
    });
    expect(placed.status).toBe(201);
    const id = placed.body.insertedId as string;
    const intent = await api.createPaymentIntent(forged, id);
    expect(intent.status).toBe(200);
    const intentId = (intent.body.clientSecret as string).split('_secret_')[0]!;
    await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    const delivery = await vi.waitFor(() => {
      const found = standIn.deliveries.find(
        (candidate) =>
          candidate.event.type === 'payment_intent.succeeded' &&
          candidate.event.data.object.id === intentId,
      );
      if (!found) throw new Error('no event yet');
      return found;
    });
    const res = await webhook.POST(
      users.request('/api/webhooks/stripe', {
        method: 'POST',
        headers: {
          ...FORGED,
          'stripe-signature': delivery.header,
          'content-type': 'application/json',
        },
        body: delivery.payload,
      }),
      users.params({}),
    );
    expect(res.status).toBe(200);
    await background.settleBackgroundWork();
    const receipt = await smtp.waitFor((mail) =>
      Boolean(mail.subject?.startsWith('Payment received') && mail.text?.includes(id)),
    );
    const store = await smtp.waitFor((mail) =>
      Boolean(mail.subject?.startsWith('Order paid:') && mail.text?.includes(id)),
    );
    expectPrintedLinks(receipt);
    expectPrintedLinks(store);
  });
});

describe('Auth.js builds its URLs on the store’s origin, picked from a fixed list', () => {
  async function providers(host: string) {
    const { NextRequest } = await import('next/server');
    const res = await authRoute.GET(
      new NextRequest(`${PRINTED}/api/auth/providers`, {
        headers: host ? { host, 'x-forwarded-host': host } : {},
      }),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, { signinUrl: string; callbackUrl: string }>;
    return body.credentials!;
  }

  it('a forged Host gets the printed origin', async () => {
    const credentials = await providers('evil.example');
    expect(new URL(credentials.signinUrl).origin).toBe(PRINTED);
    expect(new URL(credentials.callbackUrl).origin).toBe(PRINTED);
  });

  it('the other loopback spelling of the same port keeps its own origin (its cookies are there)', async () => {
    const credentials = await providers('localhost:3456');
    expect(new URL(credentials.signinUrl).origin).toBe('http://localhost:3456');
    // Another port is not the store.
    expect(new URL((await providers('localhost:3457')).signinUrl).origin).toBe(PRINTED);
  });
});
