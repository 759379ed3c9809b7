import { ObjectId } from 'mongodb';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../support/users';

// The store admin's side of company accounts on the real engine: the company list searched and
// paged, one company with its members and orders, members added and removed for support (the
// last owner stays), unknown ids, and callers who are not admins.

let db: typeof import('../support/db');
let users: typeof import('../support/users');
let factories: typeof import('../support/factories');
let json: typeof import('../support/orders').json;
let companies: typeof import('@/lib/companies');
let listRoute: typeof import('@/app/api/admin/companies/route');
let companyRoute: typeof import('@/app/api/admin/companies/[companyId]/route');
let membersRoute: typeof import('@/app/api/admin/companies/[companyId]/members/route');
let memberRoute: typeof import('@/app/api/admin/companies/[companyId]/members/[userId]/route');

let admin: Actor;
let buyer: Actor;

beforeAll(async () => {
  db = await import('../support/db');
  users = await import('../support/users');
  factories = await import('../support/factories');
  ({ json } = await import('../support/orders'));
  companies = await import('@/lib/companies');
  listRoute = await import('@/app/api/admin/companies/route');
  companyRoute = await import('@/app/api/admin/companies/[companyId]/route');
  membersRoute = await import('@/app/api/admin/companies/[companyId]/members/route');
  memberRoute = await import('@/app/api/admin/companies/[companyId]/members/[userId]/route');
  [admin, buyer] = await Promise.all([
    users.createActor('admin', 'Ada Admin'),
    users.createActor('user', 'Bo Buyer'),
  ]);
});

afterAll(async () => {
  await db?.closeConnection();
});

const list = (who: Actor, query = '') =>
  listRoute.GET(
    users.request(`/api/admin/companies${query}`, { headers: who.headers }),
    users.params({}),
  );
const detail = (who: Actor, companyId: string) =>
  json(
    companyRoute.GET(
      users.request(`/api/admin/companies/${companyId}`, { headers: who.headers }),
      users.params({ companyId }),
    ),
  );
const addMember = (who: Actor, companyId: string, body: unknown) =>
  json(
    membersRoute.POST(
      users.request(`/api/admin/companies/${companyId}/members`, {
        method: 'POST',
        headers: who.headers,
        json: body,
      }),
      users.params({ companyId }),
    ),
  );
const removeMember = (who: Actor, companyId: string, userId: string) =>
  memberRoute.DELETE(
    users.request(`/api/admin/companies/${companyId}/members/${userId}`, {
      method: 'DELETE',
      headers: who.headers,
    }),
    users.params({ companyId, userId }),
  );

/** A company with a new owner of its own; its id and the owner. */
async function companyNamed(name: string) {
  const owner = await factories.makeUser({ name: `Owner of ${name}`, verified: true });
  const made = await companies.createCompanyFor(owner, {
    name,
    taxId: 'GB123456789',
    billingAddress: '12 Mill Road\nSheffield S1 2AB',
  });
  return { id: made._id, owner };
}

async function companyDoc(id: string) {
  return db.collections(await db.getDb()).companies.findOne({ _id: new ObjectId(id) });
}

async function membersOf(id: string) {
  return db
    .collections(await db.getDb())
    .companyMembers.find({ companyId: new ObjectId(id) })
    .toArray();
}

describe('GET /api/admin/companies', () => {
  it('lists the companies by name, searched in any case, paged with X-Total-Count and Link', async () => {
    const tag = `Zq${randomBytes(3).toString('hex')}`;
    const names = [`${tag} Alpha Ltd`, `${tag} beta Works`, `${tag} Gamma (UK)`];
    const made = [];
    for (const name of names) made.push(await companyNamed(name));
    const other = await companyNamed(`Unrelated ${randomBytes(3).toString('hex')}`);

    const first = await list(admin, `?q=${tag.toUpperCase()}&limit=2`);
    expect(first.status).toBe(200);
    expect(first.headers.get('X-Total-Count')).toBe('3');
    expect(first.headers.get('Link')).toBe(
      `</api/admin/companies?q=${tag.toUpperCase()}&limit=2&page=2>; rel="next"`,
    );
    const firstPage = (await first.json()) as Array<Record<string, unknown>>;
    expect(firstPage.map((row) => row.name)).toEqual(names.slice(0, 2));
    expect(firstPage[0]).toEqual({
      _id: made[0]!.id,
      name: names[0],
      taxId: 'GB123456789',
      memberCount: 1,
      openOrderCount: 0,
      createdAt: expect.any(String),
    });

    const second = await list(admin, `?q=${tag}&limit=2&page=2`);
    const secondPage = (await second.json()) as Array<Record<string, unknown>>;
    expect(secondPage.map((row) => row.name)).toEqual([names[2]]);
    expect(second.headers.get('Link')).toMatch(/rel="prev"/);

    // The search text is literal: a regular expression's characters match themselves.
    const literal = (await (
      await list(admin, `?q=${encodeURIComponent('(UK)')}`)
    ).json()) as Array<{
      name: string;
    }>;
    expect(literal.map((row) => row.name)).toContain(names[2]);
    const dotStar = await list(admin, `?q=${encodeURIComponent(`${tag}.*`)}`);
    expect(dotStar.headers.get('X-Total-Count')).toBe('0');

    const unfiltered = await list(admin, '?limit=100');
    expect(Number(unfiltered.headers.get('X-Total-Count'))).toBeGreaterThanOrEqual(4);
    expect(other.id).toMatch(/^[0-9a-f]{24}$/);
  });

  it('counts open orders: unpaid, awaiting approval, confirmed on account, paid, processing; not shipped or cancelled', async () => {
    const name = `Orders ${randomBytes(3).toString('hex')} Ltd`;
    const { id, owner } = await companyNamed(name);
    const product = await factories.makeProduct({ availableQuantity: 1_000_000 });
    const orders = db.collections(await db.getDb()).orders;
    const statuses = [
      'unpaid',
      'awaiting_approval',
      'confirmed',
      'paid',
      'processing',
      'shipped',
      'cancelled',
    ] as const;
    for (const status of statuses) {
      const order = await factories.makeOrder(owner, product);
      await orders.updateOne(
        { _id: new ObjectId(order._id) },
        { $set: { companyId: new ObjectId(id), status } },
      );
    }
    const answer = await list(admin, `?q=${encodeURIComponent(name)}`);
    const rows = (await answer.json()) as Array<{ _id: string; openOrderCount: number }>;
    expect(rows.find((row) => row._id === id)?.openOrderCount).toBe(5);

    const shown = await detail(admin, id);
    expect(shown.status).toBe(200);
    expect(shown.body.orders).toHaveLength(7);
    expect(shown.body.orders[0]).toEqual({
      _id: expect.any(String),
      createdAt: expect.any(String),
      status: expect.any(String),
      totalCents: expect.any(Number),
      placedBy: { userId: owner.id, name: owner.name, email: owner.email },
    });
  });

  it('refuses a bad query with 400 and the field issues', async () => {
    const long = await json(list(admin, `?q=${'a'.repeat(101)}`));
    expect(long.status).toBe(400);
    expect(Object.keys(long.body.error.details.fields)).toEqual(['q']);
    expect((await list(admin, '?page=0')).status).toBe(400);
    expect((await list(admin, '?limit=500')).status).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await list(buyer)).status).toBe(403);
    const anonymous = await listRoute.GET(users.request('/api/admin/companies'), users.params({}));
    expect(anonymous.status).toBe(401);
  });
});

describe('GET /api/admin/companies/{companyId}', () => {
  it('answers the company with its members, their accounts and roles', async () => {
    const { id, owner } = await companyNamed(`Detail ${randomBytes(3).toString('hex')} Ltd`);
    const shown = await detail(admin, id);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({
      _id: id,
      name: expect.stringMatching(/^Detail /),
      taxId: 'GB123456789',
      billingAddress: '12 Mill Road\nSheffield S1 2AB',
      shippingAddresses: [],
      createdAt: expect.any(String),
      members: [
        {
          userId: owner.id,
          name: owner.name,
          email: owner.email,
          role: 'owner',
          approvalLimitCents: null,
          monthlyLimitCents: null,
          joinedAt: expect.any(String),
        },
      ],
      orders: [],
    });
  });

  it('answers 404 company.not_found for an unknown id, 400 for a malformed one, 403 to buyers', async () => {
    const unknown = await detail(admin, new ObjectId().toHexString());
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('No company has this id.');
    expect((await detail(admin, 'not-an-id')).status).toBe(400);
    const { id } = await companyNamed(`Hidden ${randomBytes(3).toString('hex')} Ltd`);
    expect((await detail(buyer, id)).status).toBe(403);
  });
});

describe('POST /api/admin/companies/{companyId}/members', () => {
  it('adds an existing account with its role; an owner counts among the owners', async () => {
    const { id } = await companyNamed(`Adds ${randomBytes(3).toString('hex')} Ltd`);
    const person = await factories.makeUser({ name: 'New Member' });
    const added = await addMember(admin, id, {
      email: `  ${person.email.toUpperCase()} `,
      role: 'approver',
      approvalLimitCents: 250_000,
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      userId: person.id,
      name: 'New Member',
      email: person.email,
      role: 'approver',
      approvalLimitCents: 250_000,
      monthlyLimitCents: null,
      joinedAt: expect.any(String),
    });
    expect((await companyDoc(id))?.ownerCount).toBe(1);

    const second = await factories.makeUser({ name: 'Second Owner' });
    expect((await addMember(admin, id, { email: second.email, role: 'owner' })).status).toBe(201);
    expect((await companyDoc(id))?.ownerCount).toBe(2);
    expect((await detail(admin, id)).body.members.map((m: { role: string }) => m.role)).toEqual([
      'owner',
      'approver',
      'owner',
    ]);
  });

  it('refuses an unknown email (404), a member of this company or another (409), writing nothing', async () => {
    const { id, owner } = await companyNamed(`Refuses ${randomBytes(3).toString('hex')} Ltd`);
    const elsewhere = await companyNamed(`Elsewhere ${randomBytes(3).toString('hex')} Ltd`);

    const nobody = await addMember(admin, id, {
      email: factories.freshEmail('nobody'),
      role: 'buyer',
    });
    expect(nobody.status).toBe(404);
    expect(nobody.body.error.message).toBe('No user has this email.');

    const again = await addMember(admin, id, { email: owner.email, role: 'buyer' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toContain('is already a member');

    const other = await addMember(admin, id, { email: elsewhere.owner.email, role: 'buyer' });
    expect(other.status).toBe(409);
    expect(other.body.error.message).toContain('already belongs to another company');

    const unknownCompany = await addMember(admin, new ObjectId().toHexString(), {
      email: owner.email,
      role: 'buyer',
    });
    expect(unknownCompany.status).toBe(404);

    const invalid = await addMember(admin, id, { email: 'no-at-sign', role: 'boss' });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.error.details.fields).sort()).toEqual(['email', 'role']);

    expect(await membersOf(id)).toHaveLength(1);
    expect((await companyDoc(id))?.ownerCount).toBe(1);
    expect((await addMember(buyer, id, { email: owner.email, role: 'buyer' })).status).toBe(403);
  });

  it('of two additions of one person at once, exactly one goes on', async () => {
    const { id } = await companyNamed(`Race ${randomBytes(3).toString('hex')} Ltd`);
    const person = await factories.makeUser({ name: 'Wanted Twice' });
    const answers = await Promise.all([
      addMember(admin, id, { email: person.email, role: 'owner' }),
      addMember(admin, id, { email: person.email, role: 'owner' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect((await companyDoc(id))?.ownerCount).toBe(2);
  });
});

describe('DELETE /api/admin/companies/{companyId}/members/{userId}', () => {
  it('removes a member (204); the last owner stays (409); not a member is 404', async () => {
    const { id, owner } = await companyNamed(`Removes ${randomBytes(3).toString('hex')} Ltd`);
    const person = await factories.makeUser({ name: 'Short Stay' });
    await addMember(admin, id, { email: person.email, role: 'buyer' });

    const removed = await removeMember(admin, id, person.id);
    expect(removed.status).toBe(204);
    expect(await removed.text()).toBe('');
    expect(await membersOf(id)).toHaveLength(1);

    const last = await json(removeMember(admin, id, owner.id));
    expect(last.status).toBe(409);
    expect(last.body.error.message).toMatch(/at least one owner/);
    expect((await companyDoc(id))?.ownerCount).toBe(1);
    expect(await membersOf(id)).toHaveLength(1);

    const gone = await json(removeMember(admin, id, person.id));
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('not_found');
    expect((await removeMember(admin, new ObjectId().toHexString(), owner.id)).status).toBe(404);
    expect((await removeMember(buyer, id, owner.id)).status).toBe(403);
    expect(await membersOf(id)).toHaveLength(1);
  });

  it('an owner leaves while another stays; of the last two removed at once, one stays', async () => {
    const { id, owner } = await companyNamed(`Owners ${randomBytes(3).toString('hex')} Ltd`);
    const second = await factories.makeUser({ name: 'Co Owner' });
    await addMember(admin, id, { email: second.email, role: 'owner' });
    expect((await companyDoc(id))?.ownerCount).toBe(2);

    const answers = await Promise.all([
      removeMember(admin, id, owner.id),
      removeMember(admin, id, second.id),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, 409]);
    expect((await companyDoc(id))?.ownerCount).toBe(1);
    const left = await membersOf(id);
    expect(left).toHaveLength(1);
    expect(left[0]?.role).toBe('owner');
  });
});
