import { ObjectId } from 'mongodb';
import type { ParsedMail } from 'mailparser';
import type Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { recipients, startSmtpServer, withMailServerDown, type SmtpServer } from '../support/smtp';
import { logger } from '@/lib/core/log';
import { expectLinksOn } from '../support/mail-links';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe';
import type { Id } from '@/lib/core/ids';
import type { Actor } from '../support/users';

// The order mails end to end through the order API, against the real engine, a real SMTP
// server and the Stripe stand-in: each change queues its mail in the write that makes it, the
// drainer sends it after the answer, links start from the trusted origin (AUTH_URL here, as in
// production, while every request names another host), a change that does not happen queues
// nothing, and a mail server that is down changes no answer of the order API. The environment
// is set before any app module is imported (lib/core/env reads it once).

const TRUSTED = 'https://parts.forgeline.test';
const STORE_DESK = 'desk@forgeline.test';
/** What a client talking to the server directly may claim as the host. */
const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
const MINUTE = 60_000;

let smtp: SmtpServer;
let smtpPort: number;
let standIn: StripeStandIn;
let stripe: Stripe;
let api: typeof import('../support/orders');
let make: typeof import('../support/factories');
let users: typeof import('../support/users');
let db: typeof import('@/lib/core/db');
let background: typeof import('@/lib/core/background');
let outbox: typeof import('@/lib/core/mail/outbox');
let lifecycle: typeof import('@/lib/orders');
let orderMailsModule: typeof import('@/lib/orders/mails');
let data: typeof import('@/lib/orders/store');
let userData: typeof import('@/lib/accounts/store/users');
let invoices: typeof import('@/lib/orders/invoice-numbers');
let webhook: typeof import('@/app/api/webhooks/stripe/route');
let approveRoute: typeof import('@/app/api/orders/[id]/approve/route').POST;
let companies: typeof import('../support/companies');
let terms: typeof import('@/lib/terms');
let placing: typeof import('@/lib/orders/place-order');
let admin: Actor;

beforeAll(async () => {
  smtp = await startSmtpServer();
  smtpPort = smtp.port;
  Object.assign(process.env, {
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'Forgeline Parts <orders@forgeline.test>',
    ORDERS_TO: `Order desk <${STORE_DESK}>`,
    AUTH_URL: TRUSTED,
    MAX_UNPAID_ORDERS: '3',
    UNPAID_ORDER_TTL_HOURS: '48',
  });
  ({ standIn, stripe } = await startStripeStandIn());
  api = await import('../support/orders');
  make = await import('../support/factories');
  users = await import('../support/users');
  db = await import('@/lib/core/db');
  background = await import('@/lib/core/background');
  outbox = await import('@/lib/core/mail/outbox');
  lifecycle = await import('@/lib/orders');
  orderMailsModule = await import('@/lib/orders/mails');
  data = await import('@/lib/orders/store');
  userData = await import('@/lib/accounts/store/users');
  invoices = await import('@/lib/orders/invoice-numbers');
  webhook = await import('@/app/api/webhooks/stripe/route');
  approveRoute = (await import('@/app/api/orders/[id]/approve/route')).POST;
  companies = await import('../support/companies');
  terms = await import('@/lib/terms');
  placing = await import('@/lib/orders/place-order');
  admin = await users.createActor('admin', 'Ada Admin');
});

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  await background?.settleBackgroundWork();
  await smtp?.close();
  await standIn?.stop();
  await db?.closeConnection();
});

/** An actor's requests as sent straight to the server with a Host of the client's choosing. */
const forged = (actor: Actor) => ({ headers: { ...actor.headers, ...FORGED } });

/**
 * A buyer whose email is verified, so every order of theirs mails them (an unverified account is
 * mailed for its first order only: unverified-holds.test.ts).
 */
async function newBuyer(name = 'Priya Raman') {
  const buyer = await users.createActor('user', name);
  await userData.markEmailVerified(buyer.user.id, buyer.user.email);
  return buyer;
}

const newProduct = () =>
  make.makeProduct({ name: 'Taper Roller Bearing 30206', price: 3.4, availableQuantity: 50_000 });

/** POST /api/order for `buyer` (with the forged Host); answers the new order's id. */
async function place(buyer: Actor, extra: Record<string, unknown> = {}) {
  const product = await newProduct();
  const res = await api.placeOrder(forged(buyer), {
    productId: product._id,
    quantity: 2_000,
    address: '4 Bearing Works Road, Derby',
    phone: '01332123456',
    ...extra,
  });
  expect(res.status).toBe(201);
  return res.body.insertedId as string;
}

/** Waits for the work started after the answers: the drains. */
const settle = () => background.settleBackgroundWork();

/** The mails received about one order (every order mail names its order id). */
const mailsFor = (orderId: string): ParsedMail[] =>
  smtp.messages.filter((mail) => mail.text?.includes(orderId));

const subjectsFor = (orderId: string) => mailsFor(orderId).map((mail) => mail.subject ?? '');

async function entriesOf(orderId: string) {
  return (await api.orderDoc(orderId))?.outbox ?? [];
}

const expectTrustedLinks = (mail: ParsedMail) => expectLinksOn(mail, TRUSTED);

/** Creates the order's PaymentIntent (as the payment page does) and pays it at Stripe. */
async function payAtStripe(buyer: Actor, orderId: string): Promise<string> {
  const intent = await api.createPaymentIntent(forged(buyer), orderId);
  expect(intent.status).toBe(200);
  const intentId = (intent.body.clientSecret as string).split('_secret_')[0]!;
  await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
  return intentId;
}

describe('placing an order', () => {
  it('inserts the order with its "placed" mail, and the drainer sends the pay link on the trusted origin', async () => {
    const buyer = await newBuyer();
    const id = await place(buyer, { poNumber: 'PO-7781' });
    await settle();

    const [mail, ...others] = mailsFor(id);
    expect(others).toEqual([]);
    expect(recipients(mail!)).toEqual([buyer.user.email.toLowerCase()]);
    expect(mail!.subject).toMatch(/to pay/);
    // The buyer's PO number is in the body; the subject carries the store's words only.
    expect(mail!.subject).not.toContain('PO-7781');
    expect(mail!.text).toContain('PO-7781');
    expect(mail!.text).toContain(`${TRUSTED}/dashboard/payment/${id}`);
    expect(mail!.html).toContain(`${TRUSTED}/dashboard/payment/${id}`);
    expectTrustedLinks(mail!);
    // Sent, so taken off the order.
    expect(await entriesOf(id)).toEqual([]);
  });

  it('over the unpaid-orders cap: no order, so no mail', async () => {
    const buyer = await newBuyer('Capped Buyer');
    for (let i = 0; i < 3; i += 1) await place(buyer);
    const product = await newProduct();
    const refused = await api.placeOrder(forged(buyer), {
      productId: product._id,
      quantity: 2_000,
      address: '4 Bearing Works Road, Derby',
      phone: '01332123456',
    });
    expect(refused.status).toBe(409);
    await settle();
    const toBuyer = smtp.messages.filter((mail) =>
      recipients(mail).includes(buyer.user.email.toLowerCase()),
    );
    expect(toBuyer).toHaveLength(3);
    expect(
      await (await db.getDb()).collection('orders').countDocuments({ email: buyer.user.email }),
    ).toBe(3);
  });
});

describe('an order on account that waits for an approval', () => {
  it('its approvers read that approving confirms it on account, its buyer that nothing is to be paid', async () => {
    const { companyId, owner, members } = await companies.makeCompany([
      { role: 'buyer', limitCents: 0, name: 'Bea Buyer' },
    ]);
    const buyer = members[0]!;
    await terms.setCompanyTerms(admin.user, companyId.toHexString() as Id, {
      mode: 'net',
      netDays: 30,
      creditLimitCents: 100_000_000,
      invoiceOn: 'shipment',
      holdAfterDaysOverdue: 15,
    });
    const product = await newProduct();
    // As checkout places it on account (the buyer's email is verified: it may wait).
    const id = await placing.placeOrderOfLines(
      { ...buyer.user, emailVerified: true },
      {
        address: '4 Bearing Works Road, Derby',
        phone: '01332123456',
        paymentMethod: 'account',
        lines: [{ productId: product._id, quantity: 2_000 }],
      },
      TRUSTED,
    );
    await settle();
    const [request, ...others] = mailsFor(id);
    expect(others).toEqual([]);
    expect(recipients(request!)).toEqual([owner.user.email.toLowerCase()]);
    expect(request!.subject).toBe(
      'Approval needed: a $6,800.00 order for Taper Roller Bearing 30206 on account',
    );
    expect(request!.text).toContain(
      "approve it to confirm it on your company's account (Net 30, invoiced when it ships), or reject it with a reason.",
    );

    const approved = await api.json(
      approveRoute(
        users.request(`/api/orders/${id}/approve`, {
          method: 'POST',
          headers: owner.headers,
          json: {},
        }),
        users.params({ id }),
      ),
    );
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    await settle();
    const toBuyer = mailsFor(id).filter((mail) =>
      recipients(mail).includes(buyer.user.email.toLowerCase()),
    );
    expect(toBuyer.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(
        / order for Taper Roller Bearing 30206 is approved on account \(Net 30\): nothing to pay now$/,
      ),
    ]);
    expect(toBuyer[0]!.text).toContain(
      `${owner.user.name} approved order ${id}, and we have confirmed 2,000 × Taper Roller Bearing 30206 on your company's account. There is nothing to pay now`,
    );
    expect(toBuyer[0]!.text).not.toContain('/dashboard/payment/');
    expectTrustedLinks(toBuyer[0]!);
  });
});

describe('what a buyer typed', () => {
  it('stays out of every subject: the name and the PO number are in the body only', async () => {
    const hostile = 'URGENT pay at https://evil.example/pay';
    const buyer = await newBuyer(`${hostile} now`);
    const id = await place(buyer, { poNumber: hostile });
    const intentId = await payAtStripe(buyer, id);
    expect((await api.recordPayment(forged(buyer), id, { transactionId: intentId })).status).toBe(
      200,
    );
    await settle();

    const mails = mailsFor(id);
    // The order placed and its receipt to the buyer, and the store's own mail.
    expect(mails.map((mail) => mail.subject?.split(':')[0])).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Your /),
        expect.stringMatching(/^Payment received/),
        'Order paid',
      ]),
    );
    for (const mail of mails) {
      expect(mail.subject).not.toMatch(/URGENT|evil\.example/);
      expect(mail.text).toContain(hostile);
    }
  });
});

describe('payment received', () => {
  it('the browser-reported payment: the receipt (transaction id, invoice number and link) to the buyer, and the store mail to ORDERS_TO', async () => {
    const buyer = await newBuyer();
    const id = await place(buyer);
    const intentId = await payAtStripe(buyer, id);

    const paid = await api.recordPayment(forged(buyer), id, { transactionId: intentId });
    expect(paid.status).toBe(200);
    await settle();

    const doc = await api.orderDoc(id);
    expect(doc!.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    const receipt = mailsFor(id).find((mail) => mail.subject?.startsWith('Payment received'));
    expect(recipients(receipt!)).toEqual([buyer.user.email.toLowerCase()]);
    expect(receipt!.subject).toContain(`(invoice ${doc!.invoiceNumber})`);
    expect(receipt!.text).toContain(intentId);
    expect(receipt!.text).toContain(doc!.invoiceNumber!);
    expect(receipt!.text).toContain(`${TRUSTED}/api/orders/${id}/invoice`);
    expectTrustedLinks(receipt!);

    const store = mailsFor(id).find((mail) => mail.subject?.startsWith('Order paid:'));
    expect(recipients(store!)).toEqual([STORE_DESK]);
    expect(store!.text).toContain(buyer.user.name);
    expectTrustedLinks(store!);
    expect(await entriesOf(id)).toEqual([]);

    // Reported again: the same answer, and nothing more to send.
    expect((await api.recordPayment(forged(buyer), id, { transactionId: intentId })).status).toBe(
      200,
    );
    await settle();
    expect(subjectsFor(id).sort()).toEqual([
      expect.stringMatching(/^Order paid:/),
      expect.stringMatching(/^Payment received/),
      expect.stringMatching(/to pay$/),
    ]);
  });

  it("Stripe's signed webhook alone sends the same two mails, once however often it is delivered", async () => {
    const buyer = await newBuyer();
    const id = await place(buyer);
    const intentId = await payAtStripe(buyer, id);
    const delivery = await vi.waitFor(() => {
      const found = standIn.deliveries.find(
        (candidate) =>
          candidate.event.type === 'payment_intent.succeeded' &&
          candidate.event.data.object.id === intentId,
      );
      if (!found) throw new Error('no event yet');
      return found;
    });
    const post = () =>
      api.json(
        webhook.POST(
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
        ),
      );
    const outcomes = await Promise.all([post(), post()]);
    expect(outcomes.map((outcome) => outcome.body.outcome).sort()).toEqual([
      'already_paid',
      'paid',
    ]);
    await settle();
    expect((await post()).body.outcome).toBe('already_paid');
    await settle();

    const doc = await api.orderDoc(id);
    const receipts = mailsFor(id).filter((mail) => mail.subject?.startsWith('Payment received'));
    const store = mailsFor(id).filter((mail) => mail.subject?.startsWith('Order paid:'));
    expect(receipts).toHaveLength(1);
    expect(store).toHaveLength(1);
    expect(receipts[0]!.text).toContain(doc!.invoiceNumber!);
    expect(receipts[0]!.text).toContain(intentId);
    // Outside a request's answer: linkOrigin(null), which is AUTH_URL.
    expectTrustedLinks(receipts[0]!);
    expectTrustedLinks(store[0]!);
  });

  it('the receipt and the store mail wait for the invoice number (held in the paid update, released after)', async () => {
    const buyer = await newBuyer();
    const product = await newProduct();
    const order = await make.makeOrder(buyer.user, product);
    const intentId = `pi_${new ObjectId().toHexString()}`;
    expect(await data.attachPaymentIntent(order._id, null, intentId)).toBe(true);

    const mails = orderMailsModule.orderMails(['order.paid', 'order.paid.store'], TRUSTED, {
      held: true,
    });
    expect(await data.markOrderPaid(order._id, intentId, mails.extraUpdate)).toEqual({ ok: true });
    const held = await entriesOf(order._id);
    expect(held.map((entry) => entry.kind)).toEqual(['order.paid', 'order.paid.store']);
    for (const entry of held) {
      expect(entry.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + MINUTE / 4);
    }
    // Not due yet: a drain now (another request's) leaves them.
    expect(await outbox.drainOutbox()).toMatchObject({ sent: 0 });

    const number = await invoices.issueInvoiceNumber(order._id);
    await orderMailsModule.mailsQueued(order._id, mails);
    await settle();
    const receipt = mailsFor(order._id).find((mail) =>
      mail.subject?.startsWith('Payment received'),
    );
    expect(receipt!.subject).toContain(`(invoice ${number})`);
    expect(mailsFor(order._id)).toHaveLength(2);
    expect(await entriesOf(order._id)).toEqual([]);
  });
});

describe('shipped', () => {
  it('mails the buyer the carrier and the tracking number; processing mails nothing', async () => {
    const buyer = await newBuyer();
    const order = await make.makeOrder(buyer.user, await newProduct(), { poNumber: 'PO-2210' });
    await make.payOrder(order._id, `pi_${new ObjectId().toHexString()}`);

    expect(
      (await api.changeStatus(forged(admin), order._id, { status: 'processing' })).status,
    ).toBe(200);
    await settle();
    expect(mailsFor(order._id)).toEqual([]);

    const shipped = await api.changeStatus(forged(admin), order._id, {
      status: 'shipped',
      carrier: 'DHL Freight',
      trackingNumber: 'JD0146 0000 1234',
    });
    expect(shipped.status).toBe(200);
    await settle();
    const [mail, ...others] = mailsFor(order._id);
    expect(others).toEqual([]);
    expect(recipients(mail!)).toEqual([buyer.user.email.toLowerCase()]);
    expect(mail!.subject).toMatch(/has shipped$/);
    expect(mail!.text).toContain('DHL Freight');
    expect(mail!.text).toContain('JD0146 0000 1234');
    expect(mail!.text).toContain('PO-2210');
    expect(mail!.text).toContain(`${TRUSTED}/dashboard/order`);
    expectTrustedLinks(mail!);
  });
});

describe('cancelled', () => {
  const cancellation = (orderId: string) =>
    mailsFor(orderId).filter((mail) => mail.subject?.endsWith('is cancelled'));

  it("the buyer's delete: the mail says they asked for it", async () => {
    const buyer = await newBuyer();
    const id = await place(buyer);
    expect((await api.deleteOrder(forged(buyer), id)).status).toBe(200);
    await settle();
    const [mail, ...others] = cancellation(id);
    expect(others).toEqual([]);
    expect(recipients(mail!)).toEqual([buyer.user.email.toLowerCase()]);
    expect(mail!.text).toContain('Your order is cancelled');
    expect(mail!.text).toMatch(/as you asked/);
    expect(mail!.text).toContain('Nothing was charged');
    expectTrustedLinks(mail!);
  });

  it("an admin's delete and an admin's cancel: the store cancelled it", async () => {
    const buyer = await newBuyer();
    const deleted = await place(buyer);
    const cancelled = await place(buyer);
    expect((await api.deleteOrder(forged(admin), deleted)).status).toBe(200);
    expect(
      (await api.changeStatus(forged(admin), cancelled, { status: 'cancelled', note: 'Duplicate' }))
        .status,
    ).toBe(200);
    await settle();
    for (const id of [deleted, cancelled]) {
      const [mail, ...others] = cancellation(id);
      expect(others).toEqual([]);
      expect(recipients(mail!)).toEqual([buyer.user.email.toLowerCase()]);
      expect(mail!.text).toContain('We have cancelled your order');
      expectTrustedLinks(mail!);
    }
  });

  it('the expiry of an unpaid order: not paid in time', async () => {
    const buyer = await newBuyer();
    const order = await make.makeOrder(buyer.user, await newProduct());
    await make.backdateOrder(order._id, new Date(Date.now() - 50 * 60 * MINUTE));
    expect(await lifecycle.expireOverdueOrders()).toBeGreaterThanOrEqual(1);
    await settle();
    const [mail, ...others] = cancellation(order._id);
    expect(others).toEqual([]);
    expect(mail!.text).toContain('Your unpaid order has expired');
    expect(mail!.text).toContain('went back into stock');
    // The store's own work: linkOrigin(null), AUTH_URL.
    expectTrustedLinks(mail!);
  });
});

describe('a change that does not happen queues nothing', () => {
  it('refused or lost transitions: no outbox entry, no mail', async () => {
    const buyer = await newBuyer();
    const paid = await make.makeOrder(buyer.user, await newProduct());
    await make.payOrder(paid._id, `pi_${new ObjectId().toHexString()}`);
    const unpaid = await make.makeOrder(buyer.user, await newProduct());

    // Deleting a paid order, shipping an unpaid one, cancelling a paid one: 409.
    expect((await api.deleteOrder(forged(buyer), paid._id)).status).toBe(409);
    expect((await api.deleteOrder(forged(admin), paid._id)).status).toBe(409);
    const ship = { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' };
    expect((await api.changeStatus(forged(admin), unpaid._id, ship)).status).toBe(409);
    expect((await api.changeStatus(forged(admin), paid._id, { status: 'cancelled' })).status).toBe(
      409,
    );
    await settle();
    expect(await entriesOf(paid._id)).toEqual([]);
    expect(await entriesOf(unpaid._id)).toEqual([]);
    expect(mailsFor(paid._id)).toEqual([]);
    expect(mailsFor(unpaid._id)).toEqual([]);

    // Two admins ship at once: one move, one mail; the other is a 409.
    const statuses = await Promise.all(
      [admin, admin].map(
        async (who) => (await api.changeStatus(forged(who), paid._id, ship)).status,
      ),
    );
    expect(statuses.sort()).toEqual([200, 409]);
    // Ten deletes at once: one cancel, one mail.
    const deletes = await Promise.all(
      Array.from(
        { length: 10 },
        async () => (await api.deleteOrder(forged(buyer), unpaid._id)).status,
      ),
    );
    expect(deletes.filter((status) => status === 200)).toHaveLength(1);
    await settle();
    expect(subjectsFor(paid._id)).toEqual([expect.stringMatching(/has shipped$/)]);
    expect(subjectsFor(unpaid._id)).toEqual([expect.stringMatching(/is cancelled$/)]);
  });
});

describe('the mail server down at send time', () => {
  it('changes no answer of the order API; the mails wait on the orders and go out once it is back', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {});
    const buyer = await newBuyer();
    const shippedOrder = await make.makeOrder(buyer.user, await newProduct());
    await make.payOrder(shippedOrder._id, `pi_${new ObjectId().toHexString()}`);

    await smtp.close();
    const ids = await withMailServerDown(smtpPort, async () => {
      const placed = await place(buyer);
      const intentId = await payAtStripe(buyer, placed);
      const paid = await api.recordPayment(forged(buyer), placed, { transactionId: intentId });
      expect(paid.status).toBe(200);
      expect(paid.body).toMatchObject({ paid: true, status: 'paid', transactionId: intentId });
      const shipped = await api.changeStatus(forged(admin), shippedOrder._id, {
        status: 'shipped',
        carrier: 'DHL Freight',
        trackingNumber: 'JD0146 0000 9999',
      });
      expect(shipped.status).toBe(200);
      const doomed = await place(buyer);
      expect((await api.deleteOrder(forged(buyer), doomed)).status).toBe(200);
      await settle();
      return { placed, shipped: shippedOrder._id, doomed };
    });

    // Kept on each order, with the failure recorded and a later attempt planned.
    const kinds = async (id: string) => (await entriesOf(id)).map((entry) => entry.kind).sort();
    expect(await kinds(ids.placed)).toEqual(['order.paid', 'order.paid.store', 'order.placed']);
    expect(await kinds(ids.shipped)).toEqual(['order.shipped']);
    // Its "placed" mail too, unless a drain found it cancelled first (then dropped unsent).
    expect(await kinds(ids.doomed)).toContain('order.cancelled');
    for (const entry of await entriesOf(ids.placed)) {
      expect(entry.attempts).toBeGreaterThanOrEqual(1);
      expect(entry.lastError).toBeTruthy();
      expect(entry.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    }
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(
        new RegExp(`^\\[outbox\\] orders ${ids.shipped} order\\.shipped: attempt 1 failed`),
      ),
    );
    // The orders are as the answers said.
    expect(await api.orderDoc(ids.placed)).toMatchObject({ status: 'paid' });
    expect(await api.orderDoc(ids.shipped)).toMatchObject({ status: 'shipped' });
    expect(await api.orderDoc(ids.doomed)).toMatchObject({ status: 'cancelled' });

    // Back up: the next drain once they are due sends each once ("placed" no longer applies
    // to a paid or cancelled order: removed unsent).
    smtp = await startSmtpServer(smtpPort);
    const later = () => new Date(Date.now() + 10 * MINUTE);
    const drained = await outbox.drainOutbox({ now: later });
    expect(drained).toMatchObject({ sent: 4, retrying: 0, gaveUp: 0 });
    expect(subjectsFor(ids.placed).sort()).toEqual([
      expect.stringMatching(/^Order paid:/),
      expect.stringMatching(/^Payment received/),
    ]);
    expect(subjectsFor(ids.shipped)).toEqual([expect.stringMatching(/has shipped$/)]);
    expect(subjectsFor(ids.doomed)).toEqual([expect.stringMatching(/is cancelled$/)]);
    for (const id of Object.values(ids)) expect(await entriesOf(id)).toEqual([]);
  });
});
