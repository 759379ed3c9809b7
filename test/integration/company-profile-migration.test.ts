import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// My Profile's company name and tax id are never turned into a company by the store: the start-up
// migrations leave every account exactly as it was and make no company; the profile's values only
// prefill "Create your company" (the company page reads them), until the person creates one.

let db: typeof import('../support/db');
let factories: typeof import('../support/factories');
let companies: typeof import('@/lib/companies');
let runMigrations: typeof import('@/lib/startup/migrations').runMigrations;

beforeAll(async () => {
  db = await import('../support/db');
  factories = await import('../support/factories');
  companies = await import('@/lib/companies');
  ({ runMigrations } = await import('@/lib/startup/migrations'));
});

afterAll(async () => {
  await db?.closeConnection();
});

describe('the company fields of My Profile', () => {
  it('are left as they are by the migrations, which create no company', async () => {
    const { users, companies: companyDocs, companyMembers } = db.collections(await db.getDb());
    const withCompany = await factories.makeUser({ name: 'Pro File' });
    const without = await factories.makeUser({ name: 'No Company' });
    await users.updateOne(
      { _id: new ObjectId(withCompany.id) },
      { $set: { company: 'Whitfield Engineering Ltd', taxId: 'GB123456789' } },
    );
    const ids = [new ObjectId(withCompany.id), new ObjectId(without.id)];
    const before = await users
      .find({ _id: { $in: ids } })
      .sort({ _id: 1 })
      .toArray();
    const companiesBefore = await companyDocs.countDocuments();
    const membersBefore = await companyMembers.countDocuments();

    await runMigrations(await db.getDb());
    await runMigrations(await db.getDb());

    expect(
      await users
        .find({ _id: { $in: ids } })
        .sort({ _id: 1 })
        .toArray(),
    ).toEqual(before);
    expect(await companyDocs.countDocuments()).toBe(companiesBefore);
    expect(await companyMembers.countDocuments()).toBe(membersBefore);
    expect(await companies.companyOfMember(withCompany)).toBeNull();
    expect(await companies.companyOfMember(without)).toBeNull();
  });

  it('stay in the profile once the person creates their company from them', async () => {
    const { users } = db.collections(await db.getDb());
    const person = await factories.makeUser({ name: 'Now Owner', verified: true });
    await users.updateOne(
      { _id: new ObjectId(person.id) },
      { $set: { company: 'Raman Fabrication Ltd', taxId: 'GB 987 6543 21' } },
    );
    const created = await companies.createCompanyFor(person, {
      name: 'Raman Fabrication Ltd',
      taxId: 'GB 987 6543 21',
      billingAddress: '14 Foundry Lane\nSheffield S1 2AB',
    });
    expect(created.membership.role).toBe('owner');
    const stored = await users.findOne({ _id: new ObjectId(person.id) });
    expect(stored).toMatchObject({ company: 'Raman Fabrication Ltd', taxId: 'GB 987 6543 21' });
  });
});
