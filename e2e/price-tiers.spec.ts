import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { ObjectId } from 'mongodb';
import { expect, test } from './support/fixtures';
import { makeProduct, makeUser } from '../test/support/factories';
import { signedInUser, signIn } from './support/auth';
import { closeTestDb, testDb } from './support/db';

// Business ordering: volume price tiers on the product page, Add Product and the cards; the
// PO number of an order; the business fields of My Profile. Each test takes screenshots of
// what it shows (in the test's output folder) so the layouts can be looked at.

test.afterAll(closeTestDb);

const unique = () => randomBytes(4).toString('hex');

const tiers = [
  { minQuantity: 500, price: 2.65 },
  { minQuantity: 5_000, price: 2.4 },
  { minQuantity: 20_000, price: 2.1 },
];

function tieredProduct() {
  return makeProduct({
    name: `Sealed Bearing 6204 ${unique()}`,
    description:
      'Deep-groove ball bearings, 20 x 47 x 14 mm, with nitrile seals on both sides and grease for life.',
    minimumOrderQuantity: 500,
    availableQuantity: 60_000,
    price: 2.65,
    priceTiers: tiers,
    picture: '/images/products/deep-groove-ball-bearing.webp',
    createdAt: new Date(Date.UTC(2000, 0, 1)),
  });
}

test('the product page shows the tier table and prices the chosen quantity as it changes', async ({
  page,
}, testInfo) => {
  const product = await tieredProduct();
  await signedInUser(page);
  await page.goto(`/product/${product._id}`);

  const table = page.getByRole('table', { name: 'Volume pricing' });
  await expect(table.getByRole('columnheader')).toHaveText(['Units ordered', 'Price per unit']);
  await expect(table.getByRole('row')).toHaveText([
    /Units ordered\s*Price per unit/,
    /500 – 4,999.*\$2\.65/,
    /5,000 – 19,999\s*\$2\.40/,
    /20,000 or more\s*\$2\.10/,
  ]);
  // The specification's price stays the base price.
  await expect(page.getByTestId('product-price')).toHaveText('$2.65');

  const unit = page.getByTestId('order-unit-price');
  const total = page.getByTestId('order-total');
  await expect(unit).toHaveText('$2.65');
  await expect(total).toHaveText('$1,325.00');
  await expect(table.locator('tr[aria-current="true"]')).toContainText('500 – 4,999');
  await page.screenshot({ path: testInfo.outputPath('product-page-desktop.png'), fullPage: true });

  await page.getByLabel('Quantity').selectOption('5000');
  await expect(unit).toHaveText(/^\$2\.40/);
  await expect(total).toHaveText('$12,000.00');
  await expect(table.locator('tr[aria-current="true"]')).toContainText('5,000 – 19,999');

  await page.getByLabel('Quantity').selectOption('20000');
  await expect(unit).toHaveText(/^\$2\.10/);
  await expect(total).toHaveText('$42,000.00');
  await expect(table.locator('tr[aria-current="true"]')).toContainText('20,000 or more');

  await page.getByLabel('Quantity').selectOption('100');
  await expect(page.getByTestId('order-price')).toHaveText('Minimum Order Quantity - 500');
  await expect(table.locator('tr[aria-current="true"]')).toHaveCount(0);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByLabel('Quantity').selectOption('21000');
  await expect(total).toHaveText('$44,100.00');
  await page.screenshot({ path: testInfo.outputPath('product-page-375.png'), fullPage: true });
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('an order placed from the product page is priced by its tier and keeps the PO number', async ({
  page,
}) => {
  const product = await tieredProduct();
  await signedInUser(page);
  await page.goto(`/product/${product._id}`);
  await page.getByLabel('Quantity').selectOption('20000');
  await page.getByLabel('Address').fill('7 Forge Street, Leeds');
  await page.getByLabel('Phone number').fill('01132345678');

  await page.getByLabel('PO number').fill('  PO-2026/0042 ');
  await expect(page.getByTestId('order-total')).toHaveText('$42,000.00');
  await page.getByRole('button', { name: 'purchases' }).click();
  await expect(page.getByRole('dialog', { name: 'Successfully' })).toContainText(
    'Thanks for the purchase',
  );

  const orders = await (
    await testDb()
  )
    .collection('orders')
    .find({ productId: new ObjectId(product._id) })
    .toArray();
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({
    quantity: 20_000,
    unitPriceCents: 210,
    totalCents: 4_200_000,
    poNumber: 'PO-2026/0042',
  });
});

test('an admin adds a product with price tiers; its card shows "from $x"', async ({
  page,
}, testInfo) => {
  await signedInUser(page, 'admin');
  await page.goto('/dashboard/addaproduct');
  const name = `Wave Spring ${unique()}`;
  const form = page.getByRole('form', { name: 'Add Product' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Part number').fill(`WS-${unique().toUpperCase()}`);
  await form.getByLabel('Category').selectOption({ label: 'Springs' });
  await form
    .getByLabel('Description')
    .fill(
      'Crest-to-crest wave springs in 17-7 PH stainless, for compact axial preload in bearings.',
    );
  await form.getByLabel('minimumOrderQuantity').fill('1000');
  await form.getByLabel('availableQuantity').fill('90000');
  await form.getByLabel('Price', { exact: true }).fill('0.95');
  await form.getByLabel('Picture URL').fill('/images/products/compression-spring.webp');

  // Starting the list fills in tier 1 from the minimum and the price, and adds an empty tier 2.
  await form.getByRole('button', { name: 'Add price tiers' }).click();
  await expect(form.getByLabel('Tier 1 From quantity')).toHaveValue('1000');
  await expect(form.getByLabel('Tier 1 Unit price ($)')).toHaveValue('0.95');
  await expect(form.getByLabel('Tier 2 From quantity')).toBeFocused();

  // A tier 2 that is not cheaper, and a tier 3 at the same quantity: each row says why.
  await form.getByLabel('Tier 2 From quantity').fill('5000');
  await form.getByLabel('Tier 2 Unit price ($)').fill('0.95');
  await form.getByRole('button', { name: 'Add a tier' }).click();
  await form.getByLabel('Tier 3 From quantity').fill('5000');
  await form.getByLabel('Tier 3 Unit price ($)').fill('0.80');
  await form.getByRole('button', { name: 'Add Product' }).click();
  await expect(form.getByText('Must be lower than the price of the tier before')).toBeVisible();
  await expect(form.getByText('Another tier already starts at this quantity')).toBeVisible();
  await expect(form.getByLabel('Tier 2 Unit price ($)')).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({
    path: testInfo.outputPath('add-product-tiers-errors.png'),
    fullPage: true,
  });

  await form.getByLabel('Tier 2 Unit price ($)').fill('0.89');
  await form.getByLabel('Tier 3 From quantity').fill('20000');
  // A fourth row added and removed again.
  await form.getByRole('button', { name: 'Add a tier' }).click();
  await expect(form.getByLabel('Tier 4 From quantity')).toBeVisible();
  await form.getByRole('button', { name: 'Remove tier 4' }).click();
  await expect(form.getByLabel('Tier 4 From quantity')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('add-product-tiers.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({
    path: testInfo.outputPath('add-product-tiers-375.png'),
    fullPage: true,
  });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 720 });
  await form.getByRole('button', { name: 'Add Product' }).click();

  await expect(
    page.getByRole('status').filter({ hasText: 'Product added successfull' }),
  ).toBeVisible();
  const doc = await (await testDb()).collection('products').findOne({ name });
  expect(doc).toMatchObject({
    priceCents: 95,
    minimumOrderQuantity: 1_000,
    priceTiers: [
      { minQuantity: 1_000, priceCents: 95 },
      { minQuantity: 5_000, priceCents: 89 },
      { minQuantity: 20_000, priceCents: 80 },
    ],
  });
  // The form starts over without tiers.
  await expect(form.getByLabel('Tier 1 From quantity')).toHaveCount(0);

  await page.goto('/');
  const card = page.getByRole('article', { name, exact: true });
  await expect(card).toContainText('$0.95');
  await expect(card.getByTestId('price-from')).toHaveText('from $0.80');
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: testInfo.outputPath('card-from-price.png') });

  const response = await page.request.get(`/api/product/${doc!._id.toHexString()}`);
  expect((await response.json()).priceTiers).toEqual([
    { minQuantity: 1_000, price: 0.95 },
    { minQuantity: 5_000, price: 0.89 },
    { minQuantity: 20_000, price: 0.8 },
  ]);
});

test('an admin changes and removes a product’s price tiers on Manage Products', async ({
  page,
}, testInfo) => {
  const name = `Sealed Bearing 6204 ${unique()}`;
  const product = await makeProduct({
    name,
    description: 'Deep-groove ball bearings with nitrile seals on both sides.',
    minimumOrderQuantity: 500,
    availableQuantity: 60_000,
    price: 2.65,
    priceTiers: tiers,
    picture: '/images/products/deep-groove-ball-bearing.webp',
  });
  await signedInUser(page, 'admin');
  await page.goto('/dashboard/manageproduct');
  const card = page.getByRole('article', { name, exact: true });
  await card.getByText('Edit volume price tiers').click();
  const form = card.getByRole('form', { name: `Price tiers of ${name}` });
  await expect(form.getByLabel('Tier 1 From quantity')).toHaveValue('500');
  await expect(form.getByLabel('Tier 3 Unit price ($)')).toHaveValue('2.1');

  // The browser checks the rows as the server does: a dearer tier 3 and a moved tier 1.
  await form.getByLabel('Tier 3 Unit price ($)').fill('2.45');
  await form.getByLabel('Tier 1 From quantity').fill('400');
  await form.getByRole('button', { name: 'Save price tiers' }).click();
  await expect(form.getByText('Must be lower than the price of the tier before')).toBeVisible();
  await expect(
    form.getByText('The first tier starts at the minimum order quantity (500)'),
  ).toBeVisible();
  await expect(form.getByLabel('Tier 3 Unit price ($)')).toHaveAttribute('aria-invalid', 'true');
  expect(
    (await new AxeBuilder({ page }).include('main').analyze()).violations.map((v) => v.id),
  ).toEqual([]);
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: testInfo.outputPath('manage-tiers-errors.png') });

  await form.getByLabel('Tier 1 From quantity').fill('500');
  await form.getByLabel('Tier 3 Unit price ($)').fill('1.99');
  await form.getByRole('button', { name: 'Add a tier' }).click();
  await form.getByLabel('Tier 4 From quantity').fill('100000');
  await form.getByLabel('Tier 4 Unit price ($)').fill('1.75');
  await form.getByRole('button', { name: 'Save price tiers' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Price tiers saved' })).toBeVisible();
  const products = (await testDb()).collection('products');
  expect((await products.findOne({ _id: new ObjectId(product._id) }))?.priceTiers).toEqual([
    { minQuantity: 500, priceCents: 265 },
    { minQuantity: 5_000, priceCents: 240 },
    { minQuantity: 20_000, priceCents: 199 },
    { minQuantity: 100_000, priceCents: 175 },
  ]);
  await expect(card.getByTestId('price-from')).toHaveText('from $1.75');

  // No rows: the product goes back to its base price for every quantity.
  for (let tier = 4; tier >= 1; tier--) {
    await form.getByRole('button', { name: `Remove tier ${tier}` }).click();
  }
  await form.getByRole('button', { name: 'Save price tiers' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Price tiers removed' })).toBeVisible();
  expect((await products.findOne({ _id: new ObjectId(product._id) }))?.priceTiers ?? []).toEqual(
    [],
  );
  await expect(card.getByTestId('price-from')).toHaveCount(0);
});

test('catalogue cards show "from $x" only for products with tiers', async ({ page }, testInfo) => {
  const tiered = await tieredProduct();
  const plain = await makeProduct({ name: `Plain Bearing ${unique()}`, price: 14.8 });
  await page.goto(`/products?q=${encodeURIComponent(tiered.sku!)}`);
  const card = page.getByRole('article', { name: tiered.name });
  await expect(card).toContainText('$2.65');
  await expect(card.getByTestId('price-from')).toHaveText('from $2.10');
  await card.screenshot({ path: testInfo.outputPath('catalogue-card-from-price.png') });
  await page.goto(`/products?q=${encodeURIComponent(plain.sku!)}`);
  const plainCard = page.getByRole('article', { name: plain.name });
  await expect(plainCard).toContainText('$14.80');
  await expect(plainCard.getByTestId('price-from')).toHaveCount(0);
});

test('My Profile saves the company and tax id, and refuses a malformed tax id', async ({
  page,
}, testInfo) => {
  const user = await makeUser({ name: 'Bea Business' });
  await signIn(page, user);
  await page.goto('/dashboard');
  const form = page.getByRole('form', { name: 'My Profile' });
  await form.getByLabel('Education').fill('BEng Manufacturing');
  await form.getByLabel('Location').fill('Sheffield, UK');
  await form.getByLabel('Link').fill('https://example.com/bea');
  await form.getByLabel('Company').fill('Acme Gear Works Ltd');
  await form.getByLabel('Tax ID / VAT number').fill('GB/123');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByText('Tax ID / VAT number may use letters, digits, spaces, dots and dashes only'),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('my-profile-error.png'), fullPage: true });

  await form.getByLabel('Tax ID / VAT number').fill('GB 123 4567 89');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Profile update successfull' }),
  ).toBeVisible();
  await page.reload();
  await expect(form.getByLabel('Company')).toHaveValue('Acme Gear Works Ltd');
  await expect(form.getByLabel('Tax ID / VAT number')).toHaveValue('GB 123 4567 89');
  await expect(form.getByLabel('Name')).toHaveValue('Bea Business');
  await page.screenshot({ path: testInfo.outputPath('my-profile.png'), fullPage: true });
  const doc = await (await testDb()).collection('users').findOne({ email: user.email });
  expect(doc).toMatchObject({ company: 'Acme Gear Works Ltd', taxId: 'GB 123 4567 89' });

  // Emptying a field removes it.
  await form.getByLabel('Company').fill('');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect
    .poll(
      async () =>
        (await (await testDb()).collection('users').findOne({ email: user.email }))?.company,
    )
    .toBeUndefined();
});
