import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Browser, Page, Route } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { accessibleAtBothWidths } from './support/screens';
import { PUBLIC_PAGES } from '../lib/public-pages.mjs';
import { makeCompany } from '../test/support/companies';
import { makeOrder, makeProduct, makeUser, payOrder } from '../test/support/factories';
import { parseId, type Id } from '@/lib/core/ids';
import { listInvoices } from '@/lib/billing';
import { assignPriceList, createPriceList, setEntry } from '@/lib/pricing';
import { assignPriceListSchema, createPriceListSchema, entrySchema } from '@/lib/pricing/schemas';
import { setCompanyTerms } from '@/lib/terms';
import { termsSchema } from '@/lib/terms/schemas';
import { fromStore } from './support/api';
import { signIn } from './support/auth';
import { closeTestDb } from './support/db';
import { installStripeJs } from './support/stripe-js';

/**
 * axe-core (WCAG 2.0/2.1/2.2 A and AA rules, colour contrast included) on EVERY page of the
 * store, each at 1280 px and at 390 px wide (the page loaded once, resized, checked again), as
 * a visitor, a company's owner (who sees every buyer and company page) and a store admin, with
 * the data that fills each page's tables; on the dialogs that open over them; and on the API
 * reference. A page passes when axe finds no violation at all and nothing sticks out sideways;
 * the report names the rule and the elements. The home page's menu is checked open at 390 px.
 * The first test keeps the walk complete: every page.tsx under app/ must be in one of the lists
 * below.
 */

test.afterAll(closeTestDb);
// The walks are independent (each makes its own data): the two workers share them.
test.describe.configure({ mode: 'parallel' });

/** Screenshots of every page at both widths go here when set, to be looked at. */
const SHOTS = process.env.A11Y_SHOTS_DIR;

/** The pages of each walk, as routes (app/ folders, route groups left out). */
const VISITOR_PAGES = [...PUBLIC_PAGES, '/reset-password', '/auth/complete'];
const BUYER_PAGES = [
  '/dashboard',
  '/dashboard/order',
  '/dashboard/order/[id]',
  '/dashboard/payment/[id]',
  '/dashboard/review',
  '/dashboard/quick-order',
  '/dashboard/quotes',
  '/dashboard/cart',
  '/product/[productId]',
  '/dashboard/company',
  '/dashboard/company/join',
  '/dashboard/company/orders',
  '/dashboard/approvals',
  '/dashboard/invoices',
  '/dashboard/invoices/[id]',
  '/dashboard/statement',
];
const ADMIN_PAGES = [
  '/dashboard',
  '/dashboard/addaproduct',
  '/dashboard/manageproduct',
  '/dashboard/manageorder',
  '/dashboard/order/[id]',
  '/dashboard/users',
  '/dashboard/companies',
  '/dashboard/companies/[companyId]',
  '/dashboard/price-lists',
  '/dashboard/price-lists/[id]',
  '/dashboard/quotes',
  '/dashboard/invoices',
  '/dashboard/invoices/[id]',
];

/**
 * The route of a page under app/: its folders without route groups and parallel-route slots,
 * `[param]` kept.
 */
function routeOf(pageFile: string): string {
  const segments = path
    .dirname(pageFile)
    .split(path.sep)
    .filter((segment) => segment !== '.' && !/^\(.+\)$/.test(segment) && !segment.startsWith('@'));
  return `/${segments.join('/')}`;
}

function pageFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return pageFiles(file);
    return /^page\.(tsx|ts|jsx|js|mdx)$/.test(entry.name) ? [file] : [];
  });
}

test('every page of the app is in the walks below', () => {
  const app = path.join(process.cwd(), 'app');
  const onDisk = pageFiles(app).map((file) => routeOf(path.relative(app, file)));
  const walked = new Set([...VISITOR_PAGES, ...BUYER_PAGES, ...ADMIN_PAGES]);
  expect(
    onDisk.filter((route) => !walked.has(route)),
    'pages no walk of this spec checks: add each to a list with the data it needs',
  ).toEqual([]);
  expect(
    [...walked].filter((route) => !onDisk.includes(route)),
    'walked routes with no page.tsx',
  ).toEqual([]);
});

/**
 * The page as it is now, at 1280 x 900 and at 390 x 844: no axe violation and nothing wider
 * than the window; a screenshot of each when A11Y_SHOTS_DIR is set (of the window only with
 * `fullPage: false`: the API reference is some 35,000 px tall). Leaves it at 1280 px.
 */
const checkBothWidths = (page: Page, what: string, options?: { fullPage?: boolean }) =>
  accessibleAtBothWidths(page, what, SHOTS, options);

/** What is checked on a page after it: a dialog opened over it, a form with its messages. */
type States = Record<string, (page: Page) => Promise<void>>;

/**
 * Opens each route of `routes` (its parameters from `urls`) and checks it at both widths, then
 * the states of it in `states` on the page as it is. The page must be the one asked for (no
 * redirect to the login or another page, no error).
 *
 * Next.js prefetches the page of every link in view, twice over, about 17 per dashboard page
 * and again when the narrower window shows the menu's links; the walk opens each page with
 * `goto` and never uses them, and waiting for the network to settle after each made the walk
 * twice as long. They are refused here (only prefetches: every other request goes through).
 */
async function walk(
  page: Page,
  who: string,
  routes: string[],
  urls: Record<string, string>,
  states: States = {},
) {
  await page.route(
    (url) => url.searchParams.has('_rsc'),
    (route) =>
      route.request().headers()['next-router-prefetch'] ? route.abort() : route.fallback(),
  );
  for (const route of routes) {
    const url = urls[route] ?? route;
    expect(url, `${route} needs its parameters`).not.toContain('[');
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(200);
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname, `${url} was redirected`).toBe(
      new URL(url, page.url()).pathname,
    );
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await checkBothWidths(page, `${who} ${route}`);
    await states[route]?.(page);
  }
  await page.unrouteAll();
}

/** A part of its own, older than the demo catalogue (the home page's newest stay the seeded). */
function makePart(tag: string) {
  return makeProduct({
    name: `Hex Bolt M10 ${tag}`,
    description: 'Zinc-plated hex bolts, M10 x 40 mm, grade 8.8, DIN 933.',
    availableQuantity: 50_000,
    price: 2.5,
    minimumOrderQuantity: 500,
    picture: '/images/products/spur-gear.webp',
    createdAt: new Date(Date.UTC(2000, 0, 1)),
  });
}

/**
 * A store with something on every signed-in page: a company (its owner, and a buyer whose
 * $1,000 limit holds their $2,500 order for approval) on net 30 with an open invoice and a
 * price list; the owner's paid and unpaid orders, a quote request and an order list of one
 * line; and a store admin. The owner and the admin are signed in on their own pages.
 */
async function storeWithEverything(browser: Browser, request: APIRequestContext) {
  const tag = randomBytes(3).toString('hex');
  const part = await makePart(tag);
  const { companyId, owner, members } = await makeCompany([
    { role: 'buyer', limitCents: 100_000, name: 'Bea Buyer' },
  ]);
  const admin = await makeUser({ role: 'admin' });
  const delivery = { address: '12 Foundry Lane, Sheffield', phone: '01142345678' };
  const list = await createPriceList(
    admin,
    createPriceListSchema.parse({ name: `Fasteners ${tag}`, percentOff: 5 }),
  );
  await setEntry(parseId(list._id)!, parseId(part._id)!, entrySchema.parse({ unitPrice: 2.1 }));
  await assignPriceList(
    admin,
    companyId.toHexString() as Id,
    assignPriceListSchema.parse({ priceListId: list._id }),
  );
  // On net 30, invoiced when ordering (the invoice job of the server issues it).
  await setCompanyTerms(
    admin,
    companyId.toHexString() as Id,
    termsSchema.parse({ mode: 'net', netDays: 30, creditLimitCents: 1e12, invoiceOn: 'order' }),
  );
  const paid = await makeOrder(owner.user, part);
  await payOrder(paid._id, `pi_${randomBytes(8).toString('hex')}`);
  const unpaid = await makeOrder(owner.user, part);

  const ownerContext = await browser.newContext();
  await installStripeJs(ownerContext);
  const ownerPage = await ownerContext.newPage();
  await signIn(ownerPage, { email: owner.user.email, password: owner.password });
  const quote = await ownerPage.request.post('/api/quotes', {
    data: {
      productId: part._id,
      quantity: 75_000,
      address: '12 Mill Lane, Leeds LS1 4AB',
      phone: '01132000000',
      note: 'Monthly call-off over the year.',
    },
    headers: fromStore,
  });
  expect(quote.status(), await quote.text()).toBe(201);
  // The owner checks an order list out on account (its invoice is issued at once), and gathers
  // a new one.
  const addLine = async () => {
    const added = await ownerPage.request.post('/api/cart/lines', {
      data: { productId: part._id, quantity: 1_000 },
      headers: fromStore,
    });
    expect(added.status(), await added.text()).toBe(200);
  };
  await addLine();
  const checkedOut = await ownerPage.request.post('/api/checkout', {
    data: { ...delivery, paymentMethod: 'account' },
    headers: fromStore,
  });
  expect(checkedOut.status(), await checkedOut.text()).toBe(201);
  const { insertedId: onAccount } = (await checkedOut.json()) as { insertedId: string };
  await addLine();
  // The buyer's $2,500 order, above their $1,000 limit, waits for the owner's approval.
  const held = await request.post('/api/order', {
    data: { productId: part._id, quantity: 1_000, ...delivery },
    headers: members[0]!.headers,
  });
  expect(held.status(), await held.text()).toBe(201);
  let invoiceId = '';
  await expect(async () => {
    const { items } = await listInvoices({ kind: 'admin' }, {});
    const invoice = items.find((item) => item.orderId === onAccount);
    expect(invoice?.status).toBe('open');
    invoiceId = invoice!._id;
  }, 'the invoice of the order on account is issued').toPass({ timeout: 30_000 });

  return {
    part,
    ownerPage,
    admin,
    urls: {
      '/product/[productId]': `/product/${part._id}`,
      '/dashboard/order/[id]': `/dashboard/order/${paid._id}`,
      '/dashboard/payment/[id]': `/dashboard/payment/${unpaid._id}`,
      '/dashboard/invoices/[id]': `/dashboard/invoices/${invoiceId}`,
      '/dashboard/companies/[companyId]': `/dashboard/companies/${companyId.toHexString()}`,
      '/dashboard/price-lists/[id]': `/dashboard/price-lists/${list._id}`,
      // An invitation's link (its token is only read when Accept is pressed).
      '/dashboard/company/join': `/dashboard/company/join?token=${randomBytes(16).toString('hex')}`,
    } as Record<string, string>,
  };
}

test('every public page at 1280 and 390 px', async ({ page }) => {
  test.setTimeout(180_000);
  await walk(
    page,
    'visitor',
    VISITOR_PAGES.filter((route) => route !== '/auth/complete'),
    {
      // The link of a password reset mail (the token is only read when the form is sent).
      '/reset-password': `/reset-password?token=${randomBytes(32).toString('hex')}`,
    },
    {
      '/': async () => {
        await page.setViewportSize({ width: 390, height: 844 });
        await page.getByRole('button', { name: /menu/i }).first().click();
        await expectAccessible(page, '/ at 390 px with the menu open');
        await page.setViewportSize({ width: 1280, height: 900 });
      },
    },
  );

  // Where every sign-in lands, as it shows while it asks who signed in (the answer held back).
  const held: Route[] = [];
  await page.route('**/api/auth/session', (route) => void held.push(route));
  await page.goto('/auth/complete?callbackUrl=%2Fdashboard');
  await expect(page.getByText('Signing you in…')).toBeVisible();
  await checkBothWidths(page, 'visitor /auth/complete');
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('every buyer and company page at 1280 and 390 px, and their dialogs', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const { part, ownerPage: page, urls } = await storeWithEverything(browser, request);
  await walk(page, 'owner', BUYER_PAGES, urls, {
    '/dashboard/order': async () => {
      await page
        .getByRole('row')
        .filter({ hasText: part.name })
        .getByRole('button', { name: 'Delete', disabled: false })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(page, 'My Orders with the delete dialog open');
    },
    // The quote request form open under the order form, with its field messages.
    '/product/[productId]': async () => {
      await page.getByRole('button', { name: 'Request a quote' }).click();
      const quoteForm = page.getByRole('form', { name: 'Request a quote' });
      await quoteForm.getByRole('button', { name: 'Send quote request' }).click();
      await expect(quoteForm.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectAccessible(page, 'the product page with the quote request form and its errors');
    },
    '/dashboard/quick-order': async () => {
      await page
        .getByLabel('Part numbers and quantities')
        .fill(`${part.sku},${part.minimumOrderQuantity}\nNO-SUCH-PART,500\njust words`);
      await page.getByRole('button', { name: 'Check lines' }).click();
      await expect(page.getByText('Unknown part number')).toBeVisible();
      await expectAccessible(page, 'Quick Order with its report');
    },
  });
  await page.context().close();
});

test('every admin page at 1280 and 390 px, and their dialogs', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { part, ownerPage, admin, urls } = await storeWithEverything(browser, request);
  await ownerPage.context().close();
  await signIn(page, admin);
  await walk(page, 'admin', ADMIN_PAGES, urls, {
    '/dashboard/quotes': async () => {
      await page
        .getByRole('button', { name: /^Answer quote / })
        .first()
        .click();
      const answer = page.getByRole('dialog', { name: /^Answer quote / });
      await answer.getByRole('button', { name: 'Send answer' }).click();
      await expect(answer.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectAccessible(page, 'Quotes with the answer dialog and its errors');
    },
    '/dashboard/manageorder': async () => {
      await page
        .getByRole('button', { name: `Update status of ${part.name}` })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: 'Update order status' })).toBeVisible();
      await expectAccessible(page, 'Manage Orders with the status dialog open');
    },
  });
});

test('the API reference at 1280 and 390 px, once it shows its operations', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/api/docs');
  const sidebar = page.getByRole('complementary', { name: /^Sidebar for / });
  // The script is large (about 4 MB): a busy machine may take a while to run it.
  await expect(sidebar.getByRole('link', { name: /^One page of the catalogue/ })).toBeVisible({
    timeout: 30_000,
  });
  // An operation with a request body, parameters and several responses, rendered in full.
  await sidebar.getByRole('button', { name: 'Open Group - Orders' }).click();
  await sidebar.getByRole('link', { name: /^Place an order/ }).click();
  await expect(page.getByRole('heading', { name: 'Place an order' })).toBeVisible();
  await checkBothWidths(page, 'the API reference', { fullPage: false });
  // Its dark mode, whose colours are the page's too (colours do not change with the width).
  await sidebar.getByRole('button', { name: 'Set dark mode' }).click();
  await expect(page.locator('body')).toHaveClass(/\bdark-mode\b/);
  await expectAccessible(page, 'the API reference in dark mode');
});
