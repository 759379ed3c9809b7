import { Binary, ObjectId } from 'mongodb';
import type Stripe from 'stripe';
import { getDocumentProxy, extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe';
import type { Actor } from '../support/users';

// Invoices: numbers issued when an order is paid (through the real payment paths: signed
// webhook events and the browser's report, against the local Stripe stand-in), and the PDF of
// GET /api/orders/{id}/invoice. The environment (the stand-in, the seller's address and tax
// id) is set BEFORE any lib module is imported: lib/core/env parses it once.

type Who = { headers: Record<string, string> };

let standIn: StripeStandIn;
let stripe: Stripe;
let app: {
  db: typeof import('../support/db');
  users: typeof import('../support/users');
  invoice: typeof import('@/app/api/orders/[id]/invoice/route');
  webhook: typeof import('@/app/api/webhooks/stripe/route');
  counters: typeof import('@/lib/core/counters');
  numbers: typeof import('@/lib/orders/invoice-numbers');
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
    db: await import('../support/db'),
    users: await import('../support/users'),
    invoice: await import('@/app/api/orders/[id]/invoice/route'),
    webhook: await import('@/app/api/webhooks/stripe/route'),
    counters: await import('@/lib/core/counters'),
    numbers: await import('@/lib/orders/invoice-numbers'),
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
    // Profile and order fields that other features write; the profile's as it is at payment.
    const { users, orders } = await collections();
    await users.updateOne(
      { _id: new ObjectId(a.user.id) },
      { $set: { company: 'Acme Fabrication Ltd', taxId: 'DE811907980' } },
    );
    const { intentId, delivery } = await payAtStripe(a, id);
    await deliver(delivery);
    await orders.updateOne({ _id: new ObjectId(id) }, { $set: { poNumber: 'PO-77812' } });

    const doc = (await orderDoc(id))!;
    const { text } = await pdfText(await getInvoice(a, id));
    // A cell wraps its text to the column's width, which follows the part number's (random)
    // characters: the product's name may come over two lines.
    const flowed = text.replace(/\s+/g, ' ');
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
      expect(flowed).toContain(expected);
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

/** The stored PDFs, untyped (the collection is named here as the store names it). */
async function storedPdfs() {
  return (await app.db.getDb()).collection<{ _id: string; pdf: Binary; sha256: string }>(
    'invoicePdfs',
  );
}

/** Removes an invoice's stored PDF, so that the next download draws it again. */
async function forgetPdf(orderId: string) {
  const number = (await orderDoc(orderId))!.invoiceNumber!;
  await (await storedPdfs()).deleteMany({ _id: number });
}

describe('what an invoice prints is frozen at payment', () => {
  it("keeps the buyer's name, company and tax id, the delivery and the part number after the profile and product change", async () => {
    const buyer = await app.users.createActor('user', 'Priya Raman');
    const { users, products, orders } = await collections();
    await users.updateOne(
      { _id: new ObjectId(buyer.user.id) },
      { $set: { company: 'Raman Castings Ltd', taxId: 'GB999888777' } },
    );
    const sku = make.freshSku('HB-M8');
    const id = await orderFor(buyer, sku);
    // An order from before part numbers were copied at ordering: the product's part number at
    // payment is the one printed.
    await orders.updateOne({ _id: new ObjectId(id) }, { $unset: { sku: '' } });
    const { delivery } = await payAtStripe(buyer, id);
    expect((await deliver(delivery)).body.outcome).toBe('paid');

    const before = await pdfText(await getInvoice(buyer, id));
    for (const expected of [
      'Priya Raman',
      buyer.user.email,
      'Raman Castings Ltd',
      'Tax ID: GB999888777',
      '12 Foundry Lane, Sheffield',
      sku,
    ]) {
      expect(before.text).toContain(expected);
    }

    // The buyer edits My Profile, an admin renames the part number.
    await users.updateOne(
      { _id: new ObjectId(buyer.user.id) },
      { $set: { name: 'Priya Okafor', company: 'Okafor Holdings', taxId: 'DE000111222' } },
    );
    const productId = (await orderDoc(id))!.productId;
    const renamed = make.freshSku('RENAMED');
    await products.updateOne(
      { _id: productId },
      { $set: { sku: renamed, skuLower: renamed.toLowerCase() } },
    );

    // Drawn again from scratch (the stored copy removed), it prints the same.
    await forgetPdf(id);
    const after = await pdfText(await getInvoice(buyer, id));
    expect(after.text).toBe(before.text);
    for (const changed of ['Priya Okafor', 'Okafor Holdings', 'DE000111222', renamed]) {
      expect(after.text).not.toContain(changed);
    }
    expect((await orderDoc(id))!.invoiceDetails).toMatchObject({
      name: 'Priya Raman',
      company: 'Raman Castings Ltd',
      taxId: 'GB999888777',
      partNumber: sku,
    });
  });

  it('freezes, at its first invoice, an order paid before details were frozen at payment', async () => {
    const buyer = await app.users.createActor('user', 'Tomas Berg');
    const { users, orders } = await collections();
    await users.updateOne(
      { _id: new ObjectId(buyer.user.id) },
      { $set: { company: 'Berg Tooling AB', taxId: 'SE556677889901' } },
    );
    const id = await orderFor(buyer);
    const { delivery } = await payAtStripe(buyer, id);
    await deliver(delivery);
    await orders.updateOne({ _id: new ObjectId(id) }, { $unset: { invoiceDetails: '' } });

    const first = await pdfText(await getInvoice(buyer, id));
    expect(first.text).toContain('Berg Tooling AB');
    expect((await orderDoc(id))!.invoiceDetails).toMatchObject({ company: 'Berg Tooling AB' });

    await users.updateOne(
      { _id: new ObjectId(buyer.user.id) },
      { $set: { company: 'Someone Else GmbH', taxId: 'DE123123123' } },
    );
    await forgetPdf(id);
    const again = await pdfText(await getInvoice(buyer, id));
    expect(again.text).toBe(first.text);
    expect(again.text).not.toContain('Someone Else GmbH');
  });
});

describe('invoice PDFs are drawn once per invoice number', () => {
  it('answers the stored bytes on every later download, also after a profile change', async () => {
    const buyer = await app.users.createActor('user', 'Mara Lindqvist');
    const id = await orderFor(buyer);
    const { delivery } = await payAtStripe(buyer, id);
    await deliver(delivery);
    const number = (await orderDoc(id))!.invoiceNumber!;
    const pdfs = await storedPdfs();
    expect(await pdfs.countDocuments({ _id: number })).toBe(0);

    const first = Buffer.from(await (await getInvoice(buyer, id)).arrayBuffer());
    const stored = await pdfs.findOne({ _id: number });
    expect(stored).not.toBeNull();
    expect(Buffer.from(stored!.pdf.buffer).equals(first)).toBe(true);
    expect(stored!.sha256).toMatch(/^[0-9a-f]{64}$/);

    const second = Buffer.from(await (await getInvoice(admin, id)).arrayBuffer());
    expect(second.equals(first)).toBe(true);

    // The second download did not draw: what is stored is what is answered. (A mark added to
    // the stored copy comes back byte for byte.)
    const marked = Buffer.concat([first, Buffer.from('% stored copy\n')]);
    await pdfs.updateOne({ _id: number }, { $set: { pdf: new Binary(marked) } });
    const third = Buffer.from(await (await getInvoice(buyer, id)).arrayBuffer());
    expect(third.equals(marked)).toBe(true);
    await pdfs.updateOne({ _id: number }, { $set: { pdf: new Binary(first) } });

    // A profile change later: the same bytes.
    const { users } = await collections();
    await users.updateOne(
      { _id: new ObjectId(buyer.user.id) },
      { $set: { name: 'Mara Svensson', company: 'Svensson Parts AB', taxId: 'SE112233445501' } },
    );
    const fourth = Buffer.from(await (await getInvoice(buyer, id)).arrayBuffer());
    expect(fourth.equals(first)).toBe(true);
    expect(await pdfs.countDocuments({ _id: number })).toBe(1);
  });

  it('stores one copy when first downloads race, and every one of them answers it', async () => {
    const id = await orderFor(a);
    const { delivery } = await payAtStripe(a, id);
    await deliver(delivery);
    const number = (await orderDoc(id))!.invoiceNumber!;
    const downloads = await Promise.all(
      Array.from({ length: 5 }, async () =>
        Buffer.from(await (await getInvoice(a, id)).arrayBuffer()),
      ),
    );
    const stored = await (await storedPdfs()).findOne({ _id: number });
    for (const bytes of downloads) expect(bytes.equals(Buffer.from(stored!.pdf.buffer))).toBe(true);
    expect(await (await storedPdfs()).countDocuments({ _id: number })).toBe(1);
  });
});
