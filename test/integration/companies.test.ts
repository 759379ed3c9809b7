import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../support/users';

// Company accounts on the real engine: a company made by its owner, one company per person (even
// for two requests at once), reading and changing it, and what people without one see.

let db: typeof import('../support/db');
let users: typeof import('../support/users');
let json: typeof import('../support/orders').json;
let createRoute: typeof import('@/app/api/companies/route').POST;
let meRoutes: typeof import('@/app/api/companies/me/route');

beforeAll(async () => {
  db = await import('../support/db');
  users = await import('../support/users');
  ({ json } = await import('../support/orders'));
  createRoute = (await import('@/app/api/companies/route')).POST;
  meRoutes = await import('@/app/api/companies/me/route');
});

afterAll(async () => {
  await db?.closeConnection();
});

const noParams = () => ({ params: Promise.resolve({}) });

const create = (who: Actor, body: unknown) =>
  json(
    createRoute(
      users.request('/api/companies', { method: 'POST', headers: who.headers, json: body }),
      noParams(),
    ),
  );
const getMine = (who: Actor) =>
  json(meRoutes.GET(users.request('/api/companies/me', { headers: who.headers }), noParams()));
const patchMine = (who: Actor, body: unknown) =>
  json(
    meRoutes.PATCH(
      users.request('/api/companies/me', { method: 'PATCH', headers: who.headers, json: body }),
      noParams(),
    ),
  );

/** A signed-in person whose email is verified: who may create a company. */
async function verifiedActor(name: string): Promise<Actor> {
  const actor = await users.createActor('user', name);
  await (await import('../support/factories')).verifyEmail(actor.user);
  return actor;
}

const company = {
  name: 'Whitfield Engineering Ltd',
  taxId: 'GB123456789',
  billingAddress: '12 Mill Road\nSheffield S1 2AB',
};

describe('POST /api/companies', () => {
  it('makes the caller its owner, and a person belongs to one company only', async () => {
    const owner = await verifiedActor('Dana Whitfield');
    const created = await create(owner, company);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      ...company,
      shippingAddresses: [],
      memberCount: 1,
      membership: { role: 'owner', approvalLimitCents: null },
    });
    const again = await create(owner, { ...company, name: 'Another Ltd' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/already belong to a company/);
    const members = await db
      .collections(await db.getDb())
      .companyMembers.countDocuments({ userId: new ObjectId(owner.user.id) });
    expect(members).toBe(1);
  });

  it('of two creations at once by one person, exactly one goes on', async () => {
    const owner = await verifiedActor('Twice Quick');
    const answers = await Promise.all([create(owner, company), create(owner, company)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
  });

  it('refuses missing fields and control characters with field messages, writing nothing', async () => {
    const owner = await users.createActor('user', 'Careful Typist');
    const missing = await create(owner, { taxId: 'GB1' });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.error.details.fields).sort()).toEqual([
      'billingAddress',
      'name',
    ]);
    const control = await create(owner, { ...company, name: 'Evil\u202E Ltd' });
    expect(control.status).toBe(422);
    expect(control.body.error.details.fields.name[0]).toMatch(/printable/);
    const badTax = await create(owner, { ...company, taxId: 'GB<1>' });
    expect(badTax.status).toBe(422);
    expect((await getMine(owner)).status).toBe(404);
  });
});

describe('GET and PATCH /api/companies/me', () => {
  it('answers 404 to a person without a company, who uses the store as before', async () => {
    const loner = await users.createActor('user', 'Solo Buyer');
    const answer = await getMine(loner);
    expect(answer.status).toBe(404);
    expect(answer.body.error.message).toMatch(/do not belong to a company/);
    expect((await patchMine(loner, { name: 'X' })).status).toBe(404);
  });

  it('the owner changes the name, tax id and billing address', async () => {
    const owner = await verifiedActor('Owner Changes');
    await create(owner, company);
    const changed = await patchMine(owner, { name: 'Whitfield Holdings', taxId: null });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      name: 'Whitfield Holdings',
      taxId: null,
      billingAddress: company.billingAddress,
    });
    expect((await getMine(owner)).body).toMatchObject({ name: 'Whitfield Holdings' });
    expect((await patchMine(owner, {})).status).toBe(422);
  });

  it('a member whose role does not manage the company may read it but not change it', async () => {
    const owner = await verifiedActor('Owner Of Two');
    const buyer = await users.createActor('user', 'Plain Buyer');
    const created = await create(owner, company);
    await db.collections(await db.getDb()).companyMembers.insertOne({
      _id: new ObjectId(),
      companyId: new ObjectId(created.body._id),
      userId: new ObjectId(buyer.user.id),
      role: 'buyer',
      approvalLimitCents: 100_000,
      joinedAt: new Date(),
    });
    const read = await getMine(buyer);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      _id: created.body._id,
      memberCount: 2,
      membership: { role: 'buyer', approvalLimitCents: 100_000 },
    });
    const refused = await patchMine(buyer, { name: 'Taken Over Ltd' });
    expect(refused.status).toBe(403);
    expect((await getMine(owner)).body.name).toBe(company.name);
  });
});
