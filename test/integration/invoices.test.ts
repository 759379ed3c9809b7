import { ObjectId } from 'mongodb';
import type Stripe from 'stripe';
import { getDocumentProxy, extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe';
import type { Actor } from '../support/users';

// Invoices: numbers issued when an order is paid (through the real payment paths: signed
// webhook events and the browser's report, against the local Stripe stand-in), and the PDF of
// GET /api/orders/{id}/invoice. The environment (the stand-in, the seller's address and tax
// id) is set BEFORE any lib module is imported: lib/env parses it once.

type Who = { headers: Record<string, string> };

let standIn: StripeStandIn;
let stripe: Stripe;
let app: {
  db: typeof import('@/lib/db');
  users: typeof import('../support/users');
  invoice: typeof import('@/app/api/orders/[id]/invoice/route');
  webhook: typeof import('@/app/api/webhooks/stripe/route');
  counters: typeof import('@/lib/data/counters');
  numbers: typeof import('@/lib/invoices/numbers');
};
let api: typeof import('../support/orders');
let make: typeof import('../support/factories');
let a: Actor;
let b: Actor;
let admin: Actor;
const anonymous: Who = { headers: {} };

const STORE_ADDRESS = 'Unit 4, Riverside Works\nSheffield S3 8DG';
const STORE_TAX_ID = 'GB123456789';

beforeAll(async () => {
  ({ standIn, stripe } = await startStripeStandIn());
  process.env.STORE_ADDRESS = STORE_ADDRESS;
  process.env.STORE_TAX_ID = STORE_TAX_ID;
  app = {
    db: await import('@/lib/db'),
    users: await import('../support/users'),
    invoice: await import('@/app/api/orders/[id]/invoice/route'),
    webhook: await import('@/app/api/webhooks/stripe/route'),
    counters: await import('@/lib/data/counters'),
    numbers: await import('@/lib/invoices/numbers'),
  };
  api = await import('../support/orders');
  make = await import('../support/factories');
  ({ a, b, admin } = await app.users.buyersAndAdmin());
});

afterAll(async () => {
  await standIn?.stop();
  await app?.db.closeConnection();
});

async function collections() {
  return app.db.collections(await app.db.getDb());
}

const year = new Date().getUTCFullYear();
const counterKey = () => app.numbers.invoiceCounterKey(year);
const seqOf = (invoiceNumber: string) => Number(invoiceNumber.split('-')[2]);

/** An order of `who` for a product of its own: 1,000 units at $14.80 ($14,800.00). */
async function orderFor(who: Actor, sku = make.freshSku('BRG-6204')) {
  const product = await make.makeProduct({
    name: 'Sealed Ball Bearing 6204-2RS',
    sku,
    price: 14.8,
    minimumOrderQuantity: 500,
    availableQuantity: 18_000,
  });
  return (await make.makeOrder(who.user, product, { quantity: 1_000 }))._id;
}

const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;

/**
 * Pays the order at Stripe as the buyer's browser does (the intent through the store, the card
 * at Stripe), without telling the store: answers the intent id and the signed
 * `payment_intent.succeeded` event Stripe would deliver.
 */
async function payAtStripe(who: Who, orderId: string) {
  const prepared = await api.createPaymentIntent(who, orderId);
  expect(prepared.status).toBe(200);
  const intentId = intentIdOf(prepared.body.clientSecret);
  await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
  const deadline = Date.now() + 5_000;
  for (;;) {
    const delivery = standIn.deliveries.find(
      (candidate) =>
        candidate.event.type === 'payment_intent.succeeded' &&
        candidate.event.data.object.id === intentId,
    );
    if (delivery) return { intentId, delivery };
    if (Date.now() > deadline) throw new Error(`no succeeded event for ${intentId}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Delivers a signed event to POST /api/webhooks/stripe, as Stripe does. */
async function deliver(delivery: { payload: string; header: string }) {
  return api.json(
    app.webhook.POST(
      app.users.request('/api/webhooks/stripe', {
        method: 'POST',
        headers: { 'stripe-signature': delivery.header, 'content-type': 'application/json' },
        body: delivery.payload,
      }),
      app.users.params({}),
    ),
  );
}

/** GET /api/orders/{id}/invoice: the raw response. */
const getInvoice = (who: Who, id: string) =>
  app.invoice.GET(
    app.users.request(`/api/orders/${id}/invoice`, { headers: who.headers }),
    app.users.params({ id }),
  );

async function pdfText(response: Response): Promise<{ bytes: Uint8Array; text: string }> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const pdf = await getDocumentProxy(bytes.slice());
  const { text } = await extractText(pdf, { mergePages: true });
  return { bytes, text };
}

const orderDoc = (id: string) => api.orderDoc(id);

describe('invoice numbers', () => {
  it('are issued at payment, unique and consecutive under 50 concurrent payments (each delivered twice)', async () => {
    const before = (await app.counters.readCounter(counterKey())).seq;
    const orders = await Promise.all(Array.from({ length: 50 }, () => orderFor(a)));
    const payments = [];
    for (const id of orders) payments.push(await payAtStripe(a, id));

    // Every event twice at once: Stripe retries, and the two copies race.
    const outcomes = await Promise.all(
      payments.flatMap(({ delivery }) => [deliver(delivery), deliver(delivery)]),
    );
    expect(outcomes.every((outcome) => outcome.status === 200)).toBe(true);
    expect(outcomes.filter((outcome) => outcome.body.outcome === 'paid')).toHaveLength(50);

    const numbers = await Promise.all(
      orders.map(async (id) => (await orderDoc(id))!.invoiceNumber),
    );
    for (const number of numbers) expect(number).toMatch(new RegExp(`^INV-${year}-\\d{6}$`));
    expect(new Set(numbers).size).toBe(50);
    const sequence = numbers.map((number) => seqOf(number!)).sort((x, y) => x - y);
    expect(sequence).toEqual(Array.from({ length: 50 }, (_, index) => before + 1 + index));
    expect((await app.counters.readCounter(counterKey())).seq).toBe(before + 50);
  });

  it('a replayed payment (webhook or browser report) keeps the number and takes no other', async () => {
    const id = await orderFor(a);
    const { intentId, delivery } = await payAtStripe(a, id);
    expect((await deliver(delivery)).body.outcome).toBe('paid');
    const issued = (await orderDoc(id))!.invoiceNumber!;
    const seq = (await app.counters.readCounter(counterKey())).seq;
    expect(seqOf(issued)).toBe(seq);

    expect((await deliver(delivery)).body.outcome).toBe('already_paid');
    const reported = await api.recordPayment(a, id, { order: id, transactionId: intentId });
    expect(reported.status).toBe(200);
    expect(reported.body.invoiceNumber).toBe(issued);
    expect((await orderDoc(id))!.invoiceNumber).toBe(issued);
    expect((await app.counters.readCounter(counterKey())).seq).toBe(seq);
  });

  it('are issued when the browser reports the payment before the webhook arrives', async () => {
    const id = await orderFor(b);
    const { intentId } = await payAtStripe(b, id);
    const reported = await api.recordPayment(b, id, { order: id, transactionId: intentId });
    expect(reported.status).toBe(200);
    expect(reported.body).toMatchObject({ paid: true, paidAt: expect.any(String) });
    expect(reported.body.invoiceNumber).toMatch(new RegExp(`^INV-${year}-\\d{6}$`));
    expect((await api.getOrder(b, id)).body.invoiceNumber).toBe(reported.body.invoiceNumber);
  });

  it('leave no gap when a number was taken but never written to its order', async () => {
    // Order X took the next number and stopped before writing it (a crash between the two
    // writes): the counter records it. The next payment completes X's number, then its own.
    const x = await orderFor(a);
    await make.payOrder(x, `pi_${new ObjectId().toHexString()}`);
    const { seq } = await app.counters.readCounter(counterKey());
    const took = await app.counters.takeCounterValue(counterKey(), x);
    expect(took).toMatchObject({ value: seq + 1, taken: true });
    expect((await orderDoc(x))!.invoiceNumber).toBeUndefined();

    const y = await orderFor(b);
    const { delivery } = await payAtStripe(b, y);
    expect((await deliver(delivery)).body.outcome).toBe('paid');
    expect((await orderDoc(x))!.invoiceNumber).toBe(app.numbers.formatInvoiceNumber(year, seq + 1));
    expect((await orderDoc(y))!.invoiceNumber).toBe(app.numbers.formatInvoiceNumber(year, seq + 2));

    // Asking again for a holder answers its value and takes none.
    expect(await app.counters.takeCounterValue(counterKey(), x)).toMatchObject({
      value: seq + 1,
      taken: false,
    });
    expect((await app.counters.readCounter(counterKey())).seq).toBe(seq + 2);
  });

  it('are completed by the order itself when no later payment comes', async () => {
    const x = await orderFor(a);
    await make.payOrder(x, `pi_${new ObjectId().toHexString()}`);
    const { value } = await app.counters.takeCounterValue(counterKey(), x);
    expect(await app.numbers.issueInvoiceNumber(x)).toBe(
      app.numbers.formatInvoiceNumber(year, value),
    );
    expect((await app.counters.readCounter(counterKey())).seq).toBe(value);
  });

  it('are never given to two orders (unique index)', async () => {
    const first = await orderFor(a);
    const { delivery } = await payAtStripe(a, first);
    await deliver(delivery);
    const taken = (await orderDoc(first))!.invoiceNumber!;
    const second = await orderFor(a);
    const { orders } = await collections();
    await expect(
      orders.updateOne({ _id: new ObjectId(second) }, { $set: { invoiceNumber: taken } }),
    ).rejects.toMatchObject({ code: 11000 });
  });

  it('follow the UTC year of the payment, each year from 1', () => {
    expect(app.numbers.formatInvoiceNumber(2027, 1)).toBe('INV-2027-000001');
    expect(app.numbers.invoiceCounterKey(2027)).toBe('invoice-2027');
    const late = { paidAt: '2026-12-31T23:30:00.000Z', createdAt: '2026-12-30T10:00:00.000Z' };
    expect(app.numbers.invoiceYear(late)).toBe(2026);
    expect(app.numbers.invoiceYear({ ...late, paidAt: '2027-01-01T00:00:00.000Z' })).toBe(2027);
    expect(app.numbers.invoiceYear({ ...late, paidAt: null })).toBe(2026);
  });
});

describe('GET /api/orders/{id}/invoice', () => {
  it('answers the PDF to the owner and an admin: 401 signed out, 403 to another buyer', async () => {
    const id = await orderFor(a);
    const { delivery } = await payAtStripe(a, id);
    await deliver(delivery);

    const signedOut = await api.json(getInvoice(anonymous, id));
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.error.code).toBe('unauthorized');
    const other = await api.json(getInvoice(b, id));
    expect(other.status).toBe(403);
    expect(other.body.error.code).toBe('forbidden');

    for (const who of [a, admin]) {
      const res = await getInvoice(who, id);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const number = (await orderDoc(id))!.invoiceNumber!;
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${number}.pdf"`);
      const { bytes } = await pdfText(res);
      expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    }
  });

  it('answers 409 while unpaid (or expired), 404 for an unknown id, 400 for a malformed one', async () => {
    const unpaid = await orderFor(a);
    const refused = await api.json(getInvoice(a, unpaid));
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: 'conflict',
      message: 'This order has no invoice yet: an invoice is issued once the order is paid.',
    });
    expect((await api.json(getInvoice(admin, unpaid))).status).toBe(409);
    expect((await orderDoc(unpaid))!.invoiceNumber).toBeUndefined();

    const { orders } = await collections();
    await orders.updateOne(
      { _id: new ObjectId(unpaid) },
      { $set: { cancelledAt: new Date(), cancelReason: 'expired' } },
    );
    expect((await api.json(getInvoice(a, unpaid))).status).toBe(409);

    const unknown = await api.json(getInvoice(a, new ObjectId().toHexString()));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');
    const malformed = await api.json(getInvoice(a, 'not-an-id'));
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('invalid_id');
  });

  it('shows the seller, buyer, delivery, part number, amounts, payment and number', async () => {
    const sku = make.freshSku('BRG-6204');
    const id = await orderFor(a, sku);
    const { intentId, delivery } = await payAtStripe(a, id);
    await deliver(delivery);
    // Profile and order fields that other features write.
    const { users, orders } = await collections();
    await users.updateOne(
      { _id: new ObjectId(a.user.id) },
      { $set: { company: 'Acme Fabrication Ltd', taxId: 'DE811907980' } },
    );
    await orders.updateOne({ _id: new ObjectId(id) }, { $set: { poNumber: 'PO-77812' } });

    const doc = (await orderDoc(id))!;
    const { text } = await pdfText(await getInvoice(a, id));
    for (const expected of [
      'Forgeline Parts',
      'Unit 4, Riverside Works',
      'Sheffield S3 8DG',
      `Tax ID: ${STORE_TAX_ID}`,
      doc.invoiceNumber!,
      'Buyer A',
      a.user.email,
      'Acme Fabrication Ltd',
      'Tax ID: DE811907980',
      'PO-77812',
      '12 Foundry Lane, Sheffield',
      'Phone: 01142345678',
      sku,
      'Sealed Ball Bearing 6204-2RS',
      '1,000',
      '$14.80',
      '$14,800.00',
      'Total (USD)',
      `Transaction ID: ${intentId}`,
      id,
    ]) {
      expect(text).toContain(expected);
    }
    const paidOn = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
      doc.paidAt!,
    );
    expect(text).toContain(`Paid on ${paidOn}`);
  });

  it("keeps the part number as ordered, and leaves out the buyer's details they have not given", async () => {
    const sku = make.freshSku('BRG-6204');
    const id = await orderFor(b, sku);
    const { delivery } = await payAtStripe(b, id);
    await deliver(delivery);
    // An admin corrects the product's part number after the order.
    const { products } = await collections();
    const productId = (await orderDoc(id))!.productId;
    await products.updateOne(
      { _id: productId },
      { $set: { sku: 'RENAMED-1', skuLower: 'renamed-1' } },
    );

    const { text } = await pdfText(await getInvoice(b, id));
    expect(text).toContain(sku);
    expect(text).not.toContain('RENAMED-1');
    expect(text).not.toContain('PO number');
    expect(text.match(/Tax ID:/g)).toHaveLength(1); // the seller's only
  });

  it('issues the number of an order paid without one (issuing failed at payment)', async () => {
    const id = await orderFor(b);
    await make.payOrder(id, `pi_${new ObjectId().toHexString()}`); // marks paid, issues nothing
    expect((await orderDoc(id))!.invoiceNumber).toBeUndefined();
    const seq = (await app.counters.readCounter(counterKey())).seq;

    const res = await getInvoice(admin, id);
    expect(res.status).toBe(200);
    const issued = (await orderDoc(id))!.invoiceNumber!;
    expect(issued).toBe(app.numbers.formatInvoiceNumber(year, seq + 1));
    expect((await pdfText(res)).text).toContain(issued);
    // Asking again renders the same number.
    expect((await pdfText(await getInvoice(b, id))).text).toContain(issued);
    expect((await app.counters.readCounter(counterKey())).seq).toBe(seq + 1);
  });
});
