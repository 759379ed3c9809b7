import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The order lifecycle after payment: admins move paid orders forward, deletes and cancels keep
// the order as cancelled, the expiry and payments go through the same transition, and the
// migration gives older orders their status. Card payments are NOT configured here (payments
// are recorded with the factories' payOrder, the verified-payment path).
vi.hoisted(() => {
  for (const name of [
    'STRIPE_SECRET_KEY',
    'NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_API_BASE',
  ]) {
    delete process.env[name];
  }
  process.env.MAX_UNPAID_ORDERS = '1000';
  process.env.UNPAID_ORDER_TTL_HOURS = '48';
});

import { closeConnection, collections, getDb } from '../support/db';
import { runMigrations } from '@/lib/startup/migrations';
import { findOrder, markOrderPaid } from '@/lib/orders/store';
import { expireOverdueOrders } from '@/lib/orders';
import { transition } from '@/lib/orders/transition';
import {
  asOrderBeforeStatuses,
  backdateOrder,
  makeOrder,
  makeProduct,
  payOrder,
} from '../support/factories';
import { createActor, type Actor } from '../support/users';
import {
  allOrders,
  allOrdersIn,
  anonymous,
  changeStatus,
  deleteOrder,
  getOrder,
  orderDoc,
  ordersByEmail,
  stockOf,
  type Who,
} from '../support/orders';

let buyer: Actor;
let other: Actor;
let admin: Actor;
let admin2: Actor;

beforeAll(async () => {
  [buyer, other, admin, admin2] = await Promise.all([
    createActor('user', 'Bo Buyer'),
    createActor('user', 'Other Buyer'),
    createActor('admin', 'Ada Admin'),
    createActor('admin', 'Second Admin'),
  ]);
});
afterAll(closeConnection);

const SHIPPING = { carrier: 'DHL Freight', trackingNumber: 'JD0146 0000 1234' };

/** An unpaid order of `buyer` for a product of its own (10,000 in stock, 1,000 ordered). */
async function unpaidOrder(who: Actor = buyer) {
  const product = await makeProduct({ availableQuantity: 10_000 });
  const order = await makeOrder(who.user, product, { quantity: 1_000 });
  return { id: order._id, productId: product._id };
}

/** A paid order of `buyer`. */
async function paidOrder() {
  const placed = await unpaidOrder();
  await payOrder(placed.id, `pi_${new ObjectId().toHexString()}`);
  return placed;
}

const move = (who: Who, id: string, status: string, extra: Record<string, unknown> = {}) =>
  changeStatus(who, id, { status, ...extra });

const statusOf = async (id: string) => (await orderDoc(id))!.status;
const idsOf = (orders: Array<{ _id: string }>) => orders.map((order) => order._id);

describe('PATCH /api/orders/{id}/status', () => {
  it('is for admins only: 401 anonymous, 403 to buyers (the owner too), 200 to an admin', async () => {
    const { id } = await paidOrder();
    expect((await move(anonymous, id, 'processing')).status).toBe(401);
    const own = await move(buyer, id, 'processing');
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe('forbidden');
    expect((await move(other, id, 'processing')).status).toBe(403);
    expect(await statusOf(id)).toBe('paid');

    const res = await move(admin, id, 'processing');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: id, status: 'processing', paid: true });
  });

  it('moves a paid order forward to delivered, appending each change to the history with by, at and note', async () => {
    const { id } = await paidOrder();
    const before = Date.now();
    expect((await move(admin, id, 'processing', { note: 'Picking today' })).status).toBe(200);
    expect((await move(admin2, id, 'shipped', { ...SHIPPING })).status).toBe(200);
    const delivered = await move(admin, id, 'delivered', { note: 'Signed for by J. Smith' });
    expect(delivered.status).toBe(200);

    const shown = await getOrder(buyer, id);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ status: 'delivered', paid: true, ...SHIPPING });
    expect(shown.body.history).toEqual([
      { status: 'unpaid', at: expect.any(String), by: buyer.user.id, note: null },
      { status: 'paid', at: expect.any(String), by: 'stripe', note: null },
      { status: 'processing', at: expect.any(String), by: admin.user.id, note: 'Picking today' },
      { status: 'shipped', at: expect.any(String), by: admin2.user.id, note: null },
      {
        status: 'delivered',
        at: expect.any(String),
        by: admin.user.id,
        note: 'Signed for by J. Smith',
      },
    ]);
    const times = shown.body.history.map((step: { at: string }) => Date.parse(step.at));
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    expect(times.at(-1)).toBeGreaterThanOrEqual(before);

    // Stored with the acting user's id as an ObjectId and real dates.
    const doc = await orderDoc(id);
    expect(doc!.history[2]).toEqual({
      status: 'processing',
      at: expect.any(Date),
      by: new ObjectId(admin.user.id),
      note: 'Picking today',
    });
  });

  it('may skip processing (paid → shipped) but never shipped (paid → delivered)', async () => {
    const { id } = await paidOrder();
    const skipShipped = await move(admin, id, 'delivered');
    expect(skipShipped.status).toBe(409);
    expect(skipShipped.body.error).toEqual({
      code: 'conflict',
      message: 'This order is paid, so it cannot be marked delivered.',
      details: { from: 'paid', to: 'delivered' },
    });
    expect((await move(admin, id, 'shipped', SHIPPING)).status).toBe(200);
    expect(await statusOf(id)).toBe('shipped');
  });

  it('never moves backwards or repeats a status: 409 naming both statuses, nothing written', async () => {
    const { id } = await paidOrder();
    await move(admin, id, 'processing');
    await move(admin, id, 'shipped', SHIPPING);
    const historyBefore = (await orderDoc(id))!.history;

    for (const [status, extra] of [
      ['processing', {}],
      ['shipped', SHIPPING],
      ['cancelled', {}],
    ] as const) {
      const res = await move(admin, id, status, extra);
      expect(res.status, status).toBe(409);
      expect(res.body.error.message).toBe(
        `This order is shipped, so it cannot be marked ${status}.`,
      );
    }
    await move(admin, id, 'delivered');
    const back = await move(admin, id, 'shipped', SHIPPING);
    expect(back.status).toBe(409);
    expect(back.body.error.message).toBe(
      'This order is delivered, so it cannot be marked shipped.',
    );
    const doc = await orderDoc(id);
    expect(doc!.history).toHaveLength(historyBefore.length + 1);
    expect(doc!.status).toBe('delivered');
  });

  it('refuses to move an unpaid order forward (409) and to make an order paid (422)', async () => {
    const { id } = await unpaidOrder();
    const res = await move(admin, id, 'processing');
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('This order is unpaid, so it cannot be marked processing.');
    const paid = await move(admin, id, 'paid');
    expect(paid.status).toBe(422);
    expect(paid.body.error.details.fields.status).toEqual([
      'Choose processing, shipped, delivered or cancelled',
    ]);
    expect(await orderDoc(id)).toMatchObject({ status: 'unpaid', paid: false });
  });

  it('answers 422 with field errors for shipped without carrier or tracking number', async () => {
    const { id } = await paidOrder();
    const res = await move(admin, id, 'shipped');
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields).toEqual({
      carrier: ['Carrier is Required to mark an order shipped'],
      trackingNumber: ['Tracking number is Required to mark an order shipped'],
    });
    const noTracking = await move(admin, id, 'shipped', { carrier: 'UPS', trackingNumber: '  ' });
    expect(noTracking.status).toBe(422);
    expect(Object.keys(noTracking.body.error.details.fields)).toEqual(['trackingNumber']);
    const longNote = await move(admin, id, 'processing', { note: 'x'.repeat(501) });
    expect(longNote.status).toBe(422);
    expect(await statusOf(id)).toBe('paid');
    expect((await orderDoc(id))!.carrier).toBeUndefined();
  });

  it('answers 404 for an unknown order and 400 for a malformed id or body', async () => {
    expect((await move(admin, new ObjectId().toHexString(), 'processing')).status).toBe(404);
    expect((await move(admin, 'nope', 'processing')).status).toBe(400);
    const { id } = await paidOrder();
    const notJson = await changeStatus(admin, id, ['processing']);
    expect(notJson.status).toBe(400);
  });

  it('lets exactly one of two admins moving the same order at once succeed', async () => {
    for (const [status, extra] of [
      ['processing', {}],
      ['shipped', SHIPPING],
    ] as const) {
      const { id } = await paidOrder();
      const results = await Promise.all([
        move(admin, id, status, extra),
        move(admin2, id, status, extra),
      ]);
      expect(results.map((res) => res.status).sort()).toEqual([200, 409]);
      const lost = results.find((res) => res.status === 409)!;
      expect(lost.body.error.message).toBe(
        `This order is ${status}, so it cannot be marked ${status}.`,
      );
      const doc = await orderDoc(id);
      expect(doc!.history.filter((step) => step.status === status)).toHaveLength(1);
    }
  });

  it('ten admins at once: one move, one history entry', async () => {
    const { id } = await paidOrder();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        move(index % 2 ? admin : admin2, id, 'shipped', {
          carrier: 'UPS',
          trackingNumber: `1Z${index}`,
        }),
      ),
    );
    expect(results.filter((res) => res.status === 200)).toHaveLength(1);
    expect(results.filter((res) => res.status === 409)).toHaveLength(9);
    const doc = await orderDoc(id);
    expect(doc!.history.map((step) => step.status)).toEqual(['unpaid', 'paid', 'shipped']);
    const winner = results.find((res) => res.status === 200)!;
    expect(doc!.trackingNumber).toBe(winner.body.trackingNumber);
  });

  it("cancels an unpaid order as the store (an admin's cancel), returning its stock once", async () => {
    const { id, productId } = await unpaidOrder();
    expect(await stockOf(productId)).toBe(9_000);
    const res = await move(admin, id, 'cancelled', { note: 'Customer asked by phone' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'cancelled',
      paid: false,
      cancelReason: 'cancelled_by_store',
      cancelledAt: expect.any(String),
    });
    expect(res.body.history.at(-1)).toMatchObject({
      status: 'cancelled',
      by: admin.user.id,
      note: 'Customer asked by phone',
    });
    expect(await stockOf(productId)).toBe(10_000);
    expect((await move(admin, id, 'cancelled')).status).toBe(409);
    expect(await stockOf(productId)).toBe(10_000);
    // The buyer still sees it, cancelled, but not in their list; a paid order is not cancelled.
    expect((await getOrder(buyer, id)).body).toMatchObject({ status: 'cancelled' });
    expect(idsOf((await ordersByEmail(buyer, buyer.user.email)).body)).not.toContain(id);
    const { id: paid } = await paidOrder();
    const refused = await move(admin, paid, 'cancelled');
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'This order is paid, so it cannot be marked cancelled.',
    );
  });
});

describe('DELETE /api/order/{id} cancels the order and keeps it', () => {
  it("the buyer's delete: gone for them (404), kept as cancelled for admins, stock back once", async () => {
    const { id, productId } = await unpaidOrder();
    const res = await deleteOrder(buyer, id);
    expect(res.status).toBe(200);
    expect(await stockOf(productId)).toBe(10_000);

    expect((await getOrder(buyer, id)).status).toBe(404);
    expect((await deleteOrder(buyer, id)).status).toBe(404);
    expect(idsOf((await ordersByEmail(buyer, buyer.user.email)).body)).not.toContain(id);

    const seen = await getOrder(admin, id);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ status: 'cancelled', cancelReason: 'deleted', paid: false });
    expect(seen.body.history.map((step: { status: string }) => step.status)).toEqual([
      'unpaid',
      'cancelled',
    ]);
    expect(seen.body.history[1].by).toBe(buyer.user.id);
    expect((await deleteOrder(admin, id)).status).toBe(409);
    expect(await stockOf(productId)).toBe(10_000);

    // Listed only under the cancelled filter.
    expect(idsOf((await allOrders(admin)).body)).not.toContain(id);
    expect(idsOf((await allOrdersIn(admin, 'cancelled')).body)).toContain(id);
    expect(idsOf((await allOrdersIn(admin, 'unpaid')).body)).not.toContain(id);
  });

  it("an admin's delete is the store's cancel", async () => {
    const { id, productId } = await unpaidOrder();
    expect((await deleteOrder(admin, id)).status).toBe(200);
    expect(await stockOf(productId)).toBe(10_000);
    expect(await orderDoc(id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'cancelled_by_store',
    });
  });

  it('ten concurrent deletes by the buyer return the stock exactly once', async () => {
    const { id, productId } = await unpaidOrder();
    const results = await Promise.all(Array.from({ length: 10 }, () => deleteOrder(buyer, id)));
    const statuses = results.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    // The others answer as a delete after the first does: it is gone (or, mid-race, 409).
    for (const status of statuses.filter((code) => code !== 200))
      expect([404, 409]).toContain(status);
    expect(await stockOf(productId)).toBe(10_000);
    const doc = await orderDoc(id);
    expect(doc!.history.filter((step) => step.status === 'cancelled')).toHaveLength(1);
  });

  it('ten concurrent cancels by admins and the buyer, by both routes, return the stock exactly once', async () => {
    const { id, productId } = await unpaidOrder();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        index % 3 === 0
          ? deleteOrder(buyer, id)
          : index % 3 === 1
            ? deleteOrder(index % 2 ? admin : admin2, id)
            : move(admin, id, 'cancelled'),
      ),
    );
    expect(results.filter((res) => res.status === 200)).toHaveLength(1);
    expect(await stockOf(productId)).toBe(10_000);
    expect((await orderDoc(id))!.history.map((step) => step.status)).toEqual([
      'unpaid',
      'cancelled',
    ]);
  });

  it('a paid order is refused with 409 and keeps its status', async () => {
    const { id, productId } = await paidOrder();
    await move(admin, id, 'processing');
    const res = await deleteOrder(buyer, id);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('A paid order cannot be deleted.');
    expect(await statusOf(id)).toBe('processing');
    expect(await stockOf(productId)).toBe(9_000);
  });
});

describe('payments and the expiry go through the same transition', () => {
  it('a verified payment moves unpaid → paid by stripe; replays change nothing, also after shipping', async () => {
    const { id } = await unpaidOrder();
    await payOrder(id, 'pi_replayed');
    expect(await orderDoc(id)).toMatchObject({
      status: 'paid',
      paid: true,
      transactionId: 'pi_replayed',
    });
    expect((await orderDoc(id))!.history.at(-1)).toMatchObject({ status: 'paid', by: 'stripe' });
    expect(await markOrderPaid(id, 'pi_replayed')).toEqual({ ok: false, reason: 'already_paid' });
    await move(admin, id, 'shipped', SHIPPING);
    expect(await markOrderPaid(id, 'pi_replayed')).toEqual({ ok: false, reason: 'already_paid' });
    expect(await markOrderPaid(id, 'pi_other')).toEqual({ ok: false, reason: 'mismatch' });
    const doc = await orderDoc(id);
    expect(doc).toMatchObject({ status: 'shipped', paid: true, transactionId: 'pi_replayed' });
    expect(doc!.history.filter((step) => step.status === 'paid')).toHaveLength(1);
  });

  it('an overdue unpaid order is cancelled as expired by the system, once', async () => {
    const { id, productId } = await unpaidOrder();
    await backdateOrder(id, new Date(Date.now() - 49 * 60 * 60 * 1000));
    await Promise.all([expireOverdueOrders(), expireOverdueOrders(), expireOverdueOrders()]);
    const doc = await orderDoc(id);
    expect(doc).toMatchObject({ status: 'cancelled', cancelReason: 'expired', paid: false });
    expect(doc!.history.map((step) => step.status)).toEqual(['unpaid', 'cancelled']);
    expect(doc!.history[1]).toMatchObject({ by: 'system', note: 'Not paid in time' });
    expect(await stockOf(productId)).toBe(10_000);
    // The buyer still sees why; the admin cannot move it anywhere.
    expect((await getOrder(buyer, id)).body).toMatchObject({ status: 'cancelled' });
    expect((await move(admin, id, 'processing')).status).toBe(409);
  });
});

describe('transition()', () => {
  it('writes extra fragments in the same update, and nothing at all when refused or lost', async () => {
    const { id } = await paidOrder();
    const mail = { kind: 'order-shipped', to: buyer.user.email };
    const moved = await transition({
      id,
      from: 'paid',
      to: 'processing',
      by: { kind: 'admin', userId: admin.user.id },
      extraUpdate: { $push: { outbox: mail }, $set: { 'flags.noticeQueued': true } },
    });
    expect(moved.ok).toBe(true);
    const stored = (await collections(await getDb()).orders.findOne({
      _id: new ObjectId(id),
    })) as unknown as Record<string, unknown>;
    expect(stored.outbox).toEqual([mail]);
    expect(stored.flags).toEqual({ noticeQueued: true });

    const lost = await transition({
      id,
      from: 'paid',
      to: 'processing',
      by: { kind: 'admin', userId: admin.user.id },
      extraUpdate: { $push: { outbox: mail } },
    });
    expect(lost).toMatchObject({ ok: false, reason: 'changed' });
    const refused = await transition({
      id,
      from: 'processing',
      to: 'delivered',
      by: { kind: 'admin', userId: admin.user.id },
      extraUpdate: { $push: { outbox: mail } },
    });
    expect(refused).toEqual({ ok: false, reason: 'refused', from: 'processing' });
    const after = (await orderDoc(id)) as unknown as Record<string, unknown>;
    expect(after.outbox).toEqual([mail]);

    await expect(
      transition({
        id,
        from: 'processing',
        to: 'shipped',
        ...SHIPPING,
        by: { kind: 'admin', userId: admin.user.id },
        extraUpdate: { $set: { status: 'delivered' } },
      }),
    ).rejects.toThrow(/extraUpdate may not write "status"/);
    expect(await statusOf(id)).toBe('processing');
  });

  it('refuses a move for the wrong actor before writing (an admin cannot mark an order paid)', async () => {
    const { id } = await unpaidOrder();
    const result = await transition({
      id,
      from: 'unpaid',
      to: 'paid',
      transactionId: 'pi_forged',
      by: { kind: 'admin', userId: admin.user.id },
    });
    expect(result).toEqual({ ok: false, reason: 'refused', from: 'unpaid' });
    expect(await orderDoc(id)).toMatchObject({ status: 'unpaid', paid: false });
  });
});

describe('what the API answers', () => {
  it('every order endpoint includes status, history, carrier and tracking number', async () => {
    const { id } = await paidOrder();
    await move(admin, id, 'shipped', SHIPPING);
    const expected = {
      _id: id,
      status: 'shipped',
      paid: true,
      ...SHIPPING,
      history: expect.arrayContaining([expect.objectContaining({ status: 'shipped' })]),
    };
    expect((await getOrder(buyer, id)).body).toMatchObject(expected);
    const listed = (await ordersByEmail(buyer, buyer.user.email)).body as Array<{ _id: string }>;
    expect(listed.find((order) => order._id === id)).toMatchObject(expected);
    const all = (await allOrders(admin)).body as Array<{ _id: string }>;
    expect(all.find((order) => order._id === id)).toMatchObject(expected);
    const shipped = (await allOrdersIn(admin, 'shipped')).body as Array<{ _id: string }>;
    expect(shipped.find((order) => order._id === id)).toMatchObject(expected);
    expect(shipped.every((order) => (order as { status?: string }).status === 'shipped')).toBe(
      true,
    );
  });

  it('an unpaid order has no carrier or tracking number yet; a new order starts with one history entry', async () => {
    const { id } = await unpaidOrder();
    const { body } = await getOrder(buyer, id);
    expect(body).toMatchObject({ status: 'unpaid', carrier: null, trackingNumber: null });
    expect(body.history).toEqual([
      { status: 'unpaid', at: body.createdAt, by: buyer.user.id, note: null },
    ]);
  });

  it('GET /api/allOrder?status= is for admins and answers 400 for an unknown status', async () => {
    expect((await allOrdersIn(buyer, 'cancelled')).status).toBe(403);
    expect((await allOrdersIn(anonymous, 'cancelled')).status).toBe(401);
    const bad = await allOrdersIn(admin, 'lost');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.details.fields)).toEqual(['status']);
  });
});

describe('the migration to order statuses', () => {
  it('maps old orders (paid → paid, cancelled → cancelled, else unpaid) with one history entry, once', async () => {
    const unpaid = await unpaidOrder();
    const paid = await paidOrder();
    const expired = await unpaidOrder();
    await backdateOrder(expired.id, new Date(Date.now() - 49 * 60 * 60 * 1000));
    await expireOverdueOrders();
    const ids = [unpaid.id, paid.id, expired.id];
    for (const id of ids) await asOrderBeforeStatuses(id);
    expect((await orderDoc(unpaid.id))!.status).toBeUndefined();

    const db = await getDb();
    await runMigrations(db);
    const docs = await Promise.all(ids.map((id) => orderDoc(id)));
    expect(docs.map((doc) => doc!.status)).toEqual(['unpaid', 'paid', 'cancelled']);
    for (const doc of docs) {
      expect(doc!.history).toEqual([
        { status: doc!.status, at: doc!.createdAt, by: 'system', note: expect.any(String) },
      ]);
    }
    expect(docs[2]).toMatchObject({ cancelReason: 'expired', paid: false });

    // The migrated orders behave as any: the unpaid one can be paid, the paid one moved on.
    await payOrder(unpaid.id, 'pi_after_migration');
    expect((await move(admin, paid.id, 'processing')).status).toBe(200);
    const again = (await orderDoc(paid.id))!.history;
    await runMigrations(db);
    expect((await orderDoc(paid.id))!.history).toEqual(again);
    expect((await findOrder(unpaid.id))!.status).toBe('paid');
  });
});
