import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRole } from '@/lib/companies';
import type { Id } from '@/lib/core/ids';
import { startStripeStandIn } from '../support/stripe';
import type { Actor } from '../support/users';

// Ordering on account on the real engine: a member of a company on net terms checks out
// `paymentMethod: 'account'`; the order is confirmed (never unpaid), its total held against the
// company's credit by one conditional update (two orders against the last of the credit: one
// passes), refused without terms or on hold, given back once when the order is cancelled, never
// touched by the unpaid-order expiry, and due for its invoice when it ships.

// Card payments and bank transfers go to the local Stripe stand-in (in the environment before
// any app module reads it), so that refusing them is the order's rule, not a missing key.
const { standIn } = await startStripeStandIn();

let db: typeof import('../support/db');
let users: typeof import('../support/users');
let api: typeof import('../support/orders');
let cart: typeof import('../support/cart');
let factories: typeof import('../support/factories');
let companyFixtures: typeof import('../support/companies');
let terms: typeof import('@/lib/terms');
let orders: typeof import('@/lib/orders');
let faults: typeof import('@/lib/core/faults');
let stock: typeof import('@/lib/orders/stock');

beforeAll(async () => {
  db = await import('../support/db');
  users = await import('../support/users');
  api = await import('../support/orders');
  cart = await import('../support/cart');
  factories = await import('../support/factories');
  companyFixtures = await import('../support/companies');
  terms = await import('@/lib/terms');
  orders = await import('@/lib/orders');
  faults = await import('@/lib/core/faults');
  stock = await import('@/lib/orders/stock');
});

afterAll(async () => {
  await db?.closeConnection();
  await standIn.stop();
});

const delivery = { address: '12 Mill Road, Sheffield', phone: '01142345678' };

/** A company with its owner and a member per role; net 30 with `limitCents` unless prepay. */
async function makeCompany(
  roles: Array<{ role: CompanyRole; limitCents?: number | null }>,
  creditLimitCents: number | null,
  invoiceOn: 'shipment' | 'order' = 'shipment',
): Promise<{ companyId: ObjectId; owner: Actor; members: Actor[] }> {
  const made = await companyFixtures.makeCompany(
    roles,
    `Account Works ${new ObjectId().toHexString().slice(-6)} Ltd`,
  );
  if (creditLimitCents !== null) {
    const admin = await users.createActor('admin');
    await terms.setCompanyTerms(admin.user, made.companyId.toHexString() as Id, {
      mode: 'net',
      netDays: 30,
      creditLimitCents,
      invoiceOn,
      holdAfterDaysOverdue: 15,
    });
  }
  return made;
}

/** A part at $14.80 a unit (500 of them: $7,400.00). */
const part = () => factories.makeProduct({ price: 14.8, availableQuantity: 100_000 });

async function checkoutOnAccount(who: Actor, productId: string, quantity: number) {
  const added = await cart.addLine(who, productId, quantity);
  expect(added.status, JSON.stringify(added.body)).toBeLessThan(300);
  return cart.checkout(who, { ...delivery, paymentMethod: 'account' });
}

const termsOf = async (companyId: ObjectId) => terms.termsOfCompany(companyId.toHexString());

describe('ordering on account', () => {
  it('confirms the order, holds its total against the credit and queues the confirmation', async () => {
    const { companyId, members } = await makeCompany([{ role: 'buyer' }], 1_000_000);
    const [buyer] = members;
    const product = await part();
    const placed = await checkoutOnAccount(buyer!, product._id, 500);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const doc = await api.orderDoc(placed.body.insertedId);
    expect(doc).toMatchObject({
      status: 'confirmed',
      paid: false,
      totalCents: 740_000,
      companyId,
      account: { netDays: 30, invoiceOn: 'shipment', creditCents: 740_000 },
    });
    expect(doc?.account?.invoiceDueAt).toBeUndefined();
    expect(doc?.outbox?.map((mail) => mail.kind)).toEqual(['order.confirmed']);
    expect(await termsOf(companyId)).toMatchObject({
      exposureCents: 740_000,
      availableCents: 260_000,
    });
    // The API shows it on account, with no invoice yet.
    const seen = await api.getOrder(buyer!, placed.body.insertedId);
    expect(seen.body).toMatchObject({
      status: 'confirmed',
      paid: false,
      account: { netDays: 30, invoiceOn: 'shipment', invoiceId: null },
    });
  });

  it('lets exactly one of two concurrent orders take the last of a $10,000 limit', async () => {
    const { companyId, members } = await makeCompany(
      [{ role: 'buyer' }, { role: 'buyer' }],
      1_000_000,
    );
    const [first, second] = members;
    const product = await part();
    // 600 units: $8,880.00 each; both fit alone, not together.
    await cart.addLine(first!, product._id, 600);
    await cart.addLine(second!, product._id, 600);
    const answers = await Promise.all([
      cart.checkout(first!, { ...delivery, paymentMethod: 'account' }),
      cart.checkout(second!, { ...delivery, paymentMethod: 'account' }),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses, JSON.stringify(answers.map((answer) => answer.body))).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.body.error.code).toBe('conflict');
    expect(refused.body.error.details).toEqual({
      reason: 'terms.credit_limit_exceeded',
      availableCents: 112_000,
      totalCents: 888_000,
    });
    expect(refused.body.error.message).toContain('$1,120.00');
    expect(await termsOf(companyId)).toMatchObject({ exposureCents: 888_000 });
    // The refused order took no stock and left no order behind.
    expect(await api.stockOf(product._id)).toBe(100_000 - 600);
    const { orders: orderDocs } = db.collections(await db.getDb());
    expect(await orderDocs.countDocuments({ companyId })).toBe(1);
  });

  it('refuses a company without net terms (409 terms.not_enabled) and a person without a company', async () => {
    const { members } = await makeCompany([{ role: 'buyer' }], null);
    const product = await part();
    const refused = await checkoutOnAccount(members[0]!, product._id, 500);
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toEqual({ reason: 'terms.not_enabled' });
    const loner = await users.createActor('user', 'Lone Buyer');
    await factories.verifyEmail(loner.user);
    const alone = await checkoutOnAccount(loner, product._id, 500);
    expect(alone.status).toBe(409);
    expect(alone.body.error.details).toEqual({ reason: 'terms.not_enabled' });
    // By card, both still order.
    const byCard = await cart.checkout(loner, delivery);
    expect(byCard.status).toBe(201);
    expect((await api.orderDoc(byCard.body.insertedId))?.status).toBe('unpaid');
  });

  it('refuses orders on account while the company is on hold (card still works)', async () => {
    const { companyId, members } = await makeCompany([{ role: 'buyer' }], 1_000_000);
    await terms.setCompanyHold(companyId.toHexString(), true);
    const product = await part();
    const refused = await checkoutOnAccount(members[0]!, product._id, 500);
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toEqual({ reason: 'terms.on_hold' });
    expect((await termsOf(companyId)).exposureCents).toBe(0);
    const byCard = await cart.checkout(members[0]!, delivery);
    expect(byCard.status).toBe(201);
    await terms.setCompanyHold(companyId.toHexString(), false);
    const again = await checkoutOnAccount(members[0]!, product._id, 500);
    expect(again.status).toBe(201);
  });

  it('refuses a member whose role places no orders (403), whatever the payment method', async () => {
    const { members } = await makeCompany([{ role: 'accounts' }], 1_000_000);
    const product = await part();
    await cart.addLine(members[0]!, product._id, 500);
    const refused = await cart.checkout(members[0]!, { ...delivery, paymentMethod: 'account' });
    expect(refused.status).toBe(403);
  });

  it('refuses an unknown payment method with a field message (422)', async () => {
    const { members } = await makeCompany([{ role: 'buyer' }], 1_000_000);
    const refused = await cart.checkout(members[0]!, { ...delivery, paymentMethod: 'cheque' });
    expect(refused.status).toBe(422);
    expect(refused.body.error.details.fields.paymentMethod).toEqual([
      'Choose how to pay: card or account',
    ]);
  });

  it('gives the credit and the stock back once when the order is cancelled, however many cancel', async () => {
    const { companyId, members } = await makeCompany([{ role: 'buyer' }], 1_000_000);
    const product = await part();
    const placed = await checkoutOnAccount(members[0]!, product._id, 500);
    const id = placed.body.insertedId as string;
    const admin = await users.createActor('admin');
    const answers = await Promise.all([
      api.deleteOrder(members[0]!, id),
      api.changeStatus(admin, id, { status: 'cancelled' }),
      api.deleteOrder(members[0]!, id),
    ]);
    expect(answers.filter((answer) => answer.status < 300)).toHaveLength(1);
    expect(await termsOf(companyId)).toMatchObject({ exposureCents: 0 });
    expect(await api.stockOf(product._id)).toBe(100_000);
    expect((await api.orderDoc(id))?.status).toBe('cancelled');
  });

  it('is never expired by the unpaid-order sweep, and becomes due for its invoice when shipped', async () => {
    const { members } = await makeCompany([{ role: 'buyer' }], 1_000_000);
    const product = await part();
    const placed = await checkoutOnAccount(members[0]!, product._id, 500);
    const id = placed.body.insertedId as string;
    await factories.backdateOrder(id, new Date(Date.now() - 30 * 24 * 3_600_000));
    await orders.expireOverdueOrders(new Date());
    expect((await api.orderDoc(id))?.status).toBe('confirmed');

    const admin = await users.createActor('admin');
    const shipped = await api.changeStatus(admin, id, {
      status: 'shipped',
      carrier: 'DHL Freight',
      trackingNumber: 'JD0146000062',
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    const doc = await api.orderDoc(id);
    expect(doc?.status).toBe('shipped');
    expect(doc?.paid).toBe(false);
    expect(doc?.account?.invoiceDueAt).toBeInstanceOf(Date);
    const due = await orders.ordersAwaitingInvoice(100);
    expect(due.map((order) => order._id)).toContain(id);
    // A shipped order on account can no longer be cancelled.
    const cancel = await api.deleteOrder(members[0]!, id);
    expect(cancel.status).toBe(409);
  });

  it('is due for its invoice at once when the company is invoiced on order', async () => {
    const { members } = await makeCompany([{ role: 'buyer' }], 1_000_000, 'order');
    const product = await part();
    const placed = await checkoutOnAccount(members[0]!, product._id, 500);
    const doc = await api.orderDoc(placed.body.insertedId);
    expect(doc?.account?.invoiceDueAt).toBeInstanceOf(Date);
  });

  it('is settled paid once by its invoice, only for its own amount, and its credit comes back once', async () => {
    const { companyId, members } = await makeCompany([{ role: 'buyer' }], 1_000_000);
    const product = await part();
    const placed = await checkoutOnAccount(members[0]!, product._id, 500);
    const id = placed.body.insertedId as string;
    const proof = {
      kind: 'stripe' as const,
      stripeInvoiceId: 'in_test_1',
      eventId: 'evt_1',
      amountCents: 740_000,
    };
    expect(await orders.settleAccountOrder(id, { ...proof, amountCents: 1 })).toBe('wrong_amount');
    expect((await api.orderDoc(id))?.paid).toBe(false);
    const settled = await Promise.all([
      orders.settleAccountOrder(id, proof),
      orders.settleAccountOrder(id, proof),
    ]);
    expect(settled.sort()).toEqual(['already_paid', 'paid']);
    const doc = await api.orderDoc(id);
    expect(doc).toMatchObject({
      paid: true,
      status: 'confirmed',
      transactionId: 'in_test_1',
      account: { paidBy: 'stripe' },
    });
    expect(await termsOf(companyId)).toMatchObject({ exposureCents: 0 });
    // A paid order on account is a business record: it can no longer be cancelled.
    expect((await api.deleteOrder(members[0]!, id)).status).toBe(409);
  });

  it('is never paid by card or bank transfer (409 order.on_account): its invoice pays it', async () => {
    const { members } = await makeCompany([{ role: 'buyer' }], 1_000_000);
    const product = await part();
    const placed = await checkoutOnAccount(members[0]!, product._id, 500);
    const id = placed.body.insertedId as string;
    const card = await api.createPaymentIntent(members[0]!, id);
    expect(card.status).toBe(409);
    expect(card.body.error.message).toContain('paid by its invoice');
    const { POST: bankTransfer } = await import('@/app/api/orders/[id]/bank-transfer/route');
    const transfer = await api.json(
      bankTransfer(
        users.request(`/api/orders/${id}/bank-transfer`, {
          method: 'POST',
          headers: members[0]!.headers,
        }),
        users.params({ id }),
      ),
    );
    expect(transfer.status).toBe(409);
    expect(transfer.body.error.message).toContain('paid by its invoice');
    expect((await api.orderDoc(id))?.paymentIntentId).toBeUndefined();
  });

  it('holds the credit while awaiting approval and is confirmed when approved', async () => {
    const { companyId, owner, members } = await makeCompany(
      [{ role: 'buyer', limitCents: 100_000 }],
      1_000_000,
    );
    const product = await part();
    const placed = await checkoutOnAccount(members[0]!, product._id, 500);
    const id = placed.body.insertedId as string;
    expect((await api.orderDoc(id))?.status).toBe('awaiting_approval');
    expect((await termsOf(companyId)).exposureCents).toBe(740_000);
    const approved = await orders.approveOrder(owner.user, id, 'http://127.0.0.1:3000');
    expect(approved.status).toBe('confirmed');
  });

  it.each(['place:after-credit', 'place:before-commit'])(
    'gives credit and stock back exactly once after a crash at %s (the stock sweep)',
    async (point) => {
      const { companyId, members } = await makeCompany([{ role: 'buyer' }], 1_000_000);
      const product = await part();
      await cart.addLine(members[0]!, product._id, 500);
      const restore = faults.injectFaults((passing) => {
        if (passing === point) throw new faults.InjectedFault(passing);
      });
      try {
        const crashed = await cart.checkout(members[0]!, { ...delivery, paymentMethod: 'account' });
        expect(crashed.status).toBe(500);
      } finally {
        restore();
      }
      expect((await termsOf(companyId)).exposureCents).toBe(740_000);
      const later = new Date(Date.now() + stock.CLAIM_MS + 1_000);
      await stock.settleOrderStock(later);
      await stock.settleOrderStock(later);
      expect(await termsOf(companyId)).toMatchObject({
        exposureCents: 0,
        availableCents: 1_000_000,
      });
      expect(await api.stockOf(product._id)).toBe(100_000);
      const { orders: orderDocs } = db.collections(await db.getDb());
      expect(await orderDocs.countDocuments({ companyId })).toBe(0);
    },
  );
});
