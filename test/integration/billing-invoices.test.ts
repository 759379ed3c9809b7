import { ObjectId } from 'mongodb';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  payHostedInvoice,
  startAppWebhookServer,
  startStripeStandIn,
  stripeFaultSwitch,
  type StripeStandIn,
} from '../support/stripe';
import type { Actor } from '../support/users';

// Invoices on account through Stripe Invoicing, on the real engine and the Stripe stand-in with
// the real SDK: orders placed on account are invoiced by the invoice job (one invoice per order,
// every line an item, the store's gap-free number, finalised once even when Stripe is down for
// a while), paid by a verified `invoice.paid` (once, however often it is replayed) or by an
// admin's recorded payments, voided, put on hold and off, read by the members who handle the
// company's invoices only, and summed up in a statement (JSON and CSV). The stand-in is started
// first and the environment pointed at it before any app module is imported.

const DAY = 24 * 60 * 60 * 1000;

let standIn: StripeStandIn;
let stripe: Stripe;
let appServer: Awaited<ReturnType<typeof startAppWebhookServer>>;

let users: typeof import('../support/users');
let make: typeof import('../support/factories');
let json: typeof import('../support/orders').json;
let db: typeof import('../support/db');
let billing: typeof import('@/lib/billing');
let billingCollections: typeof import('@/lib/billing/collections').collections;
let companies: typeof import('@/lib/companies');
let terms: typeof import('@/lib/terms');
let termsSchemas: typeof import('@/lib/terms/schemas');
let orders: typeof import('@/lib/orders');
let background: typeof import('@/lib/core/background');
let routes: {
  webhook: typeof import('@/app/api/webhooks/stripe/route');
  list: typeof import('@/app/api/invoices/route');
  one: typeof import('@/app/api/invoices/[id]/route');
  statement: typeof import('@/app/api/account/statement/route');
  pay: typeof import('@/app/api/admin/invoices/[id]/payments/route');
  void: typeof import('@/app/api/admin/invoices/[id]/void/route');
};

interface Company {
  id: string;
  owner: Actor;
  buyer: Actor;
  accounts: Actor;
  approver: Actor;
}

let admin: Actor;
let outsider: Actor;
let x: Company;
let y: Company;

async function verifiedActor(name: string): Promise<Actor> {
  const actor = await users.createActor('user', name);
  await make.verifyEmail(actor.user);
  return { ...actor, user: { ...actor.user, emailVerified: true } };
}

/** A company on net terms with an owner, a buyer, an accounts member and an approver. */
async function companyOnTerms(
  name: string,
  taxId: string | null,
  netTerms: { invoiceOn?: 'order' | 'shipment'; holdAfterDaysOverdue?: number } = {},
): Promise<Company> {
  const [owner, buyer, accounts, approver] = await Promise.all([
    verifiedActor(`${name} Owner`),
    verifiedActor(`${name} Buyer`),
    verifiedActor(`${name} Accounts`),
    verifiedActor(`${name} Approver`),
  ]);
  const created = await companies.createCompanyFor(owner.user, {
    name,
    taxId,
    billingAddress: '12 Mill Road\nSheffield S1 2AB',
  });
  for (const [member, role] of [
    [buyer, 'buyer'],
    [accounts, 'accounts'],
    [approver, 'approver'],
  ] as const) {
    await companies.adminAddCompanyMember(created._id, {
      email: member.user.email,
      role,
      approvalLimitCents: null,
    });
  }
  await terms.setCompanyTerms(
    admin.user,
    created._id as never,
    termsSchemas.termsSchema.parse({
      mode: 'net',
      netDays: 30,
      creditLimitCents: 10_000_000_000,
      invoiceOn: netTerms.invoiceOn ?? 'order',
      holdAfterDaysOverdue: netTerms.holdAfterDaysOverdue ?? 15,
    }),
  );
  return { id: created._id, owner, buyer, accounts, approver };
}

beforeAll(async () => {
  // The app's webhook endpoint over real HTTP, so the stand-in delivers signed events to it.
  appServer = await startAppWebhookServer(async () => routes.webhook.POST);
  ({ standIn, stripe } = await startStripeStandIn({ appUrl: appServer.url }));
  users = await import('../support/users');
  make = await import('../support/factories');
  ({ json } = await import('../support/orders'));
  db = await import('../support/db');
  billing = await import('@/lib/billing');
  ({ collections: billingCollections } = await import('@/lib/billing/collections'));
  companies = await import('@/lib/companies');
  terms = await import('@/lib/terms');
  termsSchemas = await import('@/lib/terms/schemas');
  orders = await import('@/lib/orders');
  background = await import('@/lib/core/background');
  routes = {
    webhook: await import('@/app/api/webhooks/stripe/route'),
    list: await import('@/app/api/invoices/route'),
    one: await import('@/app/api/invoices/[id]/route'),
    statement: await import('@/app/api/account/statement/route'),
    pay: await import('@/app/api/admin/invoices/[id]/payments/route'),
    void: await import('@/app/api/admin/invoices/[id]/void/route'),
  };
  admin = await users.createActor('admin', 'Ada Admin');
  outsider = await verifiedActor('Nia None');
  [x, y] = await Promise.all([
    companyOnTerms('Whitfield Engineering Ltd', 'GB123456789'),
    companyOnTerms('Yardley Fabrication Ltd', null),
  ]);
});

afterAll(async () => {
  await background?.settleBackgroundWork();
  await standIn?.stop();
  await appServer?.close();
  await db?.closeConnection();
});

async function invoices() {
  return billingCollections(await db.getDb()).accountInvoices;
}

const invoiceOfOrder = async (orderId: string) =>
  (await invoices()).findOne({ orderId: new ObjectId(orderId) });

const orderDoc = async (orderId: string) =>
  db.collections(await db.getDb()).orders.findOne({ _id: new ObjectId(orderId) });

async function waitFor<T>(probe: () => Promise<T>, accept: (value: T) => boolean, ms = 8_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Products of their own, `count` of them, each with plenty of stock. */
async function products(count: number, price = 14.8) {
  return Promise.all(
    Array.from({ length: count }, () => make.makeProduct({ price, availableQuantity: 1_000_000 })),
  );
}

/**
 * An order on account placed by the company's buyer as checkout places one, with one line per
 * product; the invoice job it wakes (invoices at ordering) has finished when this resolves.
 */
async function orderOnAccount(
  company: Company,
  lines: Awaited<ReturnType<typeof products>>,
  poNumber = 'PO-4711',
): Promise<string> {
  const id = await orders.placeOrderOfLines(
    company.buyer.user,
    {
      address: '12 Foundry Lane, Sheffield',
      phone: '01142345678',
      poNumber,
      paymentMethod: 'account',
      lines: lines.map((product) => ({
        productId: product._id,
        quantity: product.minimumOrderQuantity,
      })),
    },
    users.STORE_ORIGIN,
  );
  await background.settleBackgroundWork();
  return id;
}

/** The order's invoice, issued by the job (run again here in case the woken run was busy). */
async function issuedInvoiceOf(orderId: string) {
  await billing.runInvoiceJob();
  const invoice = await invoiceOfOrder(orderId);
  expect(invoice?.status, JSON.stringify(invoice?.sync)).toBe('open');
  return invoice!;
}

type Handler = (
  request: Request,
  context: { params: Promise<Record<string, string | string[]>> },
) => Promise<Response>;

const get = (who: Actor, path: string, route: { GET: Handler }, params = {}) =>
  json(route.GET(users.request(path, { headers: who.session }), users.params(params)));

const post = (who: Actor, path: string, route: { POST: Handler }, params = {}, body?: unknown) =>
  json(
    route.POST(
      users.request(path, {
        method: 'POST',
        headers: who.session,
        ...(body !== undefined ? { json: body } : {}),
      }),
      users.params(params),
    ),
  );

const readInvoice = (who: Actor, id: string) => get(who, `/api/invoices/${id}`, routes.one, { id });
const recordPayment = (who: Actor, id: string, body: unknown) =>
  post(who, `/api/admin/invoices/${id}/payments`, routes.pay, { id }, body);
const voidIt = (who: Actor, id: string) =>
  post(who, `/api/admin/invoices/${id}/void`, routes.void, { id });

const sequence = (number: string) => Number(number.split('-')[2]);

describe('an order on account is invoiced through Stripe', () => {
  it('makes one invoice of a 20-line order, every line an item, with the store’s gap-free number', async () => {
    const lines = await products(20);
    const orderId = await orderOnAccount(x, lines, 'PO-20-LINES');
    const invoice = await issuedInvoiceOf(orderId);
    const order = await orderDoc(orderId);

    expect(invoice.lines).toHaveLength(20);
    expect(invoice.totalCents).toBe(order!.totalCents);
    expect(invoice.number).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(order!.invoiceNumber).toBe(invoice.number);
    expect(order!.account?.invoiceId?.equals(invoice._id)).toBe(true);
    expect(order!.paid).toBe(false);
    expect(invoice.dueAt.getTime() - invoice.issuedAt.getTime()).toBeGreaterThanOrEqual(
      30 * DAY - 1_000,
    );

    const atStripe = await stripe.invoices.retrieve(invoice.stripe!.invoiceId);
    expect(atStripe).toMatchObject({
      status: 'open',
      number: invoice.number,
      collection_method: 'send_invoice',
      currency: 'usd',
      total: invoice.totalCents,
      amount_due: invoice.totalCents,
      metadata: { orderId, invoiceId: invoice._id.toHexString() },
      custom_fields: [{ name: 'PO number', value: 'PO-20-LINES' }],
      hosted_invoice_url: invoice.stripe!.hostedInvoiceUrl,
      invoice_pdf: invoice.stripe!.invoicePdf,
    });
    expect(atStripe.payment_settings.payment_method_types).toEqual(
      expect.arrayContaining(['us_bank_account', 'customer_balance']),
    );
    const items = await stripe.invoices.listLineItems(atStripe.id, { limit: 100 });
    expect(items.data).toHaveLength(20);
    expect(items.data.map((item) => item.amount)).toEqual(invoice.lines.map((l) => l.totalCents));
    expect(invoice.dueAt.getTime()).toBe(atStripe.due_date! * 1000);

    // The company's one customer, with its tax id.
    const customer = await stripe.customers.retrieve(atStripe.customer as string, {
      expand: ['tax_ids'],
    });
    expect(customer).toMatchObject({ name: 'Whitfield Engineering Ltd' });
    const taxIds = await stripe.customers.listTaxIds(customer.id);
    expect(taxIds.data.map((taxId) => [taxId.type, taxId.value])).toEqual([
      ['gb_vat', 'GB123456789'],
    ]);

    // The next orders take the next numbers, none skipped; the same customer.
    const [first, second] = [
      await orderOnAccount(x, lines.slice(0, 2)),
      await orderOnAccount(x, lines.slice(2, 3)),
    ];
    const [a, b] = [await issuedInvoiceOf(first), await issuedInvoiceOf(second)];
    expect([sequence(a.number!), sequence(b.number!)]).toEqual([
      sequence(invoice.number!) + 1,
      sequence(invoice.number!) + 2,
    ]);
    expect(a.stripe!.customerId).toBe(customer.id);
  });

  it('draws one invoice per order however many jobs run at once', async () => {
    const lines = await products(3);
    standIn.pauseWebhooks();
    const orderId = await orderOnAccount(x, lines);
    standIn.resumeWebhooks();
    await Promise.all([billing.runInvoiceJob(), billing.runInvoiceJob(), billing.runInvoiceJob()]);
    expect(await (await invoices()).countDocuments({ orderId: new ObjectId(orderId) })).toBe(1);
    const invoice = await invoiceOfOrder(orderId);
    const atStripe = await stripe.invoices.list({
      customer: invoice!.stripe!.customerId,
      limit: 100,
    });
    expect(atStripe.data.filter((one) => one.metadata?.orderId === orderId)).toHaveLength(1);
  });

  it('keeps a local draft while Stripe is down, retries with backoff, and finalises it once', async () => {
    // A company of its own (so faults about it disturb no other test), with its Stripe customer.
    const company = await companyOnTerms('Downtime Ltd', null);
    const lines = await products(4);
    await issuedInvoiceOf(await orderOnAccount(company, lines.slice(0, 1)));
    // Stripe now fails every request about the company, until cleared.
    standIn.failRequests({ mode: 'error', companyId: company.id });
    const failing = await orderOnAccount(company, lines);
    const now = new Date();
    await billing.runInvoiceJob(now);
    const draft = await invoiceOfOrder(failing);
    expect(draft).toMatchObject({ status: 'draft', stripe: null });
    expect(draft!.number).toMatch(/^INV-/);
    expect(draft!.sync.attempts).toBeGreaterThanOrEqual(1);
    expect(draft!.sync.lastError).toMatch(/invoices\.create/);
    expect(draft!.sync.nextAttemptAt!.getTime()).toBeGreaterThan(now.getTime());

    // Not tried again before its time.
    const attempts = draft!.sync.attempts;
    await billing.runInvoiceJob(now);
    expect((await invoiceOfOrder(failing))!.sync.attempts).toBe(attempts);

    // Its reader sees it being issued.
    const asAccounts = await readInvoice(company.accounts, draft!._id.toHexString());
    expect(asAccounts.body).toMatchObject({
      status: 'draft',
      hostedInvoiceUrl: null,
      issuing: null,
    });
    const asAdmin = await readInvoice(admin, draft!._id.toHexString());
    expect(asAdmin.body.issuing).toMatchObject({ attempts });

    // Stripe is back: the next attempt, after the backoff, issues it once.
    standIn.clearFaults();
    await billing.runInvoiceJob(new Date(draft!.sync.nextAttemptAt!.getTime() + 1));
    const issued = await invoiceOfOrder(failing);
    expect(issued).toMatchObject({
      status: 'open',
      sync: { lastError: null, nextAttemptAt: null },
    });
    await billing.runInvoiceJob(new Date(Date.now() + 7 * DAY));
    expect((await invoiceOfOrder(failing))!.status).toBe('open');
    const atStripe = await stripe.invoices.list({
      customer: issued!.stripe!.customerId,
      limit: 100,
    });
    const forOrder = atStripe.data.filter((one) => one.metadata?.orderId === failing);
    expect(forOrder.map((one) => one.status)).toEqual(['open']);
    expect(forOrder[0]!.id).toBe(issued!.stripe!.invoiceId);
    const finalized = standIn.state.events.filter(
      (event: { type: string; data: { object: { id: string } } }) =>
        event.type === 'invoice.finalized' && event.data.object.id === issued!.stripe!.invoiceId,
    );
    expect(finalized).toHaveLength(1);
    const items = await stripe.invoices.listLineItems(forOrder[0]!.id, { limit: 100 });
    expect(items.data).toHaveLength(4);
  });

  it('is issued when the order ships, for companies invoiced on shipment', async () => {
    const company = await companyOnTerms('Shipwright Ltd', 'DE123456789', {
      invoiceOn: 'shipment',
    });
    const lines = await products(2);
    const orderId = await orderOnAccount(company, lines);
    await billing.runInvoiceJob();
    expect(await invoiceOfOrder(orderId)).toBeNull();
    await orders.changeOrderStatus(
      admin.user,
      orderId,
      orders.orderStatusChangeSchema.parse({ status: 'processing' }),
      users.STORE_ORIGIN,
    );
    await orders.changeOrderStatus(
      admin.user,
      orderId,
      orders.orderStatusChangeSchema.parse({
        status: 'shipped',
        carrier: 'DHL Freight',
        trackingNumber: 'JD0146',
      }),
      users.STORE_ORIGIN,
    );
    await background.settleBackgroundWork();
    const invoice = await issuedInvoiceOf(orderId);
    expect(invoice.lines).toHaveLength(2);
  });
});

describe('the bank details of an invoice’s page', () => {
  it('are the company’s own account from Stripe’s funding instructions, read once and kept', async () => {
    const lines = await products(1);
    const orderId = await orderOnAccount(y, lines, 'PO-BANK');
    await issuedInvoiceOf(orderId);
    const details = await billing.companyBankDetails(y.id);
    expect(details).toEqual([
      expect.objectContaining({
        type: 'aba',
        routingNumber: '110000000',
        accountNumber: expect.stringMatching(/^\d+$/),
        networks: ['ach', 'domestic_wire_us'],
      }),
    ]);
    // Kept: no second call to Stripe gives another answer, even with Stripe down.
    const faults = stripeFaultSwitch(standIn.url);
    await faults.fail({ mode: 'error' });
    try {
      expect(await billing.companyBankDetails(y.id)).toEqual(details);
    } finally {
      await faults.clear();
    }
    // A company with no invoice at Stripe yet has none.
    const unbilled = await companyOnTerms('Nobody Billed Ltd', null);
    expect(await billing.companyBankDetails(unbilled.id)).toBeNull();
  });
});

describe('Stripe’s invoice events', () => {
  it('pay the invoice and its order once, however often invoice.paid is replayed', async () => {
    const lines = await products(2);
    const orderId = await orderOnAccount(x, lines);
    const invoice = await issuedInvoiceOf(orderId);
    const before = await terms.termsOfCompany(x.id);

    await payHostedInvoice(standIn.url, invoice.stripe!.invoiceId);
    const paid = await waitFor(
      () => orderDoc(orderId),
      (doc) => Boolean(doc?.paid),
    );
    expect(paid).toMatchObject({ paid: true, transactionId: invoice.stripe!.invoiceId });
    expect(paid!.account?.paidBy).toBe('stripe');
    const after = await waitFor(
      () => invoiceOfOrder(orderId),
      (doc) => Boolean(doc?.settledAt),
    );
    expect(after).toMatchObject({ status: 'paid', paidCents: invoice.totalCents });
    expect(after!.payments).toHaveLength(1);
    expect((await terms.termsOfCompany(x.id)).exposureCents).toBe(
      before.exposureCents - invoice.totalCents,
    );

    // Replayed (Stripe retries, an attacker replays a captured delivery): nothing more.
    const delivery = standIn.deliveries.find(
      (one: { event: { type: string; data: { object: { id: string } } } }) =>
        one.event.type === 'invoice.paid' && one.event.data.object.id === invoice.stripe!.invoiceId,
    )!;
    for (let replay = 0; replay < 3; replay += 1) {
      const answer = await json(
        routes.webhook.POST(
          new Request('http://127.0.0.1/api/webhooks/stripe', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': delivery.header },
            body: delivery.payload,
          }),
          { params: Promise.resolve({}) },
        ),
      );
      expect(answer).toEqual({ status: 200, body: { received: true, outcome: 'already_paid' } });
    }
    const replayed = await invoiceOfOrder(orderId);
    expect(replayed!.payments).toHaveLength(1);
    expect(replayed!.paidCents).toBe(invoice.totalCents);
    expect((await terms.termsOfCompany(x.id)).exposureCents).toBe(
      before.exposureCents - invoice.totalCents,
    );
    const history = (await orderDoc(orderId))!.history;
    expect(history.filter((step) => step.status === 'paid')).toHaveLength(0);
  });

  it('ignore invoices that are not the store’s, and amounts that do not match', async () => {
    const lines = await products(1);
    const orderId = await orderOnAccount(x, lines);
    const invoice = await issuedInvoiceOf(orderId);
    const atStripe = await stripe.invoices.retrieve(invoice.stripe!.invoiceId);
    const signed = (object: unknown, type = 'invoice.paid') => {
      const payload = JSON.stringify({
        id: `evt_test${Math.random().toString(16).slice(2)}`,
        object: 'event',
        type,
        created: Math.floor(Date.now() / 1000),
        data: { object },
      });
      const header = stripe.webhooks.generateTestHeaderString({
        payload,
        secret: process.env.STRIPE_WEBHOOK_SECRET!,
      });
      return json(
        routes.webhook.POST(
          new Request('http://127.0.0.1/api/webhooks/stripe', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': header },
            body: payload,
          }),
          { params: Promise.resolve({}) },
        ),
      );
    };
    const paidAll = {
      ...atStripe,
      status: 'paid',
      amount_paid: atStripe.total,
      amount_remaining: 0,
    };
    for (const object of [
      { ...paidAll, amount_paid: atStripe.total - 1 },
      { ...paidAll, currency: 'eur' },
      { ...paidAll, id: 'in_not_ours', metadata: {} },
      { ...paidAll, metadata: { invoiceId: new ObjectId().toHexString() } },
    ]) {
      expect((await signed(object)).body).toEqual({ received: true, outcome: 'ignored' });
    }
    expect(await invoiceOfOrder(orderId)).toMatchObject({ status: 'open', paidCents: 0 });
    expect((await orderDoc(orderId))!.paid).toBe(false);

    // A failed payment is recorded, once.
    const failed = await signed({ ...atStripe }, 'invoice.payment_failed');
    expect(failed.body).toEqual({ received: true, outcome: 'recorded' });
    expect((await invoiceOfOrder(orderId))!.paymentFailures).toHaveLength(1);
    // Without a valid signature nothing is read.
    const forged = await json(
      routes.webhook.POST(
        new Request('http://127.0.0.1/api/webhooks/stripe', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
          body: JSON.stringify({ id: 'evt_x', type: 'invoice.paid', data: { object: paidAll } }),
        }),
        { params: Promise.resolve({}) },
      ),
    );
    expect(forged.status).toBe(400);
  });

  it('void the store’s invoice and give the order’s credit back when Stripe voids it', async () => {
    const lines = await products(1);
    const orderId = await orderOnAccount(y, lines);
    const invoice = await issuedInvoiceOf(orderId);
    const before = await terms.termsOfCompany(y.id);
    await stripe.invoices.voidInvoice(invoice.stripe!.invoiceId);
    const voided = await waitFor(
      () => invoiceOfOrder(orderId),
      (doc) => Boolean(doc?.settledAt),
    );
    expect(voided).toMatchObject({ status: 'void', voidedBy: 'stripe' });
    expect((await terms.termsOfCompany(y.id)).exposureCents).toBe(
      before.exposureCents - invoice.totalCents,
    );
  });
});

describe('a store admin', () => {
  it('records payments received outside Stripe, never more than is owed, and the last one pays the invoice', async () => {
    const lines = await products(2);
    const orderId = await orderOnAccount(y, lines);
    const invoice = await issuedInvoiceOf(orderId);
    const id = invoice._id.toHexString();
    const total = invoice.totalCents;

    const part = await recordPayment(admin, id, { amountCents: 1_000, reference: 'Cheque 000123' });
    expect(part.status).toBe(200);
    expect(part.body).toMatchObject({ status: 'open', paidCents: 1_000, openCents: total - 1_000 });

    const twice = await recordPayment(admin, id, {
      amountCents: 1_000,
      reference: 'Cheque 000123',
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('conflict');

    const tooMuch = await recordPayment(admin, id, { amountCents: total, reference: 'Wire 1' });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error.details).toEqual({ openCents: total - 1_000 });

    for (const body of [
      { amountCents: 12.5, reference: 'Wire 2' },
      { amountCents: Number.MAX_SAFE_INTEGER + 1, reference: 'Wire 2' },
      { amountCents: 0, reference: 'Wire 2' },
      { amountCents: '100', reference: 'Wire 2' },
      { amountCents: 100 },
      { amountCents: 100, reference: 'Wire 2', paid: true },
    ]) {
      const refused = await recordPayment(admin, id, body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.body.error.code).toBe('validation_failed');
    }
    expect((await recordPayment(x.accounts, id, { amountCents: 1, reference: 'x' })).status).toBe(
      403,
    );
    expect((await recordPayment(x.owner, id, { amountCents: 1, reference: 'x' })).status).toBe(403);

    const rest = await recordPayment(admin, id, {
      amountCents: total - 1_000,
      reference: 'Wire 2026-11-28',
    });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ status: 'paid', paidCents: total, openCents: 0 });
    expect(rest.body.payments.map((p: { reference: string }) => p.reference)).toEqual([
      'Cheque 000123',
      'Wire 2026-11-28',
    ]);
    const order = await orderDoc(orderId);
    expect(order).toMatchObject({ paid: true });
    expect(order!.account?.paidBy).toBe('admin');
    const atStripe = await stripe.invoices.retrieve(invoice.stripe!.invoiceId);
    expect(atStripe.status).toBe('paid');
    expect((await invoiceOfOrder(orderId))!.sync.pending).toBeUndefined();

    const after = await recordPayment(admin, id, { amountCents: 1, reference: 'Wire 3' });
    expect(after.status).toBe(409);
  });

  it('voids an open invoice, at Stripe too, and gives the credit back; never a paid or void one', async () => {
    const lines = await products(1);
    const orderId = await orderOnAccount(y, lines);
    const invoice = await issuedInvoiceOf(orderId);
    const id = invoice._id.toHexString();
    const before = await terms.termsOfCompany(y.id);
    expect((await voidIt(y.accounts, id)).status).toBe(403);

    const voided = await voidIt(admin, id);
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({ status: 'void', openCents: 0, hostedInvoiceUrl: null });
    expect((await stripe.invoices.retrieve(invoice.stripe!.invoiceId)).status).toBe('void');
    expect((await terms.termsOfCompany(y.id)).exposureCents).toBe(
      before.exposureCents - invoice.totalCents,
    );
    expect((await orderDoc(orderId))!.paid).toBe(false);
    const again = await voidIt(admin, id);
    expect(again.status).toBe(409);
    expect((await voidIt(admin, new ObjectId().toHexString())).status).toBe(404);
    expect((await voidIt(admin, 'not-an-id')).status).toBe(400);

    const paidOrder = await orderOnAccount(y, lines);
    const paid = await issuedInvoiceOf(paidOrder);
    await recordPayment(admin, paid._id.toHexString(), {
      amountCents: paid.totalCents,
      reference: 'Wire 9',
    });
    expect((await voidIt(admin, paid._id.toHexString())).status).toBe(409);
  });
});

describe('overdue invoices', () => {
  it('put the company on hold past its threshold and lift it once paid; remind the invoice handlers once each', async () => {
    const company = await companyOnTerms('Holdfast Ltd', null, { holdAfterDaysOverdue: 15 });
    const lines = await products(1);
    const orderId = await orderOnAccount(company, lines);
    const invoice = await issuedInvoiceOf(orderId);
    const due = invoice.dueAt.getTime();

    // Reminders: 3 days before, on the due date, 7 days after; each once.
    await billing.runOverdueJob(new Date(due - 3 * DAY + 1_000));
    await billing.runOverdueJob(new Date(due - 3 * DAY + 2_000));
    let doc = await invoiceOfOrder(orderId);
    expect(doc!.remindersSent.map((reminder) => reminder.kind)).toEqual(['before_due']);
    const reminders = (doc!.outbox ?? []).filter(
      (entry) => entry.kind === 'billing.reminder_before_due',
    );
    expect(reminders.map((entry) => entry.to).sort()).toEqual(
      [company.owner.user.email, company.accounts.user.email].sort(),
    );

    // Each mail renders from the invoice as it is when it goes out, to its recipient.
    const kinds = await billing.loadBillingMailKinds();
    const mail = await kinds['billing.reminder_before_due']!(doc!, reminders[0]!);
    expect(mail).toMatchObject({
      to: reminders[0]!.to,
      subject: expect.stringContaining(`invoice ${invoice.number} is due`),
    });
    expect(mail!.text).toContain('Holdfast Ltd');

    // 15 whole days overdue: not yet on hold; 16: on hold, and orders on account refused.
    await billing.runOverdueJob(new Date(due + 15 * DAY + 1_000));
    expect((await terms.termsOfCompany(company.id)).onHold).toBe(false);
    doc = await invoiceOfOrder(orderId);
    expect(doc!.remindersSent.map((reminder) => reminder.kind)).toEqual([
      'before_due',
      'due',
      'overdue',
    ]);
    await billing.runOverdueJob(new Date(due + 16 * DAY + 1_000));
    expect((await terms.termsOfCompany(company.id)).onHold).toBe(true);
    await expect(orderOnAccount(company, lines)).rejects.toMatchObject({
      refusal: { key: 'terms.on_hold' },
    });

    // Paid: the hold is lifted by the next run.
    await recordPayment(admin, invoice._id.toHexString(), {
      amountCents: invoice.totalCents,
      reference: 'Wire late',
    });
    await billing.runOverdueJob(new Date(due + 17 * DAY));
    expect((await terms.termsOfCompany(company.id)).onHold).toBe(false);
    await orderOnAccount(company, lines);
  });
});

describe('who reads invoices', () => {
  it('is the members who handle the company’s invoices, and store admins; another company’s invoice is unknown', async () => {
    const lines = await products(1);
    const invoice = await issuedInvoiceOf(await orderOnAccount(x, lines, 'PO-READ'));
    const id = invoice._id.toHexString();

    for (const who of [x.accounts, x.owner, admin]) {
      const read = await readInvoice(who, id);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({
        _id: id,
        companyName: 'Whitfield Engineering Ltd',
        poNumber: 'PO-READ',
        status: 'open',
        lines: [{ quantity: 500 }],
        hostedInvoiceUrl: invoice.stripe!.hostedInvoiceUrl,
      });
    }
    for (const who of [x.buyer, x.approver]) {
      const refused = await readInvoice(who, id);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('forbidden');
    }
    for (const who of [y.accounts, y.owner, outsider]) {
      expect((await readInvoice(who, id)).status).toBe(404);
    }
    expect((await readInvoice(x.accounts, new ObjectId().toHexString())).status).toBe(404);

    const mine = await get(x.accounts, '/api/invoices', routes.list);
    expect(mine.status).toBe(200);
    expect(mine.body.items.length).toBeGreaterThan(0);
    expect(new Set(mine.body.items.map((item: { companyId: string }) => item.companyId))).toEqual(
      new Set([x.id]),
    );
    // A store admin reads every company's, each with its company's name.
    const all = await get(admin, '/api/invoices', routes.list);
    const names = new Set(all.body.items.map((item: { companyName: string }) => item.companyName));
    expect(names.size).toBeGreaterThan(1);
    expect(all.body.total).toBeGreaterThan(mine.body.total);
    expect((await get(x.buyer, '/api/invoices', routes.list)).status).toBe(403);
    expect((await get(outsider, '/api/invoices', routes.list)).status).toBe(404);
    expect((await get(x.accounts, '/api/invoices?status=late', routes.list)).status).toBe(400);

    const paidOnly = await get(x.accounts, '/api/invoices?status=paid', routes.list);
    expect(paidOnly.body.items.every((item: { status: string }) => item.status === 'paid')).toBe(
      true,
    );
    const open = await get(x.owner, '/api/invoices?status=open', routes.list);
    expect(open.body.items.map((item: { _id: string }) => item._id)).toContain(id);
    expect(open.body.totals.openCents).toBeGreaterThanOrEqual(invoice.totalCents);
    expect(open.body.aging.current).toBeGreaterThanOrEqual(invoice.totalCents);
  });
});

describe('the statement', () => {
  it('lists the range’s invoices and payments with totals and aging, as JSON and CSV', async () => {
    const company = await companyOnTerms('Statement Works Ltd', null);
    const lines = await products(1, 2.5);
    const first = await issuedInvoiceOf(await orderOnAccount(company, lines, '=HYPERLINK("x")'));
    const second = await issuedInvoiceOf(await orderOnAccount(company, lines, 'PO-2'));
    await recordPayment(admin, first._id.toHexString(), {
      amountCents: first.totalCents,
      reference: 'Wire A',
    });
    const today = new Date().toISOString().slice(0, 10);

    const statement = await get(
      company.accounts,
      `/api/account/statement?from=${today}&to=${today}`,
      routes.statement,
    );
    expect(statement.status).toBe(200);
    expect(statement.body).toMatchObject({
      companyName: 'Statement Works Ltd',
      from: today,
      to: today,
      totals: {
        invoicedCents: first.totalCents + second.totalCents,
        paidCents: first.totalCents,
        openCents: second.totalCents,
        overdueCents: 0,
      },
      aging: { current: second.totalCents, '1-30': 0, '31-60': 0, '61-90': 0, '90+': 0 },
    });
    expect(statement.body.invoices).toHaveLength(2);
    expect(statement.body.payments).toHaveLength(1);

    const response = await routes.statement.GET(
      users.request(`/api/account/statement?format=csv`, { headers: company.owner.session }),
      users.params({}),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="statement.csv"',
    );
    const text = await response.text();
    const rows = text.split('\r\n').filter(Boolean);
    expect(rows[0]).toBe(
      'Date,Type,Invoice number,PO number,Reference,Due date,Charge,Payment,Status',
    );
    expect(rows).toHaveLength(4);
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    expect(text).toContain(
      `,Payment,${first.number},,Wire A,,,${(first.totalCents / 100).toFixed(2)},`,
    );

    const lastYear = await get(
      company.accounts,
      '/api/account/statement?from=2020-01-01&to=2020-12-31',
      routes.statement,
    );
    expect(lastYear.body).toMatchObject({
      invoices: [],
      payments: [],
      totals: { invoicedCents: 0 },
    });
    expect((await get(company.buyer, '/api/account/statement', routes.statement)).status).toBe(403);
    expect((await get(admin, '/api/account/statement', routes.statement)).status).toBe(404);
    for (const query of ['from=2026-02-30', 'from=2026-12-01&to=2026-11-01', 'format=pdf']) {
      const refused = await get(
        company.accounts,
        `/api/account/statement?${query}`,
        routes.statement,
      );
      expect(refused.status, query).toBe(400);
    }
  });
});
