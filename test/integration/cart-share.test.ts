import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@/lib/catalogue';
import { recipients, startSmtpServer, type SmtpServer } from '../support/smtp';
import type { Actor } from '../support/users';

// Sending an order list to a colleague (POST /api/cart/share), through the route on the real
// engine and a real SMTP server: an accounts member (a role that places no orders) sends their
// list to a buyer of the same company, whose list gets every line merged as adding does (same
// quantity rules, at most 100 lines) and who is mailed; the sender's list stays as it is. Every
// refusal leaves both lists and the outbox as they were: another company's member, a colleague
// whose role places no orders, oneself, an empty list, a list with a line that cannot be ordered,
// an unknown or malformed id, someone in no company, signed out, another site, too many sends.
// The environment is set before any app module is imported.

const TRUSTED = 'https://parts.forgeline.test';

let smtp: SmtpServer;
let db: typeof import('../support/db');
let users: typeof import('../support/users');
let make: typeof import('../support/factories');
let companyFixtures: typeof import('../support/companies');
let cartApi: typeof import('../support/cart');
let json: typeof import('../support/orders').json;
let background: typeof import('@/lib/core/background');
let shareRoute: typeof import('@/app/api/cart/share/route').POST;
let storeName: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  Object.assign(process.env, {
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Forgeline Parts <orders@forgeline.test>',
    AUTH_URL: TRUSTED,
  });
  db = await import('../support/db');
  users = await import('../support/users');
  make = await import('../support/factories');
  companyFixtures = await import('../support/companies');
  cartApi = await import('../support/cart');
  ({ json } = await import('../support/orders'));
  background = await import('@/lib/core/background');
  shareRoute = (await import('@/app/api/cart/share/route')).POST;
  ({ storeName } = await import('@/lib/core/site'));
});

afterAll(async () => {
  await background?.settleBackgroundWork();
  await smtp?.close();
  await db?.closeConnection();
});

// ---- Calls and fixtures --------------------------------------------------------------------

/** POST /api/cart/share with the caller's credential (their bearer token unless told). */
const share = (who: { headers: Record<string, string> }, body: unknown) =>
  json(
    shareRoute(
      users.request('/api/cart/share', { method: 'POST', headers: who.headers, json: body }),
      users.params({}),
    ),
  );

/** A company whose owner is verified, with an accounts member, a buyer and an approver. */
async function company() {
  const { companyId, owner, members } = await companyFixtures.makeCompany([
    { role: 'accounts', name: 'Art Accounts' },
    { role: 'buyer', name: 'Ana Buyer' },
    { role: 'approver', name: 'Apu Approver' },
  ]);
  const [accounts, buyer, approver] = members as [Actor, Actor, Actor];
  return { companyId, owner, accounts, buyer, approver };
}

const part = (overrides: Parameters<typeof make.makeProduct>[0] = {}) =>
  make.makeProduct({ price: 2.5, availableQuantity: 100_000, ...overrides });

/** The stored lines of a person's list: product and quantity, in order. */
async function linesOf(who: Actor) {
  const doc = await db
    .collections(await db.getDb())
    .carts.findOne({ _id: new ObjectId(who.user.id) });
  return (doc?.lines ?? []).map((line) => [line.productId.toHexString(), line.quantity]);
}

/** The order-list documents as they are (lines, received lists, queued mails), for "unchanged". */
async function listsOf(...people: Actor[]) {
  const carts = db.collections(await db.getDb()).carts;
  return Promise.all(people.map((who) => carts.findOne({ _id: new ObjectId(who.user.id) })));
}

async function add(who: Actor, product: Product, quantity: number) {
  const added = await cartApi.addLine(who, product._id, quantity);
  expect(added.status, JSON.stringify(added.body)).toBe(200);
}

/** The mail to `email` telling them a colleague sent their list (waits for it). */
async function sharedMailTo(email: string) {
  await background.settleBackgroundWork();
  return smtp.waitFor(
    (mail) =>
      recipients(mail).includes(email.toLowerCase()) &&
      mail.subject === `A colleague added parts to your order list on ${storeName}`,
  );
}

// ---- Sending ---------------------------------------------------------------------------------

describe('sending the order list to a colleague', () => {
  it('an accounts member sends every line to a buyer, who is mailed; their own list stays', async () => {
    const { accounts, buyer } = await company();
    const [bolts, nuts] = await Promise.all([part({ name: 'Hex Flange Bolt M10 x 40' }), part()]);
    await add(accounts, bolts, 1_000);
    await add(accounts, nuts, 600);
    const before = await linesOf(accounts);

    const sent = await share(accounts, { userId: buyer.user.id });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toEqual({
      sentLines: 2,
      colleague: { userId: buyer.user.id, name: 'Ana Buyer' },
    });
    expect(await linesOf(buyer)).toEqual([
      [bolts._id, 1_000],
      [nuts._id, 600],
    ]);
    // The buyer's list is an order list like any: priced, ready to check out.
    const theirs = await cartApi.getCart(buyer);
    expect(theirs.body).toMatchObject({ lineCount: 2, ready: true });
    expect(await linesOf(accounts)).toEqual(before);

    const mail = await sharedMailTo(buyer.user.email);
    const text = mail.text ?? '';
    expect(text).toContain(
      `Art Accounts sent you 2 lines of their order list on ${storeName}. They are in your order list now, added to what you already had. Nothing is ordered yet.`,
    );
    expect(text).toContain('Hex Flange Bolt M10 x 40');
    expect(text).toContain('1,000 pcs');
    expect(text).toContain(`${TRUSTED}/dashboard/cart`);
    // The sender's own words stay out of the subject.
    expect(mail.subject).not.toContain('Art Accounts');
    // The mail was sent and taken off the list's outbox.
    const [doc] = await listsOf(buyer);
    expect(doc?.outbox ?? []).toEqual([]);
  });

  it('merges into the colleague’s list as adding does: quantities added, new parts at the end', async () => {
    const { accounts, buyer } = await company();
    const [bolts, nuts, washers] = await Promise.all([part(), part(), part()]);
    await add(buyer, washers, 700);
    await add(buyer, bolts, 1_000);
    await add(accounts, bolts, 500);
    await add(accounts, nuts, 800);

    const sent = await share(accounts, { userId: buyer.user.id });
    expect(sent.status).toBe(200);
    expect(sent.body.sentLines).toBe(2);
    expect(await linesOf(buyer)).toEqual([
      [washers._id, 700],
      [bolts._id, 1_500],
      [nuts._id, 800],
    ]);
    // Sending again adds again, as adding to the list twice would.
    expect((await share(accounts, { userId: buyer.user.id })).status).toBe(200);
    expect(await linesOf(buyer)).toEqual([
      [washers._id, 700],
      [bolts._id, 2_000],
      [nuts._id, 1_600],
    ]);
  });

  it('two colleagues sending at the same moment, while the buyer adds: nothing is lost', async () => {
    const { accounts, approver, owner, buyer } = await company();
    const [bolts, nuts] = await Promise.all([part(), part()]);
    // The buyer's list exists and is empty (emptied), the case an insert cannot take.
    await add(buyer, nuts, 500);
    expect((await cartApi.emptyCart(buyer)).status).toBe(200);
    await add(accounts, bolts, 500);
    await add(approver, bolts, 600);
    await add(owner, nuts, 700);
    const answers = await Promise.all([
      share(accounts, { userId: buyer.user.id }),
      share(approver, { userId: buyer.user.id }),
      share(owner, { userId: buyer.user.id }),
      cartApi.addLine(buyer, bolts._id, 1_000),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const lines = Object.fromEntries(await linesOf(buyer));
    expect(lines).toEqual({ [bolts._id]: 2_100, [nuts._id]: 700 });
    // Each sender's mail was queued with their own lines: three mails.
    await background.settleBackgroundWork();
    for (const from of ['Art Accounts', 'Apu Approver', 'Olive Owner']) {
      await smtp.waitFor(
        (mail) =>
          recipients(mail).includes(buyer.user.email.toLowerCase()) &&
          (mail.text ?? '').includes(`${from} sent you 1 line of their order list`),
      );
    }
  });

  it('a buyer may send their list too (to an owner)', async () => {
    const { owner, buyer } = await company();
    const bolts = await part();
    await add(buyer, bolts, 500);
    const sent = await share(buyer, { userId: owner.user.id });
    expect(sent.status).toBe(200);
    expect(sent.body.colleague).toEqual({ userId: owner.user.id, name: 'Olive Owner' });
    expect(await linesOf(owner)).toEqual([[bolts._id, 500]]);
  });

  it('refuses sums the product does not allow (stock, the most per order): nothing sent', async () => {
    const { accounts, buyer } = await company();
    const scarce = await part({
      name: 'Shoulder Bolt M12',
      sku: make.freshSku('SB'),
      availableQuantity: 2_000,
    });
    const capped = await part({ name: 'Dowel Pin 6 mm', maxOrderQuantity: 1_500 });
    const plenty = await part();
    await add(buyer, scarce, 1_500);
    await add(buyer, capped, 1_000);
    await add(accounts, plenty, 500);
    await add(accounts, scarce, 1_000);
    await add(accounts, capped, 1_000);
    const before = await listsOf(accounts, buyer);

    const refused = await share(accounts, { userId: buyer.user.id });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('conflict');
    expect(refused.body.error.message).toBe(
      `Nothing was sent: with what Ana Buyer already has, these parts would not fit their order list: Shoulder Bolt M12 (${scarce.sku}): 2,500 with the 1,500 already there, only 2,000 available; Dowel Pin 6 mm (${capped.sku}): 2,000 with the 1,000 already there, at most 1,500 in one order. Ask them to change those lines, or change yours.`,
    );
    expect(refused.body.error.details.lines).toEqual([
      expect.objectContaining({ productId: scarce._id, quantity: 1_000, already: 1_500 }),
      expect.objectContaining({ productId: capped._id, quantity: 1_000, already: 1_000 }),
    ]);
    expect(await listsOf(accounts, buyer)).toEqual(before);
  });

  it('refuses a list that would pass 100 lines on the colleague’s side: nothing sent', async () => {
    const { accounts, buyer } = await company();
    const list = await Promise.all(Array.from({ length: 100 }, () => part()));
    for (const product of list) await add(buyer, product, 500);
    const [shared, extra] = [list[0]!, await part()];
    await add(accounts, shared, 500);
    await add(accounts, extra, 500);
    const before = await listsOf(accounts, buyer);

    const refused = await share(accounts, { userId: buyer.user.id });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'Nothing was sent: Ana Buyer’s order list would hold 101 parts, more than the 100 it may hold. Ask them to check out or remove some lines first.',
    );
    expect(await listsOf(accounts, buyer)).toEqual(before);
  });
});

// ---- Who may be sent a list, and by whom -----------------------------------------------------

describe('refused, with both lists and the outbox as they were', () => {
  async function withLine() {
    const people = await company();
    await add(people.accounts, await part(), 500);
    return people;
  }

  it('another company’s member: unknown here (404)', async () => {
    const { accounts, buyer } = await withLine();
    const other = await company();
    const before = await listsOf(accounts, buyer, other.buyer);
    const refused = await share(accounts, { userId: other.buyer.user.id });
    expect(refused.status).toBe(404);
    expect(refused.body.error).toMatchObject({
      code: 'not_found',
      message: 'Your company has no member with this id.',
    });
    expect(await listsOf(accounts, buyer, other.buyer)).toEqual(before);
  });

  it('a colleague whose role places no orders (an approver, another accounts member): 422', async () => {
    const { accounts, approver, owner, companyId } = await withLine();
    const { companyMembers } = db.collections(await db.getDb());
    const second = await users.createActor('user', 'Al Accounts');
    await companyMembers.insertOne({
      _id: new ObjectId(),
      companyId,
      userId: new ObjectId(second.user.id),
      role: 'accounts',
      approvalLimitCents: null,
      joinedAt: new Date(),
    });
    const before = await listsOf(accounts, approver, second, owner);
    for (const colleague of [approver, second]) {
      const refused = await share(accounts, { userId: colleague.user.id });
      expect(refused.status).toBe(422);
      expect(refused.body.error).toMatchObject({
        code: 'validation_failed',
        message:
          'This colleague’s role does not place orders, so the list cannot go to them. Choose one of your company’s buyers and owners.',
        details: { fields: { userId: [expect.stringContaining('does not place orders')] } },
      });
    }
    expect(await listsOf(accounts, approver, second, owner)).toEqual(before);
  });

  it('oneself: 422', async () => {
    const { accounts } = await withLine();
    const before = await listsOf(accounts);
    const refused = await share(accounts, { userId: accounts.user.id });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe(
      'Choose a colleague: this order list is already yours.',
    );
    expect(await listsOf(accounts)).toEqual(before);
  });

  it('an empty list: 409 cart.empty', async () => {
    const { accounts, buyer } = await company();
    const refused = await share(accounts, { userId: buyer.user.id });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/^Your order list is empty\./);
    expect(await listsOf(buyer)).toEqual([null]);
  });

  it('a list with a line that cannot be ordered as it is: 409, each line says why', async () => {
    const { accounts, buyer } = await company();
    const short = await part({ availableQuantity: 5_000 });
    await add(accounts, short, 3_000);
    await db
      .collections(await db.getDb())
      .products.updateOne({ _id: new ObjectId(short._id) }, { $set: { availableQuantity: 1_000 } });
    const refused = await share(accounts, { userId: buyer.user.id });
    expect(refused.status).toBe(409);
    expect(refused.body.error.details.lines).toEqual([
      expect.objectContaining({
        productId: short._id,
        issue: expect.objectContaining({ code: 'above_stock' }),
      }),
    ]);
    expect(await listsOf(buyer)).toEqual([null]);
  });

  it('an unknown id (404) and one that is no id (422 on userId)', async () => {
    const { accounts, buyer } = await withLine();
    const before = await listsOf(accounts, buyer);
    const unknown = await share(accounts, { userId: new ObjectId().toHexString() });
    expect(unknown.status).toBe(404);
    const malformed = await share(accounts, { userId: 'ana' });
    expect(malformed.status).toBe(422);
    expect(malformed.body.error.details.fields.userId).toEqual([
      'Choose a colleague from the list.',
    ]);
    const missing = await share(accounts, {});
    expect(missing.status).toBe(422);
    expect(await listsOf(accounts, buyer)).toEqual(before);
  });

  it('someone in no company (404 company.none), signed out (401), another site (403)', async () => {
    const { accounts, buyer } = await withLine();
    const loner = await users.createActor('user', 'Lone Buyer');
    await add(loner, await part(), 500);
    const before = await listsOf(accounts, buyer, loner);

    const none = await share(loner, { userId: buyer.user.id });
    expect(none.status).toBe(404);
    expect(none.body.error.message).toMatch(/^You do not belong to a company yet\./);

    const signedOut = await share({ headers: {} }, { userId: buyer.user.id });
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.error.code).toBe('unauthorized');

    // The session cookie, sent from another site's page.
    const crossSite = await share(
      { headers: { ...accounts.session, Origin: 'https://evil.example' } },
      { userId: buyer.user.id },
    );
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.error.code).toBe('cross_site');
    expect(await listsOf(accounts, buyer, loner)).toEqual(before);
  });

  it('at most 30 sends an hour per member (429), as counted before anything is read', async () => {
    const { accounts } = await withLine();
    for (let sent = 0; sent < 30; sent += 1) {
      expect((await share(accounts, { userId: accounts.user.id })).status).toBe(422);
    }
    const limited = await share(accounts, { userId: accounts.user.id });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
  });
});
