import { randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signIn } from './support/auth';
import { closeTestDb, testDb } from './support/db';
import { accessibleAtBothWidths } from './support/screens';
import { makeCompany } from '../test/support/companies';
import { makeUser } from '../test/support/factories';
import { demoProducts } from '@/lib/catalogue/demo-catalogue';
import { parseId, type Id } from '@/lib/core/ids';
import { formatMoney } from '@/lib/core/money';
import { assignPriceList, createPriceList, setEntry } from '@/lib/pricing';
import { assignPriceListSchema, createPriceListSchema, entrySchema } from '@/lib/pricing/schemas';

/**
 * No contract price in a shared cache (issue 26, part 4), against the production build: two
 * companies buy one part at different contract prices ($7.77 for A, $6.66 for B). The cached
 * home page, `/products`, the sitemap and the pages' RSC payloads carry neither price (nor A's
 * or B's list) for anyone, A's own members included; a member sees "Your price" on the cards
 * only in the browser, fetched once per page from `GET /api/prices` (private, no-store); a
 * guest's page asks nothing; another company's member and a person in no company never get
 * A's price, from the API or from the product page.
 */

test.afterAll(closeTestDb);

const SHOTS = process.env.PRICING_SHOTS_DIR || '/tmp/shots';

interface Persona {
  name: 'guest' | 'member of A' | 'member of B' | 'no company';
  login: { email: string; password: string } | null;
}

interface Contract {
  cents: number;
  listId: string;
  listName: string;
}

let part: { id: string; name: string; priceCents: number };
let contractA: Contract;
let contractB: Contract;
let personas: Persona[];

/** What would show that a contract's price reached a page or an answer. */
function traces({ cents, listId, listName }: Contract): string[] {
  const dollars = (cents / 100).toFixed(2);
  return [formatMoney(cents), dollars, `"unitPrice":${dollars}`, listId, listName];
}

function expectNoTrace(text: string, contract: Contract, where: string): void {
  for (const trace of traces(contract)) {
    expect(text.includes(trace), `${where} contains ${JSON.stringify(trace)}`).toBe(false);
  }
}

/** A demo part among the home page's cards, listed above both contract prices. */
async function partOnTheHomePage(request: APIRequestContext) {
  const html = await (await request.get('/')).text();
  const ids = [
    ...new Set([...html.matchAll(/href="\/product\/([0-9a-f]{24})"/g)].map((m) => m[1]!)),
  ];
  const demoSkus = new Set(demoProducts.map((product) => product.sku));
  const docs = await (
    await testDb()
  )
    .collection<{ _id: ObjectId; name: string; sku?: string; priceCents: number }>('products')
    .find({ _id: { $in: ids.map((id) => new ObjectId(id)) } })
    .toArray();
  const doc = docs.find((found) => demoSkus.has(found.sku ?? '') && found.priceCents > 1_000);
  if (!doc) throw new Error(`no demo part over $10 among the home page's cards: ${ids.join(', ')}`);
  return { id: doc._id.toHexString(), name: doc.name, priceCents: doc.priceCents };
}

/** A price list with the part at `cents`, given to a new company with one buyer. */
async function contractOf(admin: { id: string }, cents: number, tag: string) {
  const { companyId, members } = await makeCompany([{ role: 'buyer' }]);
  const listName = `Contract ${tag} ${randomBytes(3).toString('hex')}`;
  const list = await createPriceList(admin, createPriceListSchema.parse({ name: listName }));
  await setEntry(
    parseId(list._id)!,
    parseId(part.id)!,
    entrySchema.parse({ unitPrice: cents / 100 }),
  );
  await assignPriceList(
    admin,
    parseId(companyId.toHexString()) as Id,
    assignPriceListSchema.parse({ priceListId: list._id }),
  );
  const member = members[0]!;
  return {
    contract: { cents, listId: list._id, listName },
    login: { email: member.user.email, password: member.password },
  };
}

test.beforeAll(async ({ browser }, testInfo) => {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  part = await partOnTheHomePage(context.request);
  await context.close();
  const admin = await makeUser({ role: 'admin' });
  const [a, b, loner] = await Promise.all([
    contractOf(admin, 777, 'A'),
    contractOf(admin, 666, 'B'),
    makeUser({ name: 'Lone Buyer' }),
  ]);
  contractA = a.contract;
  contractB = b.contract;
  personas = [
    { name: 'member of A', login: a.login },
    { name: 'member of B', login: b.login },
    { name: 'no company', login: { email: loner.email, password: loner.password } },
    { name: 'guest', login: null },
  ];
});

async function pageOf(browser: Browser, persona: Persona): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  if (persona.login) await signIn(page, persona.login);
  return page;
}

const persona = (name: Persona['name']) => personas.find((found) => found.name === name)!;

/** Counts the page's requests for member prices. */
function countPriceRequests(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/prices') count += 1;
  });
  return () => count;
}

test('the cached pages, the sitemap and their RSC payloads carry no contract price, for anyone', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // A's member first: whatever they caused to be cached would be served to the others next.
  for (const who of personas) {
    const page = await pageOf(browser, who);
    for (const path of ['/', '/products', '/sitemap.xml']) {
      const html = await page.request.get(path);
      expect(html.status(), `${who.name} ${path}`).toBe(200);
      const text = await html.text();
      // The page is the public one: the part at its list price.
      if (path !== '/sitemap.xml') expect(text).toContain(formatMoney(part.priceCents));
      expectNoTrace(text, contractA, `${path} for ${who.name}`);
      expectNoTrace(text, contractB, `${path} for ${who.name}`);
      if (path === '/sitemap.xml') continue;
      const rsc = await page.request.get(path, { headers: { RSC: '1' } });
      expect(rsc.status(), `${who.name} ${path} RSC`).toBe(200);
      expect(rsc.headers()['content-type']).toContain('text/x-component');
      const payload = await rsc.text();
      expect(payload).toContain(part.id);
      expectNoTrace(payload, contractA, `${path} RSC payload for ${who.name}`);
      expectNoTrace(payload, contractB, `${path} RSC payload for ${who.name}`);
    }
    await page.context().close();
  }
});

test('GET /api/prices gives each member their own price, nobody else any, never cacheable', async ({
  browser,
}) => {
  const expected: Record<Persona['name'], Contract | null> = {
    'member of A': contractA,
    'member of B': contractB,
    'no company': null,
    guest: null,
  };
  for (const who of personas) {
    const page = await pageOf(browser, who);
    const answer = await page.request.get(`/api/prices?productIds=${part.id}`);
    expect(answer.status(), who.name).toBe(200);
    expect(answer.headers()['cache-control'], who.name).toBe('private, no-store');
    expect(answer.headers()['vary'], who.name).toMatch(/\bCookie\b/);
    const own = expected[who.name];
    const text = await answer.text();
    if (own) {
      expect(JSON.parse(text), who.name).toMatchObject({
        contract: { id: own.listId, name: own.listName },
        prices: [
          {
            productId: part.id,
            listPrice: part.priceCents / 100,
            unitPrice: own.cents / 100,
            priceSource: `contract:${own.listId}`,
          },
        ],
      });
    } else {
      expect(JSON.parse(text), who.name).toEqual({ contract: null, prices: [] });
    }
    for (const other of [contractA, contractB].filter((contract) => contract !== own)) {
      expectNoTrace(text, other, `the answer to ${who.name}`);
    }
    // A refusal is private too.
    const refused = await page.request.get('/api/prices?productIds=nope');
    expect(refused.status()).toBe(422);
    expect(refused.headers()['cache-control']).toBe('private, no-store');
    await page.context().close();
  }
});

test('a member sees "Your price" beside the struck list price, asked once per page', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  for (const [name, contract] of [
    ['member of A', contractA],
    ['member of B', contractB],
  ] as const) {
    const page = await pageOf(browser, persona(name));
    const priceRequests = countPriceRequests(page);
    for (const path of ['/', '/products']) {
      const before = priceRequests();
      await page.goto(path);
      const card = page.getByRole('article', { name: part.name, exact: true });
      const yours = card.getByTestId('your-price');
      await expect(yours, `${name} on ${path}`).toContainText('Your price');
      await expect(yours).toContainText(formatMoney(contract.cents));
      await expect(yours.locator('s')).toHaveText(`List price ${formatMoney(part.priceCents)}`);
      // One request for every card of the page.
      expect(priceRequests() - before, `${name} on ${path}`).toBe(1);
      const other = contract === contractA ? contractB : contractA;
      await expect(page.locator('body')).not.toContainText(formatMoney(other.cents));
    }
    if (name === 'member of A') {
      await page.goto('/');
      await expect(page.getByTestId('your-price').first()).toBeVisible();
      await accessibleAtBothWidths(page, 'home with your price', SHOTS);
    }
    await page.context().close();
  }
});

test('a guest asks for no prices; a person in no company sees list prices only', async ({
  browser,
}) => {
  const guest = await pageOf(browser, persona('guest'));
  const guestRequests = countPriceRequests(guest);
  for (const path of ['/', '/products']) {
    await guest.goto(path);
    // The navigation bar knows nobody is signed in once its session request is answered.
    await expect(guest.getByRole('link', { name: 'Login' }).first()).not.toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(guest.getByRole('article', { name: part.name, exact: true })).toContainText(
      formatMoney(part.priceCents),
    );
    await guest.waitForTimeout(500);
    expect(guestRequests(), `a guest on ${path}`).toBe(0);
    await expect(guest.getByTestId('your-price')).toHaveCount(0);
  }
  await guest.context().close();

  const loner = await pageOf(browser, persona('no company'));
  for (const path of ['/', '/products']) {
    const answered = loner.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/prices',
    );
    await loner.goto(path);
    expect(await (await answered).json()).toEqual({ contract: null, prices: [] });
    await expect(loner.getByTestId('your-price')).toHaveCount(0);
    await expect(loner.getByRole('article', { name: part.name, exact: true })).toContainText(
      formatMoney(part.priceCents),
    );
  }
  await loner.context().close();
});

test("the product page never shows another company's price", async ({ browser }) => {
  for (const [name, foreign] of [
    ['member of B', [contractA]],
    ['no company', [contractA, contractB]],
    ['member of A', [contractB]],
  ] as const) {
    const page = await pageOf(browser, persona(name));
    const html = await page.request.get(`/product/${part.id}`);
    expect(html.status(), name).toBe(200);
    const text = await html.text();
    expect(text).toContain(part.name);
    const rsc = await page.request.get(`/product/${part.id}`, { headers: { RSC: '1' } });
    expect(rsc.status(), `${name} RSC`).toBe(200);
    const payload = await rsc.text();
    for (const contract of foreign) {
      expectNoTrace(text, contract, `the product page for ${name}`);
      expectNoTrace(payload, contract, `the product page's RSC payload for ${name}`);
    }
    await page.goto(`/product/${part.id}`);
    await expect(page.getByRole('heading', { level: 1, name: part.name })).toBeVisible();
    for (const contract of foreign) {
      await expect(page.locator('body')).not.toContainText(formatMoney(contract.cents));
    }
    await page.context().close();
  }
});
