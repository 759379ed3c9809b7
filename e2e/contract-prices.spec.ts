import { randomBytes } from 'node:crypto';
import { expect, test } from './support/fixtures';
import { signIn } from './support/auth';
import { closeTestDb, testDb } from './support/db';
import { accessibleAtBothWidths } from './support/screens';
import { makeCompany } from '../test/support/companies';
import { makeProduct, makeUser, verifyEmail } from '../test/support/factories';
import { parseId, type Id } from '@/lib/core/ids';
import { assignPriceList, createPriceList, setEntry } from '@/lib/pricing';
import { assignPriceListSchema, createPriceListSchema, entrySchema } from '@/lib/pricing/schemas';

/**
 * Contract prices and cartons end to end (issue 26): a company buys a part sold in cartons of
 * 200 at its contract price. Its member sees "Your price" beside the struck list price and a
 * carton stepper on the product page, adds three cartons to the order list and checks out at
 * the contract price (the server's total, not the page's). A person in no company sees the
 * list price and the product's own cartons only.
 */

test.afterAll(closeTestDb);

const SHOTS = process.env.PRICING_SHOTS_DIR || '/tmp/shots';

test('a company member orders three cartons at the contract price; anyone else sees the list price', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = randomBytes(3).toString('hex');
  const part = await makeProduct({
    name: `Carton washer ${tag}`,
    price: 2,
    minimumOrderQuantity: 600,
    orderMultiple: 200,
    availableQuantity: 20_000,
    picture: '/images/products/spur-gear.webp',
    createdAt: new Date(Date.UTC(2000, 0, 1)),
  } as Parameters<typeof makeProduct>[0]);
  const { companyId, members } = await makeCompany([{ role: 'buyer' }]);
  const admin = await makeUser({ role: 'admin' });
  const list = await createPriceList(
    admin,
    createPriceListSchema.parse({ name: `Washers ${tag}` }),
  );
  await setEntry(parseId(list._id)!, parseId(part._id)!, entrySchema.parse({ unitPrice: 1.5 }));
  await assignPriceList(
    admin,
    companyId.toHexString() as Id,
    assignPriceListSchema.parse({ priceListId: list._id }),
  );

  // The member: makeCompany's members are verified users with a password of their own.
  const member = members[0]!;
  const memberContext = await browser.newContext();
  const page = await memberContext.newPage();
  await signIn(page, { email: member.user.email, password: member.password });

  await page.goto(`/product/${part._id}`);
  await expect(page.getByTestId('your-price')).toHaveText('$1.50');
  await expect(page.getByTestId('product-price')).toContainText('$2.00');
  await expect(page.getByTestId('product-price').locator('s')).toHaveCount(1);
  await expect(page.getByTestId('order-carton')).toContainText('Sold in cartons of 200');
  const quantity = page.getByRole('form', { name: 'Order' }).getByLabel('Quantity');
  // The stepper offers whole cartons from the minimum: 600 (3 cartons), 800 (4 cartons)...
  await expect(quantity.locator('option').first()).toHaveText('600 (3 cartons)');
  await expect(quantity.locator('option').nth(1)).toHaveText('800 (4 cartons)');
  await quantity.selectOption('600');
  await expect(page.getByTestId('order-unit-price')).toContainText('$1.50');
  await expect(page.getByTestId('order-total')).toHaveText('$900.00');
  await accessibleAtBothWidths(page, 'product page with a contract price', SHOTS);

  await page.getByRole('button', { name: 'Add to order list' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Added to your order list' }),
  ).toBeVisible();
  await page.goto('/dashboard/cart');
  const row = page.getByRole('row', { name: new RegExp(part.name) });
  await expect(row).toContainText('$1.50');
  await expect(row.getByTestId('cart-your-price')).toHaveText('Your price');
  await expect(row.getByTestId('cart-carton')).toHaveText('Cartons of 200');
  await expect(page.getByRole('row', { name: /Order total/ })).toContainText('$900.00');
  await accessibleAtBothWidths(page, 'order list with a contract price', SHOTS);

  await page.getByLabel('Address').fill('7 Forge Street, Leeds');
  await page.getByLabel('Phone number').fill('01132345678');
  await page.getByRole('button', { name: 'Check out 1 line' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);
  await expect(page.getByText('Please pay: $900.00')).toBeVisible();
  const order = await (
    await testDb()
  )
    .collection('orders')
    .findOne({ email: member.user.email, productId: { $exists: true } }, { sort: { _id: -1 } });
  expect(order).toMatchObject({ totalCents: 90_000, quantity: 600 });
  expect(order!.lines[0]).toMatchObject({
    unitPriceCents: 150,
    priceSource: `contract:${list._id}`,
  });
  await memberContext.close();

  // A person in no company: the list price, nothing struck, no "Your price".
  const other = await makeUser();
  await verifyEmail(other);
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  await signIn(otherPage, other);
  await otherPage.goto(`/product/${part._id}`);
  await expect(otherPage.getByTestId('product-price')).toHaveText('$2.00');
  await expect(otherPage.getByTestId('your-price')).toHaveCount(0);
  await expect(otherPage.getByTestId('order-total')).toHaveText('$1,200.00');
  await otherContext.close();

  // A guest: the catalogue's card shows the list price only.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(`/products?q=${encodeURIComponent(part.name)}`);
  const card = guest.getByRole('article').filter({ hasText: part.name });
  await expect(card).toContainText('$2.00');
  await expect(card.getByTestId('your-price')).toHaveCount(0);
  await expect(guest.getByText('$1.50')).toHaveCount(0);
  await guestContext.close();
});
