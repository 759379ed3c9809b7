import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeConnection, collections, getDb } from '../support/db';
import { findUserById } from '@/lib/accounts/store/users';
import { GET as getDetail, PUT as putDetail } from '@/app/api/userdetail/[email]/route';
import { createActor, params, request, type Actor } from '../support/users';

// My Profile's optional business fields: company name and tax id / VAT number, stored on the
// user document as `company` and `taxId` and answered by the profile API (for invoices).

let a: Actor;
let b: Actor;

beforeAll(async () => {
  [a, b] = await Promise.all([createActor('user', 'Buyer A'), createActor('user', 'Buyer B')]);
});
afterAll(closeConnection);

async function call(response: Response | Promise<Response>) {
  const res = await response;
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const spec = (actor: Actor) => ({
  name: actor.user.name,
  email: actor.user.email,
  education: 'BSc Mechanical Engineering',
  location: 'Leeds',
  link: 'https://example.com/me',
});

const put = (actor: Actor, json: unknown, email = actor.user.email) =>
  call(
    putDetail(
      request(`/api/userdetail/${email}`, { method: 'PUT', headers: actor.headers, json }),
      params({ email }),
    ),
  );

const get = (actor: Actor) =>
  call(
    getDetail(
      request(`/api/userdetail/${actor.user.email}`, { headers: actor.headers }),
      params({ email: actor.user.email }),
    ),
  );

const userDoc = async (actor: Actor) =>
  collections(await getDb()).users.findOne({ email: actor.user.email });

describe('company and tax id on My Profile', () => {
  it('are stored trimmed on the user document and answered by the profile API', async () => {
    const saved = await put(a, {
      ...spec(a),
      company: '  Acme Gear Works Ltd  ',
      taxId: ' GB 123 4567 89 ',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      ...spec(a),
      company: 'Acme Gear Works Ltd',
      taxId: 'GB 123 4567 89',
    });
    expect(await userDoc(a)).toMatchObject({
      company: 'Acme Gear Works Ltd',
      taxId: 'GB 123 4567 89',
    });
    expect((await get(a)).body).toMatchObject({
      company: 'Acme Gear Works Ltd',
      taxId: 'GB 123 4567 89',
    });
    // The accounts store's User carries them for the invoice.
    expect(await findUserById(a.user.id)).toMatchObject({
      company: 'Acme Gear Works Ltd',
      taxId: 'GB 123 4567 89',
    });
  });

  it("leaving them out keeps them (the specification's payload), '' or null removes them", async () => {
    await put(a, { ...spec(a), company: 'Acme', taxId: 'DE123456789' });
    const kept = await put(a, spec(a));
    expect(kept.body).toMatchObject({ company: 'Acme', taxId: 'DE123456789' });

    const cleared = await put(a, { ...spec(a), company: '', taxId: null });
    expect(cleared.body).toMatchObject({ company: '', taxId: '' });
    const doc = await userDoc(a);
    expect(doc).not.toHaveProperty('company');
    expect(doc).not.toHaveProperty('taxId');
  });

  it.each([
    [
      'a company of 121 characters',
      { company: 'C'.repeat(121) },
      'company',
      'Company must be at most 120 characters',
    ],
    [
      'a company with a line break',
      { company: 'Acme\nLtd' },
      'company',
      'Company must use printable characters only',
    ],
    [
      'a company as an object',
      { company: { $set: 'x' } },
      'company',
      'Company must use printable characters only',
    ],
    [
      'a tax id of 41 characters',
      { taxId: '1'.repeat(41) },
      'taxId',
      'Tax ID / VAT number must be at most 40 characters',
    ],
    [
      'a tax id with a slash',
      { taxId: 'DE/123' },
      'taxId',
      'Tax ID / VAT number may use letters, digits, spaces, dots and dashes only',
    ],
    [
      'a tax id with markup',
      { taxId: '<b>1</b>' },
      'taxId',
      'Tax ID / VAT number may use letters, digits, spaces, dots and dashes only',
    ],
  ])(
    'refuses %s with 422 on the field and changes nothing',
    async (_label, extra, field, message) => {
      await put(b, { ...spec(b), company: 'Before Ltd', taxId: 'BEFORE-1' });
      const before = await userDoc(b);
      const res = await put(b, { ...spec(b), ...extra });
      expect(res.status).toBe(422);
      expect(res.body.error.details.fields[field]).toEqual([message]);
      expect(await userDoc(b)).toEqual(before);
    },
  );

  it('takes the longest values allowed', async () => {
    const company = 'C'.repeat(120);
    const taxId = 'A1 .-'.repeat(8);
    const res = await put(b, { ...spec(b), company, taxId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ company, taxId: taxId.trim() });
  });

  it("nobody sets them on someone else's profile", async () => {
    const res = await put(b, { ...spec(a), company: 'Hijack Ltd' }, a.user.email);
    expect(res.status).toBe(403);
    expect((await userDoc(a))?.company).not.toBe('Hijack Ltd');
  });
});
