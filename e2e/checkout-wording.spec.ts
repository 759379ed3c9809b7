import { randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { makeProduct, makeUser } from '../test/support/factories';
import { adminAddCompanyMember, createCompanyFor } from '@/lib/companies';
import { parseId } from '@/lib/core/ids';
import { setCompanyHold, setCompanyTerms } from '@/lib/terms';
import { termsSchema } from '@/lib/terms/schemas';
import { fromStore } from './support/api';
import { accessibleAtBothWidths } from './support/screens';
import { verifiedSession } from './support/auth';
import { closeTestDb, testDb } from './support/db';

/**
 * The checkout as a buyer reads it, under the order list, at 1280 and 390 px: what happens next
 * for the way the order is paid (card, bank transfer, on account), an account whose credit is
 * too low (or that is on hold) shown at once with why and what to do, an order above the
 * buyer's approval limit opening its own page (never the pay page), and a checkout refused for
 * short stock naming each part with one action per line. The order list page passes axe in
 * each state at both widths; the screenshots go to CHECKOUT_SHOTS_DIR to be looked at.
 */

test.afterAll(closeTestDb);

const SHOTS = process.env.CHECKOUT_SHOTS_DIR || '/tmp/shots/h1-checkout';

/** The store's default holds (UNPAID_ORDER_TTL_HOURS, APPROVAL_HOLD_HOURS). */
const CARD_HOLD = '48 hours';
const APPROVAL_HOLD = '72 hours';

/**
 * A company of `owner`'s with `buyer` as its buyer (with an approval limit, or none), on net 30
 * with `creditLimitCents` unless prepay (null).
 */
async function companyWith(
  owner: { user: { id: string; email: string; name: string } },
  buyer: { user: { email: string } },
  {
    creditLimitCents,
    approvalLimitCents = null,
  }: {
    creditLimitCents: number | null;
    approvalLimitCents?: number | null;
  },
) {
  const admin = await makeUser({ name: 'Ada Admin', role: 'admin' });
  const name = `Kilnworks ${randomBytes(3).toString('hex')} Ltd`;
  const company = await createCompanyFor(owner.user, {
    name,
    taxId: 'GB123456789',
    billingAddress: '12 Mill Road\nSheffield S1 2AB',
  });
  await adminAddCompanyMember(company._id, {
    email: buyer.user.email,
    role: 'buyer',
    approvalLimitCents,
  });
  if (creditLimitCents !== null) {
    await setCompanyTerms(
      admin,
      parseId(company._id)!,
      termsSchema.parse({ mode: 'net', netDays: 30, creditLimitCents }),
    );
  }
  return { id: company._id, name };
}

/** A part of its own for each test, so stock changes never cross tests. */
function part(name: string, price: number, availableQuantity = 50_000) {
  return makeProduct({
    name: `${name} ${randomBytes(3).toString('hex')}`,
    price,
    availableQuantity,
    minimumOrderQuantity: 500,
    picture: '/images/products/hex-flange-bolt.webp',
    // Older than the demo catalogue, so the home page's newest products stay the seeded ones.
    createdAt: new Date(Date.UTC(2000, 0, 1)),
  });
}

async function addToList(page: Page, productId: string, quantity: number) {
  const added = await page.request.post('/api/cart/lines', {
    headers: fromStore,
    data: { productId, quantity },
  });
  expect(added.status(), await added.text()).toBe(200);
}

async function fillDelivery(page: Page) {
  await page.getByLabel('Address', { exact: true }).fill('12 Foundry Lane, Sheffield');
  await page.getByLabel('Phone number').fill('01142345678');
}

/**
 * Reads the words a person sees at 1280 and at 390 px (`check` at each width), then runs axe
 * at both widths, checks that nothing sticks out sideways and saves a screenshot of each.
 */
async function readAtBothWidths(page: Page, what: string, check: () => Promise<void>) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await check();
  }
  await accessibleAtBothWidths(page, what, SHOTS);
}

const next = (page: Page) => page.getByTestId('checkout-next');

test('what happens next follows the way the order is paid: on account, by card, by bank transfer', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await verifiedSession(browser, 'Olive Owner');
  const buyer = await verifiedSession(browser, 'Bea Buyer');
  const company = await companyWith(owner, buyer, { creditLimitCents: 10_000_000 });
  const bolt = await part('Hex Flange Bolt M10 x 40', 1.5);
  await addToList(buyer.page, bolt._id, 1_000);
  await buyer.page.goto('/dashboard/cart');
  await expect(buyer.page.getByRole('heading', { level: 1, name: 'Order List' })).toBeVisible();

  // On account: chosen at once while the credit covers the order; nothing about a card payment.
  const onAccount = buyer.page.getByRole('radio', { name: /^Pay on account \(Net 30\)/ });
  await readAtBothWidths(buyer.page, 'checkout on account', async () => {
    await expect(onAccount).toBeChecked();
    await expect(buyer.page.getByTestId('checkout-credit')).toHaveText(
      `Available credit: $100,000.00. Invoiced on ${company.name}’s terms; nothing to pay now.`,
    );
    await expect(next(buyer.page)).toHaveText(
      `What happens next` +
        `Nothing to pay now: the order is confirmed as soon as you check out, and you get a mail saying so. ${company.name} is invoiced on its Net 30 terms: the invoice is mailed to its owners and accounts team when the order ships, and is due 30 days later.`,
    );
    const checkout = buyer.page.getByRole('region', { name: 'Check out' });
    await expect(checkout).not.toContainText('card payment');
    await expect(buyer.page.getByText(/paid with one card/)).toHaveCount(0);
  });

  // By card: the payment page next, and how long the parts are held.
  await buyer.page.getByRole('radio', { name: 'Pay by card now' }).check();
  await readAtBothWidths(buyer.page, 'checkout by card', async () => {
    await expect(next(buyer.page)).toContainText(
      `You pay by card on the next page. The parts are held for you for ${CARD_HOLD}; an order not paid by then is cancelled and its parts go back on sale.`,
    );
    await expect(next(buyer.page)).not.toContainText('on account');
  });

  // Above the largest card payment, for a buyer without a company: bank transfer, whose bank
  // details come on the next page.
  const { page } = await verifiedSession(browser, 'Hal Haulage');
  const press = await part('Hydraulic Press Frame', 900, 5_000);
  await addToList(page, press._id, 1_200);
  await page.goto('/dashboard/cart');
  await readAtBothWidths(page, 'checkout by bank transfer', async () => {
    await expect(next(page)).toContainText(
      `You pay by bank transfer: the next page shows our bank details and the reference to send with your transfer. The parts are held for you for ${CARD_HOLD} for the money to arrive; an order not paid by then is cancelled.`,
    );
    await expect(page.getByTestId('checkout-card-limit')).toContainText('pay it by bank transfer');
    await expect(page.getByRole('radio')).toHaveCount(0);
  });
});

test('credit too low: Pay on account stays in sight, disabled, with the credit left, the total and what to do', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await verifiedSession(browser, 'Olive Owner');
  const buyer = await verifiedSession(browser, 'Bea Buyer');
  const company = await companyWith(owner, buyer, { creditLimitCents: 100_000 });
  // 1,000 x $2.40 = $2,400.00, above the $1,000.00 of credit.
  const gear = await part('Spur Gear 40T', 2.4);
  await addToList(buyer.page, gear._id, 1_000);
  await buyer.page.goto('/dashboard/cart');
  await expect(buyer.page.getByRole('heading', { level: 1, name: 'Order List' })).toBeVisible();

  const onAccount = buyer.page.getByRole('radio', { name: /^Pay on account \(Net 30\)/ });
  const why = buyer.page.getByTestId('checkout-no-account');
  await readAtBothWidths(buyer.page, 'checkout credit too low', async () => {
    // Said at once, without picking the option.
    await expect(onAccount).toBeVisible();
    await expect(onAccount).toBeDisabled();
    await expect(onAccount).not.toBeChecked();
    await expect(onAccount).toHaveAccessibleDescription(/\$1,000\.00 of credit left/);
    await expect(buyer.page.getByTestId('checkout-over-credit')).toHaveText(
      '$1,000.00 of credit left; this order is $2,400.00, so it cannot go on account.',
    );
    await expect(why.getByRole('listitem')).toHaveText([
      'pay by card now (the option below);',
      'split the order: keep lines worth up to $1,000.00 in the list and check them out on account, then check out the rest later;',
      'ask your company’s accounts team to pay an open invoice, which frees credit, or to ask us for a higher limit.',
    ]);
    await expect(buyer.page.getByRole('radio', { name: 'Pay by card now' })).toBeChecked();
    await expect(next(buyer.page)).toContainText('You pay by card on the next page.');
  });

  // On hold: the same place says why, and the ways out that still work.
  await setCompanyHold(company.id, true);
  await buyer.page.reload();
  await readAtBothWidths(buyer.page, 'checkout account on hold', async () => {
    await expect(onAccount).toBeDisabled();
    await expect(buyer.page.getByTestId('checkout-on-hold')).toHaveText(
      `${company.name}’s account is on hold because an invoice is overdue, so it takes no new orders until that invoice is paid.`,
    );
    await expect(why.getByRole('listitem')).toHaveText([
      'pay by card now (the option below);',
      'ask your company’s accounts team to pay the overdue invoice: the account takes orders again once it is paid.',
    ]);
  });
});

test('an order that waits for an approval opens its own page after checkout, never the pay page', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await verifiedSession(browser, 'Olive Owner');
  const buyer = await verifiedSession(browser, 'Bea Buyer');
  const company = await companyWith(owner, buyer, {
    creditLimitCents: null,
    approvalLimitCents: 100_000,
  });
  // 1,000 x $2.50 = $2,500.00, above the buyer's $1,000.00.
  const follower = await part('Cam Follower', 2.5);
  await addToList(buyer.page, follower._id, 1_000);
  await buyer.page.goto('/dashboard/cart');
  await fillDelivery(buyer.page);
  await readAtBothWidths(buyer.page, 'checkout awaiting approval', async () => {
    await expect(buyer.page.getByTestId('checkout-approval')).toHaveText(
      `This order is above your approval limit of $1,000.00, so it waits for an owner or approver of ${company.name} first. The next page is the order’s own page, which names who can approve it. Its parts are held for ${APPROVAL_HOLD} meanwhile, and you get a mail when it is approved or rejected; once approved, you pay it from that page.`,
    );
  });
  await buyer.page.getByRole('button', { name: 'Check out 1 line' }).click();
  await expect(buyer.page).toHaveURL(/\/dashboard\/order\/[0-9a-f]{24}$/);
  const orderId = buyer.page.url().split('/').pop()!;
  await expect(buyer.page.getByTestId('order-approval')).toBeVisible();
  await expect(buyer.page.getByRole('button', { name: 'Pay', exact: true })).toHaveCount(0);
  const order = await (await testDb()).collection('orders').findOne({ _id: new ObjectId(orderId) });
  expect(order?.status).toBe('awaiting_approval');
});

test('a checkout refused for short stock names each part and offers one action per line', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { page, user } = await verifiedSession(browser, 'Sid Shortfall');
  const bolt = await part('Hex Flange Bolt M10 x 40', 1.5, 10_000);
  const gear = await part('Spur Gear 40T', 2.4, 10_000);
  const seal = await part('Shaft Seal 25 mm', 4, 10_000);
  const washer = await part('Flat Washer M10', 0.2, 10_000);
  await addToList(page, bolt._id, 2_000);
  await addToList(page, gear._id, 1_000);
  await addToList(page, seal._id, 3_000);
  await addToList(page, washer._id, 500);
  await page.goto('/dashboard/cart');
  await fillDelivery(page);
  // Others bought the parts while the buyer was filling in the delivery.
  const products = (await testDb()).collection('products');
  await products.updateOne({ _id: new ObjectId(bolt._id) }, { $set: { availableQuantity: 500 } });
  await products.updateOne({ _id: new ObjectId(gear._id) }, { $set: { availableQuantity: 0 } });
  await products.updateOne({ _id: new ObjectId(seal._id) }, { $set: { availableQuantity: 0 } });
  await page.getByRole('button', { name: 'Check out 4 lines' }).click();

  const message = page.getByRole('alert').filter({ hasText: 'nothing was ordered' });
  const lines = page.getByTestId('checkout-refused-line');
  await readAtBothWidths(page, 'checkout refused for short stock', async () => {
    await expect(message).toHaveText(
      `Some parts are short of stock now, so nothing was ordered. ${bolt.name}: only 500 available; ${gear.name}: out of stock; ${seal.name}: out of stock.`,
    );
    await expect(lines).toHaveCount(3);
    await expect(lines.nth(0)).toContainText(`${bolt.name}: only 500 available (you asked 2,000).`);
    await expect(lines.nth(0)).toContainText(bolt.sku!);
    await expect(lines.nth(1)).toContainText(`${gear.name}: out of stock (you asked 1,000).`);
    await expect(lines.nth(2)).toContainText(`${seal.name}: out of stock (you asked 3,000).`);
    await expect(
      lines.nth(0).getByRole('button', { name: `Order the 500 available of ${bolt.name}` }),
    ).toBeVisible();
    // Nothing of an out-of-stock part can be ordered now: remove it or ask a price for it.
    await expect(lines.nth(1).getByRole('button')).toHaveText(
      ['Remove', 'Request a quote'].map((label) => new RegExp(`^${label}`)),
    );
  });
  expect(await (await testDb()).collection('orders').countDocuments({ email: user.email })).toBe(0);

  // Order what is available of the bolts: the list's line is set to 500.
  await lines
    .nth(0)
    .getByRole('button', { name: `Order the 500 available of ${bolt.name}` })
    .click();
  await expect(lines.nth(0)).toContainText(`${bolt.name} is set to 500 in your order list.`);
  await expect(page.getByLabel(`Quantity of ${bolt.name}`)).toHaveValue('500');

  // Remove the gears: the line leaves the list.
  await lines
    .nth(1)
    .getByRole('button', { name: `Remove ${gear.name} from your order list` })
    .click();
  await expect(lines.nth(1)).toContainText(`${gear.name} is removed from your order list.`);
  await expect(page.getByLabel(`Quantity of ${gear.name}`)).toHaveCount(0);

  // Ask a price for the seals: a quote of the 3,000 asked, to the delivery address above.
  await lines
    .nth(2)
    .getByRole('button', { name: `Request a quote for 3,000 ${seal.name}` })
    .click();
  await expect(lines.nth(2)).toContainText(/Quote \S+ is requested for 3,000 /);
  await expect(lines.nth(2)).toContainText('we answer on your Quotes page and by mail.');
  const quote = await (
    await testDb()
  )
    .collection('quotes')
    .findOne({ productId: new ObjectId(seal._id) });
  expect(quote).toMatchObject({ quantity: 3_000, address: '12 Foundry Lane, Sheffield' });

  await expect(lines.nth(2).getByRole('link', { name: 'Your quotes' })).toHaveAttribute(
    'href',
    '/dashboard/quotes',
  );

  // Every line dealt with: the refusal gives way to the list's own note, as the seals (quoted,
  // still in the list) cannot be ordered as they are.
  await readAtBothWidths(page, 'checkout refused lines dealt with', async () => {
    await expect(message).toHaveCount(0);
    await expect(page.getByTestId('checkout-blocked')).toContainText('cannot be ordered as it is');
    await expect(page.getByText('Nothing was ordered yet')).toHaveCount(0);
  });

  // Once the seals leave the list too, it can be checked out again, and the checkout says so.
  await page.getByRole('button', { name: `Remove ${seal.name}`, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Nothing was ordered yet' })).toHaveText(
    'Nothing was ordered yet: check out again to order your list as it is now.',
  );
  await expect(page.getByRole('button', { name: 'Check out 2 lines' })).toBeEnabled();
  await page.getByRole('button', { name: 'Check out 2 lines' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);
});
