import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../support/users';

// Money to return marked returned by a store admin (POST /api/admin/money-to-return/{id}/returned)
// on the real engine: once, with who, when and a note; a second mark (one after the other or two
// at once) is a 409 that changes nothing; the invoices list shows what is still to return apart
// from what was returned. The entries are recorded through billing's own store, as a Stripe
// event records them.

const users = await import('../support/users');
const db = await import('../support/db');
const { json } = await import('../support/orders');
const fixtures = await import('../support/companies');
const factories = await import('../support/factories');
const { collections: billingCollections } = await import('@/lib/billing/collections');
const returnedRoute = await import('@/app/api/admin/money-to-return/[id]/returned/route');
const invoicesRoute = await import('@/app/api/invoices/route');

let admin: Actor;
let companyId: ObjectId;

beforeAll(async () => {
  admin = await users.createActor('admin', 'Ada Admin');
  ({ companyId } = await fixtures.makeCompany([], 'Refund Works Ltd'));
});

afterAll(async () => {
  await db.closeConnection();
});

/** Money to return of `amountCents` for the company. */
const moneyToReturn = (amountCents: number) =>
  factories.makeMoneyToReturn(companyId, { amountCents });

const returns = async () => billingCollections(await db.getDb()).moneyToReturn;

const markReturned = (who: Actor, id: string, body: unknown = {}) =>
  json(
    returnedRoute.POST(
      users.request(`/api/admin/money-to-return/${id}/returned`, {
        method: 'POST',
        headers: who.session,
        json: body,
      }),
      users.params({ id }),
    ),
  );

const adminList = () =>
  json(
    invoicesRoute.GET(users.request('/api/invoices', { headers: admin.session }), users.params({})),
  );

describe('marking money to return as returned', () => {
  it('records who, when and the note once; the list shows it apart; a second mark is 409 and changes nothing', async () => {
    const id = await moneyToReturn(12_500);
    const other = await moneyToReturn(700);
    const before = await adminList();
    expect(before.status).toBe(200);
    const owed = before.body.moneyToReturn.totalCents;
    const count = before.body.moneyToReturn.count;

    const marked = await markReturned(admin, id, {
      note: '  Refunded at Stripe: re_123\nby card  ',
    });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({
      _id: id,
      status: 'returned',
      amountCents: 12_500,
      companyName: 'Refund Works Ltd',
      returnedBy: { id: admin.user.id, name: 'Ada Admin' },
      returnNote: 'Refunded at Stripe: re_123\nby card',
    });
    const doc = (await (await returns()).findOne({ _id: new ObjectId(id) }))!;
    expect(doc).toMatchObject({
      status: 'returned',
      returnNote: 'Refunded at Stripe: re_123\nby card',
    });
    expect(doc.returnedBy!.toHexString()).toBe(admin.user.id);
    expect(Math.abs(doc.returnedAt!.getTime() - Date.now())).toBeLessThan(60_000);
    expect(marked.body.returnedAt).toBe(doc.returnedAt!.toISOString());

    const after = await adminList();
    expect(after.body.moneyToReturn.count).toBe(count - 1);
    expect(after.body.moneyToReturn.totalCents).toBe(owed - 12_500);
    const stillOwed = after.body.moneyToReturn.items.map((entry: { _id: string }) => entry._id);
    expect(stillOwed).toContain(other);
    expect(stillOwed).not.toContain(id);
    expect(after.body.moneyToReturn.returned).toEqual([
      expect.objectContaining({ _id: id, status: 'returned', returnedBy: marked.body.returnedBy }),
    ]);

    // Again (a second click, another admin at the same moment): refused, nothing changes.
    const backupAdmin = await users.createActor('admin', 'Bea Backup');
    const again = await markReturned(backupAdmin, id, { note: 'Cheque 42' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('conflict');
    expect(again.body.error.message).toContain('Ada Admin');
    expect(again.body.error.details).toMatchObject({
      returnedAt: doc.returnedAt!.toISOString(),
      returnedBy: { id: admin.user.id, name: 'Ada Admin' },
    });
    expect(await (await returns()).findOne({ _id: new ObjectId(id) })).toEqual(doc);
  });

  it('two marks at once: one is 200, the other 409', async () => {
    const id = await moneyToReturn(300);
    const answers = await Promise.all([markReturned(admin, id), markReturned(admin, id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const doc = await (await returns()).findOne({ _id: new ObjectId(id) });
    expect(doc).toMatchObject({ status: 'returned' });
    expect(doc!.returnNote ?? '').toBe('');
  });

  it('refuses an unknown id (404), a note over 500 characters (422) and a buyer (403), changing nothing', async () => {
    const id = await moneyToReturn(900);
    const snapshot = await (await returns()).findOne({ _id: new ObjectId(id) });

    const unknown = await markReturned(admin, new ObjectId().toHexString());
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');

    const long = await markReturned(admin, id, { note: 'x'.repeat(501) });
    expect(long.status).toBe(422);
    expect(long.body.error.details.fields.note).toBeDefined();
    expect((await markReturned(admin, id, { note: 'ok', extra: 1 })).status).toBe(422);

    const buyer = await users.createActor('user', 'Bo Buyer');
    expect((await markReturned(buyer, id)).status).toBe(403);

    expect(await (await returns()).findOne({ _id: new ObjectId(id) })).toEqual(snapshot);
    expect((await markReturned(admin, id, { note: 'x'.repeat(500) })).status).toBe(200);
  });
});
