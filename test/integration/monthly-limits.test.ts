import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../support/users';

// Spending over a period (issue 36, item 9) on the real engine, through the route handlers: an
// approval limit per order is beaten by splitting ($1,250 waits, two $800 orders pass), so a
// member may also have a limit per calendar month (`monthlyLimitCents`): an order that takes
// their month (orders placed and not cancelled) over it waits for approval like one over the
// per-order limit, orders placed at the same moment included; the members list shows each
// member's month so far; the limit is set where the approval limit is, with its validation.

let db: typeof import('../support/db');
let users: typeof import('../support/users');
let api: typeof import('../support/orders');
let make: typeof import('../support/factories');
let companies: typeof import('../support/companies');
let membersRoute: typeof import('@/app/api/companies/me/members/route').GET;

beforeAll(async () => {
  db = await import('../support/db');
  users = await import('../support/users');
  api = await import('../support/orders');
  make = await import('../support/factories');
  companies = await import('../support/companies');
  membersRoute = (await import('@/app/api/companies/me/members/route')).GET;
});

afterAll(async () => {
  await (await import('@/lib/core/background')).settleBackgroundWork();
  await db?.closeConnection();
});

const delivery = { address: '12 Foundry Lane, Sheffield', phone: '01142345678' };

const patchMember = (who: Actor, userId: string, body: unknown) =>
  companies.patchMember(who, userId, body);

const members = (who: Actor) =>
  api.json(
    membersRoute(
      users.request('/api/companies/me/members', { headers: who.headers }),
      users.params({}),
    ),
  );

/** 500 units at $1.60: an $800 order. */
const eightHundred = () => make.makeProduct({ price: 1.6, availableQuantity: 100_000 });

async function order(who: Actor, productId: string) {
  const res = await api.placeOrder(who, { productId, quantity: 500, ...delivery });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.insertedId as string;
  return { id, status: (await api.orderDoc(id))!.status };
}

/** A buyer with a $1,250 approval limit per order and a $1,500 limit a month, set by the owner. */
async function limitedBuyer() {
  const { owner, members: made } = await companies.makeCompany([
    { role: 'buyer', limitCents: 125_000, name: 'Sam Splitter' },
  ]);
  const sam = made[0]!;
  const set = await patchMember(owner, sam.user.id, { monthlyLimitCents: 150_000 });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  expect(set.body).toMatchObject({ approvalLimitCents: 125_000, monthlyLimitCents: 150_000 });
  return { owner, sam };
}

const monthOf = async (who: Actor, userId: string) =>
  ((await members(who)).body.items as Array<{ userId: string; monthSpentCents: number }>).find(
    (member) => member.userId === userId,
  )!.monthSpentCents;

describe('a monthly limit per member', () => {
  it('an order that takes the member’s month over it waits for approval, stock held', async () => {
    const { owner, sam } = await limitedBuyer();
    const part = await eightHundred();
    const first = await order(sam, part._id);
    expect(first.status).toBe('unpaid');
    const second = await order(sam, part._id);
    expect(second.status).toBe('awaiting_approval');
    expect(await api.stockOf(part._id)).toBe(99_000);
    const shown = (await api.getOrder(sam, second.id)).body;
    expect(shown.approval).toMatchObject({
      limitCents: 125_000,
      month: { limitCents: 150_000, totalCents: 160_000 },
    });

    // The members list shows each member's month so far: both orders count, awaiting included.
    const listed = (await members(owner)).body.items as Array<Record<string, unknown>>;
    expect(listed).toEqual([
      expect.objectContaining({
        userId: owner.user.id,
        monthlyLimitCents: null,
        monthSpentCents: 0,
      }),
      expect.objectContaining({
        userId: sam.user.id,
        monthlyLimitCents: 150_000,
        monthSpentCents: 160_000,
      }),
    ]);
  });

  it('cancelled orders and last month’s orders do not count', async () => {
    const { owner, sam } = await limitedBuyer();
    const part = await eightHundred();
    const first = await order(sam, part._id);
    expect((await api.deleteOrder(sam, first.id)).status).toBe(200);
    expect(await monthOf(owner, sam.user.id)).toBe(0);
    const second = await order(sam, part._id);
    expect(second.status).toBe('unpaid');
    // Placed last month: this month starts afresh.
    const now = new Date();
    await make.backdateOrder(
      second.id,
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 60_000),
    );
    expect(await monthOf(owner, sam.user.id)).toBe(0);
    expect((await order(sam, part._id)).status).toBe('unpaid');
  });

  it('orders placed at the same moment see each other: they never all pass', async () => {
    const { sam } = await limitedBuyer();
    const part = await eightHundred();
    const placed = await Promise.all([order(sam, part._id), order(sam, part._id)]);
    expect(placed.map((one) => one.status)).toContain('awaiting_approval');
  });

  it('is set where the approval limit is: validation in the standard shape, null for none', async () => {
    const { owner, members: made } = await companies.makeCompany([{ role: 'buyer' }]);
    const bob = made[0]!;
    for (const value of [-1, 1.5, 'lots', Number.MAX_SAFE_INTEGER + 2]) {
      const refused = await patchMember(owner, bob.user.id, { monthlyLimitCents: value });
      expect(refused.status, JSON.stringify(value)).toBe(422);
      expect(refused.body.error).toMatchObject({
        code: 'validation_failed',
        message: expect.any(String),
        details: { fields: { monthlyLimitCents: expect.arrayContaining([expect.any(String)]) } },
      });
    }
    const { companyMembers } = db.collections(await db.getDb());
    const doc = await companyMembers.findOne({ userId: new ObjectId(bob.user.id) });
    expect(doc?.monthlyLimitCents ?? null).toBeNull();
    expect((await patchMember(owner, bob.user.id, { monthlyLimitCents: 0 })).status).toBe(200);
    // The member sees their own monthly limit with their company.
    const { GET: myCompany } = await import('@/app/api/companies/me/route');
    const mine = await api.json(
      myCompany(users.request('/api/companies/me', { headers: bob.headers }), users.params({})),
    );
    expect(mine.body.membership).toMatchObject({ role: 'buyer', monthlyLimitCents: 0 });
    const cleared = await patchMember(owner, bob.user.id, { monthlyLimitCents: null });
    expect(cleared.body.monthlyLimitCents).toBeNull();
  });

  it('the store admin may add a member with one', async () => {
    const { companyId } = await companies.makeCompany([]);
    const admin = await users.createActor('admin');
    const person = await make.makeUser({ name: 'Ann Added', verified: true });
    const { POST: addMember } = await import('@/app/api/admin/companies/[companyId]/members/route');
    const add = (body: unknown) =>
      api.json(
        addMember(
          users.request(`/api/admin/companies/${companyId}/members`, {
            method: 'POST',
            headers: admin.headers,
            json: body,
          }),
          users.params({ companyId: companyId.toHexString() }),
        ),
      );
    const refused = await add({ email: person.email, role: 'buyer', monthlyLimitCents: -5 });
    expect(refused.status).toBe(422);
    expect(refused.body.error.details.fields).toHaveProperty('monthlyLimitCents');
    const added = await add({ email: person.email, role: 'buyer', monthlyLimitCents: 300_000 });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({ monthlyLimitCents: 300_000, approvalLimitCents: null });
  });
});
