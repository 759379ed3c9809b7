import { ObjectId } from 'mongodb';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  payHostedInvoice,
  startAppWebhookServer,
  startStripeStandIn,
  type StripeStandIn,
} from '../support/stripe';
import { parseId } from '@/lib/core/ids';
import type { Actor } from '../support/users';

// Invoices on account follow their orders and their company (issue 36, items 3 and 4), on the
// real engine and the Stripe stand-in with the real SDK, its signed webhooks delivered to the
// store's route over HTTP:
// - cancelling a confirmed order on account voids its invoice here and at Stripe, and gives the
//   company's credit back once; money that arrives for a voided invoice or a cancelled order is
//   recorded and listed to store admins as money to return, never applied nor lost;
// - the company's Stripe customer is the company's (its name, billing address, tax id, its
//   accounts members' emails, else its owners'), never the member who first asked for bank
//   details, and follows the company when its profile or its members change.

let standIn: StripeStandIn;
let stripe: Stripe;
let appServer: Awaited<ReturnType<typeof startAppWebhookServer>>;

let users: typeof import('../support/users');
let make: typeof import('../support/factories');
let fixtures: typeof import('../support/companies');
let json: typeof import('../support/orders').json;
let api: typeof import('../support/orders');
let db: typeof import('../support/db');
let billing: typeof import('@/lib/billing');
let billingCollections: typeof import('@/lib/billing/collections').collections;
let companies: typeof import('@/lib/companies');
let terms: typeof import('@/lib/terms');
let background: typeof import('@/lib/core/background');
let routes: {
  webhook: typeof import('@/app/api/webhooks/stripe/route');
  list: typeof import('@/app/api/invoices/route');
  order: typeof import('@/app/api/order/[emailOrId]/route');
  bankTransfer: typeof import('@/app/api/orders/[id]/bank-transfer/route');
};

let admin: Actor;

/** A company of its own (tax id GB123456789) with its owner, a buyer and an accounts member. */
interface Company {
  id: string;
  owner: Actor;
  buyer: Actor;
  accounts: Actor;
}

async function company(name: string): Promise<Company> {
  const made = await fixtures.makeCompany(
    [
      { role: 'buyer', name: 'Bobby Buyer' },
      { role: 'accounts', name: 'Alma Accounts' },
    ],
    name,
  );
  const [buyer, accounts] = made.members as [Actor, Actor];
  return { id: made.companyId.toHexString(), owner: made.owner, buyer, accounts };
}

beforeAll(async () => {
  appServer = await startAppWebhookServer(async () => routes.webhook.POST);
  ({ standIn, stripe } = await startStripeStandIn({ appUrl: appServer.url }));
  users = await import('../support/users');
  make = await import('../support/factories');
  fixtures = await import('../support/companies');
  api = await import('../support/orders');
  ({ json } = api);
  db = await import('../support/db');
  billing = await import('@/lib/billing');
  ({ collections: billingCollections } = await import('@/lib/billing/collections'));
  companies = await import('@/lib/companies');
  terms = await import('@/lib/terms');
  background = await import('@/lib/core/background');
  routes = {
    webhook: await import('@/app/api/webhooks/stripe/route'),
    list: await import('@/app/api/invoices/route'),
    order: await import('@/app/api/order/[emailOrId]/route'),
    bankTransfer: await import('@/app/api/orders/[id]/bank-transfer/route'),
  };
  admin = await users.createActor('admin', 'Ada Admin');
});

afterAll(async () => {
  await background?.settleBackgroundWork();
  await standIn?.stop();
  await appServer?.close();
  await db?.closeConnection();
});

async function invoiceOfOrder(orderId: string) {
  return billingCollections(await db.getDb()).accountInvoices.findOne({
    orderId: new ObjectId(orderId),
  });
}

async function waitFor<T>(probe: () => Promise<T>, accept: (value: T) => boolean, ms = 8_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const newProduct = () => make.makeProduct({ price: 14.8, availableQuantity: 1_000_000 });

/** An order on account (net 30, invoiced at ordering) placed by the buyer, its invoice open. */
async function invoicedOrder(of: Company) {
  const invoiceId = await fixtures.openInvoiceOf(
    admin.user,
    of.id,
    of.buyer.user,
    await newProduct(),
  );
  const invoice = await billingCollections(await db.getDb()).accountInvoices.findOne({
    _id: new ObjectId(invoiceId),
  });
  return { orderId: invoice!.orderId.toHexString(), invoice: invoice! };
}

const exposure = async (of: Company) => (await terms.termsOfCompany(of.id)).exposureCents;

/** DELETE /api/order/{id} as `who`, then the work it leaves after its answer. */
async function cancel(who: Actor, orderId: string) {
  const answer = await json(
    routes.order.DELETE(
      users.request(`/api/order/${orderId}`, { method: 'DELETE', headers: who.session }),
      users.params({ emailOrId: orderId }),
    ),
  );
  await background.settleBackgroundWork();
  return answer;
}

const adminList = () =>
  json(
    routes.list.GET(users.request('/api/invoices', { headers: admin.session }), users.params({})),
  );

describe('cancelling a confirmed order on account', () => {
  it('voids its invoice here and at Stripe, gives the credit back once, and the invoice can no longer be paid', async () => {
    const works = await company('Cancel Works Ltd');
    const { orderId, invoice } = await invoicedOrder(works);
    const held = await exposure(works);
    expect(held).toBe(invoice.totalCents);

    const answer = await cancel(works.buyer, orderId);
    expect(answer.status).toBe(200);

    const after = await waitFor(
      () => invoiceOfOrder(orderId),
      (doc) => doc?.status === 'void' && !doc.sync.pending,
    );
    expect(after).toMatchObject({ status: 'void', voidedBy: 'order_cancelled' });
    expect(after!.settledAt).toBeInstanceOf(Date);
    const atStripe = await stripe.invoices.retrieve(invoice.stripe!.invoiceId);
    expect(atStripe.status).toBe('void');
    // The credit came back once: the cancel and the void do not give it back twice.
    expect(await exposure(works)).toBe(0);
    await billing.runInvoiceJob();
    expect(await exposure(works)).toBe(0);
    // Its buyer can no longer pay it at Stripe, and the job does not issue it again.
    await expect(payHostedInvoice(standIn.url, invoice.stripe!.invoiceId)).rejects.toThrow();
    expect((await invoiceOfOrder(orderId))!.status).toBe('void');
    const order = await db.collections(await db.getDb()).orders.findOne({
      _id: new ObjectId(orderId),
    });
    expect(order).toMatchObject({ status: 'cancelled', paid: false });
    expect(order!.account?.invoiceVoidPending).toBeUndefined();
  });

  it('records a payment that reaches the voided invoice at Stripe as money to return, shown to store admins', async () => {
    const late = await company('Late Payer Ltd');
    const { orderId, invoice } = await invoicedOrder(late);
    // Stripe does not answer about this company: the invoice is voided here, not yet there.
    standIn.failRequests({ mode: 'error', companyId: late.id });
    expect((await cancel(late.buyer, orderId)).status).toBe(200);
    const voided = await invoiceOfOrder(orderId);
    expect(voided).toMatchObject({ status: 'void', sync: { pending: 'void_at_stripe' } });

    // Meanwhile its accounts department pays it on Stripe's page: Stripe tells the store.
    await payHostedInvoice(standIn.url, invoice.stripe!.invoiceId);
    const returns = billingCollections(await db.getDb()).moneyToReturn;
    const recorded = await waitFor(
      () => returns.findOne({ invoiceId: invoice._id }),
      (doc) => doc !== null,
    );
    expect(recorded).toMatchObject({
      kind: 'invoice_paid_after_void',
      amountCents: invoice.totalCents,
      reference: invoice.stripe!.invoiceId,
      status: 'to_return',
    });
    // The invoice stays void and the order cancelled, unpaid; the credit is not taken again.
    expect((await invoiceOfOrder(orderId))!.status).toBe('void');
    const order = await db.collections(await db.getDb()).orders.findOne({
      _id: new ObjectId(orderId),
    });
    expect(order).toMatchObject({ status: 'cancelled', paid: false });
    expect(await exposure(late)).toBe(0);

    // Stripe answers again: the job finds the invoice paid there, and records it once only.
    standIn.clearFaults();
    await billing.runInvoiceJob(new Date(Date.now() + 10 * 60_000));
    expect((await invoiceOfOrder(orderId))!.sync.pending).toBeUndefined();
    expect(await returns.countDocuments({ invoiceId: invoice._id })).toBe(1);

    const list = await adminList();
    expect(list.status).toBe(200);
    expect(list.body.moneyToReturn.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'invoice_paid_after_void',
          invoiceId: invoice._id.toHexString(),
          orderId,
          companyName: 'Late Payer Ltd',
          amountCents: invoice.totalCents,
        }),
      ]),
    );
    expect(list.body.moneyToReturn.totalCents).toBeGreaterThanOrEqual(invoice.totalCents);
    // A company's own members never see it.
    const own = await json(
      routes.list.GET(
        users.request('/api/invoices', { headers: late.accounts.session }),
        users.params({}),
      ),
    );
    expect(own.status).toBe(200);
    expect(own.body.moneyToReturn).toBeNull();
  });
});

describe('the company’s Stripe customer', () => {
  const customerOf = async (of: Company) =>
    (await stripe.customers.retrieve(await customerIdOf(of))) as Stripe.Customer;

  async function customerIdOf(of: Company): Promise<string> {
    const { stripeCustomers } = (await import('@/lib/core/collections')).collections(
      await db.getDb(),
    );
    return (await stripeCustomers.findOne({ _id: `company:${of.id}` }))!.customerId;
  }

  const taxIdsOf = async (of: Company) =>
    (await stripe.customers.listTaxIds(await customerIdOf(of))).data.map((taxId) => [
      taxId.type,
      taxId.value,
    ]);

  /** What the company's change leaves for after the answer, and the invoice job's run. */
  async function afterChange() {
    await background.settleBackgroundWork();
    await billing.runInvoiceJob();
  }

  it('is made from the company, not from the member who first asks for bank details, and follows the company and its members', async () => {
    const acme = await company('Acme Castings Ltd');
    // Bobby Buyer places a prepaid order and asks how to pay it by bank transfer.
    const product = await newProduct();
    const placed = await api.placeOrder(acme.buyer, {
      productId: product._id,
      quantity: product.minimumOrderQuantity,
      address: '1 Wire Lane, Leeds',
      phone: '01132345678',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = placed.body.insertedId as string;
    const details = await json(
      routes.bankTransfer.POST(
        users.request(`/api/orders/${orderId}/bank-transfer`, {
          method: 'POST',
          headers: acme.buyer.headers,
        }),
        users.params({ id: orderId }),
      ),
    );
    expect(details.status, JSON.stringify(details.body)).toBe(200);

    const accountsEmail = acme.accounts.user.email;
    let customer = await customerOf(acme);
    expect(customer).toMatchObject({
      name: 'Acme Castings Ltd',
      email: accountsEmail,
      address: { line1: '12 Mill Road', line2: 'Sheffield S1 2AB' },
      metadata: { companyId: acme.id, invoiceRecipients: accountsEmail },
    });
    expect(JSON.stringify(customer)).not.toContain(acme.buyer.user.email);
    expect(JSON.stringify(customer)).not.toContain('Bobby');
    expect(await taxIdsOf(acme)).toEqual([['gb_vat', 'GB123456789']]);

    // The accounts member is removed: the owners receive the invoices from then on.
    await companies.removeMember(acme.owner.user, parseId(acme.accounts.user.id)!);
    await afterChange();
    customer = await customerOf(acme);
    expect(customer.email).toBe(acme.owner.user.email);
    expect(customer.metadata.invoiceRecipients).toBe(acme.owner.user.email);

    // The company's name, billing address and tax id change.
    await companies.updateMyCompany(acme.owner.user, {
      name: 'Acme Foundry Group Ltd',
      billingAddress: '3 Dock Street\nHull HU1 1AA',
      taxId: 'DE123456789',
    });
    await afterChange();
    customer = await customerOf(acme);
    expect(customer).toMatchObject({
      name: 'Acme Foundry Group Ltd',
      address: { line1: '3 Dock Street', line2: 'Hull HU1 1AA' },
    });
    expect(await taxIdsOf(acme)).toEqual([['eu_vat', 'DE123456789']]);

    // Bobby becomes the company's accounts member (a role change): he receives its invoices.
    await companies.updateMember(acme.owner.user, parseId(acme.buyer.user.id)!, {
      role: 'accounts',
    });
    await afterChange();
    expect((await customerOf(acme)).email).toBe(acme.buyer.user.email);

    // Its next invoice on account is made out to the company as it is now, at Stripe too.
    const { invoice } = await invoicedOrder({ ...acme, buyer: acme.owner });
    const atStripe = await stripe.invoices.retrieve(invoice.stripe!.invoiceId);
    expect(atStripe).toMatchObject({
      customer: customer.id,
      customer_name: 'Acme Foundry Group Ltd',
      customer_email: acme.buyer.user.email,
      customer_address: expect.objectContaining({ line1: '3 Dock Street' }),
    });
  });
});

describe('a bank transfer to an order that is then cancelled', () => {
  it('records what had arrived as money to return, once', async () => {
    const buyer = await users.createActor('user', 'Tess Transfer');
    await make.verifyEmail(buyer.user);
    const product = await newProduct();
    const placed = await api.placeOrder(buyer, {
      productId: product._id,
      quantity: product.minimumOrderQuantity,
      address: '1 Wire Lane, Leeds',
      phone: '01132345678',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = placed.body.insertedId as string;
    const details = await json(
      routes.bankTransfer.POST(
        users.request(`/api/orders/${orderId}/bank-transfer`, {
          method: 'POST',
          headers: buyer.headers,
        }),
        users.params({ id: orderId }),
      ),
    );
    expect(details.status, JSON.stringify(details.body)).toBe(200);
    const { stripeCustomers } = (await import('@/lib/core/collections')).collections(
      await db.getDb(),
    );
    const customer = (await stripeCustomers.findOne({ _id: `user:${buyer.user.id}` }))!;
    const total = details.body.amountCents as number;
    const part = Math.floor(total / 3);
    await stripe.testHelpers.customers.fundCashBalance(customer.customerId, {
      amount: part,
      currency: 'usd',
      reference: details.body.reference,
    });
    const orders = db.collections(await db.getDb()).orders;
    await waitFor(
      () => orders.findOne({ _id: new ObjectId(orderId) }),
      (order) => order?.bankTransfer?.remainingCents === total - part,
    );

    // The order is cancelled: Stripe puts what arrived back in the customer's cash balance.
    expect((await cancel(buyer, orderId)).status).toBe(200);
    const returns = billingCollections(await db.getDb()).moneyToReturn;
    const recorded = await waitFor(
      () => returns.findOne({ orderId: new ObjectId(orderId) }),
      (doc) => doc !== null,
    );
    expect(recorded).toMatchObject({
      kind: 'transfer_funded_order_cancelled',
      amountCents: part,
      status: 'to_return',
    });
    expect(await returns.countDocuments({ orderId: new ObjectId(orderId) })).toBe(1);
  });
});
