import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRole } from '@/lib/companies';
import { startStripeStandIn } from '../support/stripe';
import type { Actor } from '../support/users';

// Company orders and their approval on the real engine: a member's order above their limit
// waits (its stock reserved), approvers and owners are mailed, one of two approvers wins, a
// rejection or a lapse gives the stock back exactly once, nobody approves their own order, each
// role reaches what the role table allows, and another company's orders are unknown ids (404).

// Card payments go to the local Stripe stand-in, in the environment before any app module reads it.
const { standIn } = await startStripeStandIn();

let db: typeof import('../support/db');
let users: typeof import('../support/users');
let api: typeof import('../support/orders');
let factories: typeof import('../support/factories');
let companyFixtures: typeof import('../support/companies');
let orders: typeof import('@/lib/orders');
let approveRoute: typeof import('@/app/api/orders/[id]/approve/route').POST;
let rejectRoute: typeof import('@/app/api/orders/[id]/reject/route').POST;
let approvalsRoute: typeof import('@/app/api/approvals/route').GET;
let companyOrdersRoute: typeof import('@/app/api/companies/me/orders/route').GET;
let invoiceRoute: typeof import('@/app/api/orders/[id]/invoice/route').GET;

beforeAll(async () => {
  db = await import('../support/db');
  users = await import('../support/users');
  api = await import('../support/orders');
  factories = await import('../support/factories');
  companyFixtures = await import('../support/companies');
  orders = await import('@/lib/orders');
  approveRoute = (await import('@/app/api/orders/[id]/approve/route')).POST;
  rejectRoute = (await import('@/app/api/orders/[id]/reject/route')).POST;
  approvalsRoute = (await import('@/app/api/approvals/route')).GET;
  companyOrdersRoute = (await import('@/app/api/companies/me/orders/route')).GET;
  invoiceRoute = (await import('@/app/api/orders/[id]/invoice/route')).GET;
});

afterAll(async () => {
  await db?.closeConnection();
  await standIn.stop();
});

const approve = (who: Actor, id: string) =>
  api.json(
    approveRoute(
      users.request(`/api/orders/${id}/approve`, {
        method: 'POST',
        headers: who.headers,
        json: {},
      }),
      users.params({ id }),
    ),
  );
const reject = (who: Actor, id: string, body: unknown = { reason: 'Over budget this month.' }) =>
  api.json(
    rejectRoute(
      users.request(`/api/orders/${id}/reject`, {
        method: 'POST',
        headers: who.headers,
        json: body,
      }),
      users.params({ id }),
    ),
  );
const approvals = (who: Actor) =>
  api.json(
    approvalsRoute(users.request('/api/approvals', { headers: who.headers }), users.params({})),
  );
const companyOrders = (who: Actor, query = '') =>
  api.json(
    companyOrdersRoute(
      users.request(`/api/companies/me/orders${query}`, { headers: who.headers }),
      users.params({}),
    ),
  );
const invoice = async (who: Actor, id: string) =>
  (
    await invoiceRoute(
      users.request(`/api/orders/${id}/invoice`, { headers: who.headers }),
      users.params({ id }),
    )
  ).status;

/** A company with an owner and one member per role given, each with their approval limit. */
const makeCompany = (
  roles: Array<{ role: CompanyRole; limitCents?: number | null; name?: string }>,
) => companyFixtures.makeCompany(roles);

const delivery = { address: '12 Mill Road, Sheffield', phone: '01142345678' };

/** A product at $14.80 a unit, minimum 500 (one order of 500: $7,400). */
const product = () => factories.makeProduct({ availableQuantity: 10_000 });

async function place(who: Actor, productId: string, quantity = 500) {
  const placed = await api.placeOrder(who, { productId, quantity, ...delivery });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body.insertedId as string;
}

describe('an order above the placer’s approval limit', () => {
  it('waits for approval with its stock reserved, and its approvers are mailed', async () => {
    const { companyId, owner, members } = await makeCompany([
      { role: 'buyer', limitCents: 500_000 },
      { role: 'approver' },
      { role: 'accounts' },
    ]);
    const [buyer, approver] = members;
    const part = await product();
    const id = await place(buyer!, part._id);
    const doc = await api.orderDoc(id);
    expect(doc).toMatchObject({
      status: 'awaiting_approval',
      companyId,
      placedBy: new ObjectId(buyer!.user.id),
      approval: { limitCents: 500_000 },
      totalCents: 740_000,
    });
    expect(await api.stockOf(part._id)).toBe(9_500);
    // Held for APPROVAL_HOLD_HOURS (72), not the unpaid hold.
    const hold = doc!.expiresAt!.getTime() - doc!.createdAt.getTime();
    expect(hold).toBe(72 * 3_600_000);
    expect(doc!.outbox!.map((entry) => entry.kind)).toEqual(['order.approval_requested']);

    // The approvers' mail goes to the approver and the owner, never to the placer.
    const kinds = await orders.loadOrderMailKinds();
    const mail = await kinds['order.approval_requested']!(doc!, doc!.outbox![0]!);
    expect(mail).not.toBeNull();
    const to = mail!.to.split(', ').sort();
    expect(to).toEqual([approver!.user.email, owner.user.email].sort());
    // The store's words only: the buyer's name is in the body.
    expect(mail!.subject).toMatch(/^Approval needed: a \$7,400\.00 order for /);
    expect(mail!.subject).not.toContain('Member buyer');
    expect(mail!.text).toContain('Member buyer');

    // It cannot be paid yet.
    const pay = await api.createPaymentIntent(buyer!, id, 7400);
    expect(pay.status).toBe(409);
    expect(pay.body.error.message).toMatch(/waits for an approval/);

    // An order at or below the limit ($500.00 of $5,000.00) is unpaid at once.
    const smallPart = await factories.makeProduct({ price: 1 });
    const cheap = await place(buyer!, smallPart._id, 500);
    expect((await api.orderDoc(cheap))!.status).toBe('unpaid');
  });

  it('is approved by one of two approvers at once; the other gets 409; the buyer is mailed the pay link', async () => {
    const { owner, members } = await makeCompany([
      { role: 'buyer', limitCents: 0 },
      { role: 'approver' },
    ]);
    const [buyer, approver] = members;
    const part = await product();
    const id = await place(buyer!, part._id);
    const answers = await Promise.all([approve(owner, id), approve(approver!, id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const lost = answers.find((answer) => answer.status === 409)!;
    expect(lost.body.error.message).toBe(
      'This order is unpaid, so it no longer waits for an approval.',
    );
    const won = answers.find((answer) => answer.status === 200)!;
    expect(won.body).toMatchObject({ status: 'unpaid', approval: { limitCents: 0 } });
    expect(won.body.approval.decidedBy.name).toMatch(/Olive Owner|Member approver/);

    const doc = await api.orderDoc(id);
    expect(doc!.history.map((step) => step.status)).toEqual(['awaiting_approval', 'unpaid']);
    // Payable within the buyer's unpaid hold (48 hours, verified email) from the approval.
    expect(doc!.expiresAt!.getTime() - doc!.approval!.decidedAt!.getTime()).toBe(48 * 3_600_000);
    expect(doc!.outbox!.map((entry) => entry.kind)).toContain('order.approved');
    const kinds = await orders.loadOrderMailKinds();
    const entry = doc!.outbox!.find((item) => item.kind === 'order.approved')!;
    const mail = await kinds['order.approved']!(doc!, entry);
    expect(mail!.to).toBe(buyer!.user.email);
    expect(mail!.text).toContain('/dashboard/payment/');

    const pay = await api.createPaymentIntent(buyer!, id, 7400);
    expect(pay.status).not.toBe(409);
    expect(await api.stockOf(part._id)).toBe(9_500);
  });

  it('is rejected with a reason: cancelled, stock back once, the buyer told why', async () => {
    const { members } = await makeCompany([
      { role: 'buyer', limitCents: 100 },
      { role: 'approver' },
      { role: 'approver' },
    ]);
    const [buyer, first, second] = members;
    const part = await product();
    const id = await place(buyer!, part._id);
    expect(await api.stockOf(part._id)).toBe(9_500);

    const empty = await reject(first!, id, { reason: '  ' });
    expect(empty.status).toBe(422);
    const control = await reject(first!, id, { reason: 'No\u0007' });
    expect(control.status).toBe(422);

    const answers = await Promise.all([reject(first!, id), reject(second!, id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await api.stockOf(part._id)).toBe(10_000);
    const doc = await api.orderDoc(id);
    expect(doc).toMatchObject({
      status: 'cancelled',
      cancelReason: 'rejected',
      approval: { reason: 'Over budget this month.' },
    });
    const kinds = await orders.loadOrderMailKinds();
    const entry = doc!.outbox!.find((item) => item.kind === 'order.cancelled')!;
    const mail = await kinds['order.cancelled']!(doc!, entry);
    expect(mail!.to).toBe(buyer!.user.email);
    expect(mail!.text).toContain('Over budget this month.');
    // Approving it now: it no longer waits.
    expect((await approve(first!, id)).status).toBe(409);
  });

  it('lapses after APPROVAL_HOLD_HOURS: cancelled by concurrent sweeps once, its stock back once', async () => {
    const { members } = await makeCompany([{ role: 'buyer', limitCents: 100 }]);
    const [buyer] = members;
    const part = await product();
    const id = await place(buyer!, part._id);
    const later = new Date(Date.now() + 73 * 3_600_000);
    const swept = await Promise.all([
      orders.expireOverdueOrders(later),
      orders.expireOverdueOrders(later),
      orders.expireOverdueOrders(later),
    ]);
    expect(swept.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1);
    expect(await api.stockOf(part._id)).toBe(10_000);
    const doc = await api.orderDoc(id);
    expect(doc).toMatchObject({ status: 'cancelled', cancelReason: 'approval_expired' });
    expect(doc!.history.at(-1)).toMatchObject({ by: 'system', note: 'Not approved in time' });
    await orders.expireOverdueOrders(later);
    expect(await api.stockOf(part._id)).toBe(10_000);
  });

  it('is never approved or rejected by its own placer, even an owner with a limit', async () => {
    const { owner, companyId } = await makeCompany([]);
    await db
      .collections(await db.getDb())
      .companyMembers.updateOne(
        { companyId, userId: new ObjectId(owner.user.id) },
        { $set: { approvalLimitCents: 0 } },
      );
    const part = await product();
    const id = await place(owner, part._id);
    expect((await api.orderDoc(id))!.status).toBe('awaiting_approval');
    const own = await approve(owner, id);
    expect(own.status).toBe(403);
    expect(own.body.error.message).toMatch(/your own order/);
    expect((await reject(owner, id)).status).toBe(403);
    // Its placer may still withdraw it: the stock comes back.
    expect((await api.deleteOrder(owner, id)).status).toBe(200);
    expect(await api.stockOf(part._id)).toBe(10_000);
  });
});

describe('roles and company orders', () => {
  it('accounts and approvers place nothing; every role lists the company’s orders with who placed each', async () => {
    const { owner, members } = await makeCompany([
      { role: 'buyer', name: 'Bea Buyer' },
      { role: 'accounts' },
      { role: 'approver' },
    ]);
    const [buyer, accounts, approver] = members;
    const part = await product();
    for (const who of [accounts!, approver!]) {
      const refused = await api.placeOrder(who, {
        productId: part._id,
        quantity: 500,
        ...delivery,
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error.message).toMatch(/role in your company/);
    }
    expect(await api.stockOf(part._id)).toBe(10_000);
    // Nor do they ask for quotes (buyers' work, in the role table).
    const quotes = await import('@/app/api/quotes/route');
    for (const who of [accounts!, approver!]) {
      const asked = await api.json(
        quotes.POST(
          users.request('/api/quotes', {
            method: 'POST',
            headers: who.headers,
            json: {
              productId: part._id,
              quantity: 50_000,
              neededBy: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
              ...delivery,
            },
          }),
          users.params({}),
        ),
      );
      expect(asked.status).toBe(403);
    }
    const id = await place(buyer!, part._id);
    for (const who of [owner, buyer!, accounts!, approver!]) {
      const listed = await companyOrders(who);
      expect(listed.status).toBe(200);
      expect(listed.body.items.map((order: { _id: string }) => order._id)).toEqual([id]);
      expect(listed.body.items[0]).toMatchObject({
        userName: 'Bea Buyer',
        placedBy: buyer!.user.id,
      });
      expect((await api.getOrder(who, id)).status).toBe(200);
    }
    expect((await companyOrders(owner, '?status=lost')).status).toBe(400);
    // Approvals: for approvers and owners only.
    expect((await approvals(owner)).status).toBe(200);
    expect((await approvals(approver!)).status).toBe(200);
    expect((await approvals(buyer!)).status).toBe(403);
    expect((await approvals(accounts!)).status).toBe(403);
    // Paying: the placer and accounts may, an approver may not.
    expect((await api.createPaymentIntent(approver!, id, 7400)).status).toBe(403);
    // Deleting: only the placer (or an admin).
    expect((await api.deleteOrder(accounts!, id)).status).toBe(403);
  });

  it('another company’s members and people without a company get 404 on every order route', async () => {
    const mine = await makeCompany([{ role: 'buyer', limitCents: 0 }]);
    const other = await makeCompany([{ role: 'approver' }, { role: 'accounts' }]);
    const loner = await users.createActor('user', 'No Company');
    const part = await product();
    const id = await place(mine.members[0]!, part._id);
    for (const who of [other.owner, ...other.members, loner]) {
      expect((await approve(who, id)).status).toBe(404);
      expect((await reject(who, id)).status).toBe(404);
      expect((await api.getOrder(who, id)).status).toBe(404);
      expect((await api.deleteOrder(who, id)).status).toBe(404);
      expect((await api.createPaymentIntent(who, id, 7400)).status).toBe(404);
      expect(await invoice(who, id)).toBe(404);
    }
    expect((await companyOrders(loner)).status).toBe(404);
    expect((await approvals(loner)).status).toBe(404);
    expect((await api.orderDoc(id))!.status).toBe('awaiting_approval');
    // A member removed from the company loses its orders at once; they stay with the company.
    const [buyer] = mine.members;
    await db
      .collections(await db.getDb())
      .companyMembers.deleteOne({ userId: new ObjectId(buyer!.user.id) });
    expect((await api.getOrder(buyer!, id)).status).toBe(404);
    const listed = await companyOrders(mine.owner);
    expect(listed.body.items.map((order: { _id: string }) => order._id)).toEqual([id]);
  });

  it('an order awaiting approval counts toward the unpaid-orders cap', async () => {
    const { members, companyId } = await makeCompany([{ role: 'buyer', limitCents: 0 }]);
    const [buyer] = members;
    const part = await product();
    await place(buyer!, part._id);
    const count = await db
      .collections(await db.getDb())
      .orders.countDocuments({ companyId, status: { $in: ['awaiting_approval', 'unpaid'] } });
    expect(count).toBe(1);
    const { countUnpaidOrders } = await import('@/lib/orders/store/unpaid-count');
    expect(await countUnpaidOrders(new ObjectId(buyer!.user.id))).toBe(1);
  });
});
