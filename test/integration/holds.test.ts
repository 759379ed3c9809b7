import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppWebhookServer, startStripeStandIn } from '../support/stripe';
import type { Actor } from '../support/users';

// Holds that cannot be stretched (issue 36, items 1 and 2), on the real engine, the Stripe
// stand-in (its signed events delivered to the app's webhook route) and the route handlers:
// asking for bank-transfer details never moves an order's deadline past what its placer's
// account holds (an unverified account: UNVERIFIED_HOLD_MINUTES from placing), even once money
// arrived (for a verified account money extends it: bank-transfer.test.ts); an order awaiting
// approval is a hold like an unpaid one: creating a company and ordering over an approval limit
// need a verified email, an owner cannot lower their own limits, and orders awaiting approval
// count against the unpaid-orders cap.

const HOLD_MINUTES = 20;
const TTL_HOURS = 48;
const MAX_UNPAID = 4;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
Object.assign(process.env, {
  UNVERIFIED_HOLD_MINUTES: String(HOLD_MINUTES),
  UNPAID_ORDER_TTL_HOURS: String(TTL_HOURS),
  MAX_UNPAID_ORDERS: String(MAX_UNPAID),
});

let webhookRoute: typeof import('@/app/api/webhooks/stripe/route').POST | undefined;
const app = await startAppWebhookServer(async () => webhookRoute!);
const { standIn, stripe } = await startStripeStandIn({ appUrl: app.url });

let db: typeof import('../support/db');
let users: typeof import('../support/users');
let api: typeof import('../support/orders');
let make: typeof import('../support/factories');
let companies: typeof import('../support/companies');
let lifecycle: typeof import('@/lib/orders');
let createCompanyRoute: typeof import('@/app/api/companies/route').POST;

beforeAll(async () => {
  webhookRoute = (await import('@/app/api/webhooks/stripe/route')).POST;
  db = await import('../support/db');
  users = await import('../support/users');
  api = await import('../support/orders');
  make = await import('../support/factories');
  companies = await import('../support/companies');
  lifecycle = await import('@/lib/orders');
  createCompanyRoute = (await import('@/app/api/companies/route')).POST;
});

afterAll(async () => {
  await (await import('@/lib/core/background')).settleBackgroundWork();
  await standIn.stop();
  await app.close();
  await db?.closeConnection();
});

async function buyer(verified: boolean, name = verified ? 'Vera Verified' : 'Uma Unverified') {
  const actor = await users.createActor('user', name);
  if (verified) await make.verifyEmail(actor.user);
  return actor;
}

const delivery = { address: '4 Bearing Works Road, Derby', phone: '01332123456' };

/** A product of `stock` units at `price` dollars each. */
const product = (stock = 1_000, price = 3.4) =>
  make.makeProduct({ name: 'Taper Roller Bearing 30206', price, availableQuantity: stock });

async function placed(who: Actor, productId: string, quantity = 1_000): Promise<string> {
  const res = await api.placeOrder(who, { productId, quantity, ...delivery });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.insertedId as string;
}

const transfer = (who: Actor, id: string) => api.requestBankTransfer(who, id);
const customerOf = (who: Actor) => api.customerIdOf(who.user.id);
const waitFor = <T>(probe: () => Promise<T>, accept: (value: T) => boolean) =>
  api.waitFor(probe, accept);

/** How long after its placing the order is to be paid by, in ms. */
async function heldFor(id: string): Promise<number> {
  const doc = (await api.orderDoc(id))!;
  return doc.expiresAt!.getTime() - doc.createdAt.getTime();
}

describe('asking for bank-transfer details (item 1)', () => {
  it('does not stretch an unverified account’s hold: the whole stock comes back after its minutes', async () => {
    const uma = await buyer(false);
    const part = await product(1_000);
    const id = await placed(uma, part._id);
    expect(await api.stockOf(part._id)).toBe(0);

    const shown = await transfer(uma, id);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body.reference).toEqual(expect.any(String));
    // Still the unverified hold from its placing: payBy did not move.
    expect(await heldFor(id)).toBe(HOLD_MINUTES * MINUTE);
    const payBy = (await api.getOrder(uma, id)).body.payBy as string;
    expect(new Date(payBy).getTime() - Date.now()).toBeLessThanOrEqual(HOLD_MINUTES * MINUTE);

    // Money arrives: an unverified account's order keeps its minutes all the same.
    await stripe.testHelpers.customers.fundCashBalance(await customerOf(uma), {
      amount: 100,
      currency: 'usd',
      reference: shown.body.reference,
    });
    const funded = await waitFor(
      () => api.orderDoc(id),
      (order) => (order?.bankTransfer?.remainingCents ?? Infinity) < 340_000,
    );
    expect(funded?.bankTransfer?.remainingCents).toBe(339_900);
    expect(await heldFor(id)).toBe(HOLD_MINUTES * MINUTE);

    // Past its minutes the sweep cancels it and the stock comes back.
    await make.backdateOrder(id, new Date(Date.now() - (HOLD_MINUTES + 1) * MINUTE));
    expect(await lifecycle.expireOverdueOrders()).toBeGreaterThanOrEqual(1);
    expect(await api.orderDoc(id)).toMatchObject({ status: 'cancelled', cancelReason: 'expired' });
    expect(await api.stockOf(part._id)).toBe(1_000);
  });

  it('a verified account keeps its own hold; switching between card and transfer does not stretch it', async () => {
    const vera = await buyer(true);
    const id = await placed(vera, (await product(5_000))._id);
    // An hour before its deadline.
    await make.backdateOrder(id, new Date(Date.now() - (TTL_HOURS - 1) * HOUR));
    for (let round = 0; round < 2; round += 1) {
      expect((await transfer(vera, id)).status).toBe(200);
      expect(await heldFor(id)).toBe(TTL_HOURS * HOUR);
      expect((await api.createPaymentIntent(vera, id)).status).toBe(200);
      expect(await heldFor(id)).toBe(TTL_HOURS * HOUR);
    }
  });

  it('an order placed before its buyer verified gets the verified hold from its placing, never more', async () => {
    const uma = await buyer(false);
    const id = await placed(uma, (await product(5_000))._id);
    await make.verifyEmail(uma.user);
    expect((await transfer(uma, id)).status).toBe(200);
    expect(await heldFor(id)).toBe(TTL_HOURS * HOUR);
  });
});

const companyBody = {
  name: 'Hoarding Holdings Ltd',
  taxId: 'GB123456789',
  billingAddress: '1 Shelf Street\nLeeds LS1 1AA',
};

const createCompany = (who: Actor) =>
  api.json(
    createCompanyRoute(
      users.request('/api/companies', { method: 'POST', headers: who.headers, json: companyBody }),
      users.params({}),
    ),
  );

const patchMember = (who: Actor, userId: string, body: unknown) =>
  companies.patchMember(who, userId, body);

describe('an order awaiting approval is a hold (item 2)', () => {
  it('creating a company needs a verified email; nothing is created without', async () => {
    const uma = await buyer(false);
    const refused = await createCompany(uma);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'forbidden',
      message: expect.stringMatching(/verify your email/i),
    });
    const { companyMembers } = db.collections(await db.getDb());
    expect(await companyMembers.countDocuments({ userId: new ObjectId(uma.user.id) })).toBe(0);

    await make.verifyEmail(uma.user);
    expect((await createCompany(uma)).status).toBe(201);
  });

  it('an owner cannot lower their own approval limit; another owner can', async () => {
    const { owner, members } = await companies.makeCompany([{ role: 'owner', name: 'Oscar' }]);
    const [oscar] = members;
    for (const body of [
      { approvalLimitCents: 0 },
      { approvalLimitCents: 100_000 },
      { role: 'owner', approvalLimitCents: 0 },
    ]) {
      const refused = await patchMember(owner, owner.user.id, body);
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('conflict');
    }
    const mine = await api.json(
      (await import('@/app/api/companies/me/route')).GET(
        users.request('/api/companies/me', { headers: owner.headers }),
        users.params({}),
      ),
    );
    expect(mine.body.membership.approvalLimitCents).toBeNull();
    // No limit stays settable on oneself, and another owner may limit them.
    expect((await patchMember(owner, owner.user.id, { approvalLimitCents: null })).status).toBe(
      200,
    );
    const limited = await patchMember(oscar!, owner.user.id, { approvalLimitCents: 100_000 });
    expect(limited.status).toBe(200);
    expect(limited.body.approvalLimitCents).toBe(100_000);
    // The same limit sent again (the member form sends every field) and a higher one pass; a
    // lower one does not.
    expect((await patchMember(owner, owner.user.id, { approvalLimitCents: 100_000 })).status).toBe(
      200,
    );
    expect((await patchMember(owner, owner.user.id, { approvalLimitCents: 50_000 })).status).toBe(
      409,
    );
    const raised = await patchMember(owner, owner.user.id, { approvalLimitCents: 200_000 });
    expect(raised.status).toBe(200);
    expect(raised.body.approvalLimitCents).toBe(200_000);
    // Their monthly limit likewise.
    expect((await patchMember(owner, owner.user.id, { monthlyLimitCents: 0 })).status).toBe(409);
  });

  it('an unverified member’s order over their limit is refused, with nothing taken', async () => {
    // A member whose email is not verified (added by a store admin, say).
    const { members } = await companies.makeCompany([
      { role: 'buyer', limitCents: 0, verified: false },
    ]);
    const [bob] = members;
    const part = await product(1_000);
    const refused = await api.placeOrder(bob!, {
      productId: part._id,
      quantity: 1_000,
      ...delivery,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'forbidden',
      message: expect.stringMatching(/verify your email/i),
    });
    expect(await api.stockOf(part._id)).toBe(1_000);
    const { orders } = db.collections(await db.getDb());
    expect(await orders.countDocuments({ userId: new ObjectId(bob!.user.id) })).toBe(0);
  });

  it('orders awaiting approval count against the unpaid-orders cap', async () => {
    const { members } = await companies.makeCompany([{ role: 'buyer', limitCents: 0 }]);
    const [bob] = members;
    const part = await product(100_000);
    for (let i = 0; i < MAX_UNPAID; i += 1) {
      const id = await placed(bob!, part._id);
      expect((await api.orderDoc(id))!.status).toBe('awaiting_approval');
    }
    const refused = await api.placeOrder(bob!, {
      productId: part._id,
      quantity: 1_000,
      ...delivery,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toEqual({ maxUnpaidOrders: MAX_UNPAID });
    expect(await api.stockOf(part._id)).toBe(100_000 - MAX_UNPAID * 1_000);
  });
});
