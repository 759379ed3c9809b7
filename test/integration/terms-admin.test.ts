import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../support/users';

// A company's payment terms, set by a store admin on the real engine: prepay until set, net terms
// with a credit limit, bad terms refused field by field, unknown companies 404, nobody else may,
// and what the company owes is never changed by changing its terms.

let db: typeof import('../support/db');
let users: typeof import('../support/users');
let json: typeof import('../support/orders').json;
let companies: typeof import('@/lib/companies');
let routes: typeof import('@/app/api/admin/companies/[companyId]/terms/route');

beforeAll(async () => {
  db = await import('../support/db');
  users = await import('../support/users');
  ({ json } = await import('../support/orders'));
  companies = await import('@/lib/companies');
  routes = await import('@/app/api/admin/companies/[companyId]/terms/route');
});

afterAll(async () => {
  await db?.closeConnection();
});

const path = (companyId: string) => `/api/admin/companies/${companyId}/terms`;
const read = (who: Actor, companyId: string) =>
  json(
    routes.GET(
      users.request(path(companyId), { headers: who.headers }),
      users.params({ companyId }),
    ),
  );
const set = (who: Actor, companyId: string, body: unknown) =>
  json(
    routes.PATCH(
      users.request(path(companyId), { method: 'PATCH', headers: who.headers, json: body }),
      users.params({ companyId }),
    ),
  );

async function company(): Promise<{ companyId: string; owner: Actor }> {
  const owner = await users.createActor('user', 'Olive Owner');
  await (await import('../support/factories')).verifyEmail(owner.user);
  const created = await companies.createCompanyFor(owner.user, {
    name: 'Terms Works Ltd',
    taxId: null,
    billingAddress: '1 Ledger Row, Leeds',
  });
  return { companyId: created._id, owner };
}

describe('a company’s payment terms', () => {
  it('are prepay until a store admin sets net terms, which read back as set', async () => {
    const admin = await users.createActor('admin');
    const { companyId } = await company();
    const before = await read(admin, companyId);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ mode: 'prepay', exposureCents: 0, availableCents: 0 });

    const net = await set(admin, companyId, {
      mode: 'net',
      netDays: 30,
      creditLimitCents: 1_000_000,
    });
    expect(net.status).toBe(200);
    expect(net.body).toEqual({
      mode: 'net',
      netDays: 30,
      creditLimitCents: 1_000_000,
      invoiceOn: 'shipment',
      holdAfterDaysOverdue: 15,
      exposureCents: 0,
      availableCents: 1_000_000,
      onHold: false,
    });
    expect((await read(admin, companyId)).body).toEqual(net.body);
    const stored = await db
      .collections(await db.getDb())
      .paymentTerms.findOne({ companyId: new ObjectId(companyId) });
    expect(stored?.updatedBy).toEqual(new ObjectId(admin.user.id));
  });

  it('keep what the company owes when they change, also back to prepay', async () => {
    const admin = await users.createActor('admin');
    const { companyId } = await company();
    await set(admin, companyId, { mode: 'net', netDays: 45, creditLimitCents: 500_000 });
    await db
      .collections(await db.getDb())
      .paymentTerms.updateOne(
        { companyId: new ObjectId(companyId) },
        { $set: { exposureCents: 120_000 } },
      );
    const lower = await set(admin, companyId, {
      mode: 'net',
      netDays: 15,
      creditLimitCents: 100_000,
      invoiceOn: 'order',
      holdAfterDaysOverdue: 5,
    });
    expect(lower.body).toMatchObject({
      exposureCents: 120_000,
      availableCents: 0,
      invoiceOn: 'order',
    });
    const prepay = await set(admin, companyId, { mode: 'prepay' });
    expect(prepay.body).toMatchObject({
      mode: 'prepay',
      exposureCents: 120_000,
      availableCents: 0,
    });
  });

  it('two first settings at once make one document', async () => {
    const admin = await users.createActor('admin');
    const { companyId } = await company();
    const answers = await Promise.all([
      set(admin, companyId, { mode: 'net', netDays: 30, creditLimitCents: 1 }),
      set(admin, companyId, { mode: 'net', netDays: 60, creditLimitCents: 2 }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(
      await db
        .collections(await db.getDb())
        .paymentTerms.countDocuments({ companyId: new ObjectId(companyId) }),
    ).toBe(1);
  });

  it('refuse terms outside the allowed set (422 with the field), unknown companies (404) and everyone but admins (403)', async () => {
    const admin = await users.createActor('admin');
    const { companyId, owner } = await company();
    for (const [body, field] of [
      [{ mode: 'net', netDays: 20, creditLimitCents: 100 }, 'netDays'],
      [{ mode: 'net', netDays: 30, creditLimitCents: -1 }, 'creditLimitCents'],
      [{ mode: 'net', netDays: 30, creditLimitCents: 2 ** 53 }, 'creditLimitCents'],
      [
        { mode: 'net', netDays: 30, creditLimitCents: 10, holdAfterDaysOverdue: 0 },
        'holdAfterDaysOverdue',
      ],
      [{ mode: 'net', netDays: 30 }, 'creditLimitCents'],
    ] as const) {
      const refused = await set(admin, companyId, body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(refused.body.error.details.fields)).toContain(field);
    }
    const unknown = new ObjectId().toHexString();
    expect((await set(admin, unknown, { mode: 'prepay' })).status).toBe(404);
    expect((await read(admin, unknown)).status).toBe(404);
    expect(
      (await set(owner, companyId, { mode: 'net', netDays: 30, creditLimitCents: 1 })).status,
    ).toBe(403);
    expect((await read(owner, companyId)).status).toBe(403);
    expect(
      await db
        .collections(await db.getDb())
        .paymentTerms.countDocuments({ companyId: new ObjectId(companyId) }),
    ).toBe(0);
  });
});
