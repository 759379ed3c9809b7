import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { ObjectId } from 'mongodb';
import { expect, test } from './support/fixtures';
import { makeProduct } from '../test/support/factories';
import { signedInUser } from './support/auth';
import { closeTestDb, testDb } from './support/db';

// Cartons on Manage Products: an admin sets a product's minimum, carton size and maximum per
// order, with the server's rules checked in the browser, and the price tiers follow.

test.afterAll(closeTestDb);

const unique = () => randomBytes(4).toString('hex');

test('an admin moves a product to cartons on Manage Products', async ({ page }) => {
  const name = `Flat Washer M10 ${unique()}`;
  const product = await makeProduct({
    name,
    description: 'Zinc-plated steel flat washers for M10 bolts, packed 48 to a carton.',
    minimumOrderQuantity: 500,
    availableQuantity: 48_000,
    price: 0.4,
    priceTiers: [
      { minQuantity: 500, price: 0.4 },
      { minQuantity: 4_800, price: 0.35 },
    ],
    picture: '/images/products/hex-flange-bolt.webp',
    // Off the home page's newest products, which other specs read.
    createdAt: new Date(Date.UTC(2000, 0, 1)),
  });
  await signedInUser(page, 'admin');
  // Found by its part number: it is not among the newest products.
  await page.goto(`/dashboard/manageproduct?q=${encodeURIComponent(product.sku!)}`);
  const card = page.getByRole('article', { name, exact: true });
  await card.getByText('Edit order quantities').click();
  const form = card.getByRole('form', { name: `Order quantities of ${name}` });
  await expect(form.getByLabel('Minimum order quantity')).toHaveValue('500');
  await expect(form.getByLabel('Carton size (units)')).toHaveValue('1');
  await expect(form.getByLabel('Maximum per order')).toHaveValue('');

  // The browser checks as the server does: 500 and 1,000 are not whole cartons of 48.
  await form.getByLabel('Carton size (units)').fill('48');
  await form.getByLabel('Maximum per order').fill('1000');
  await form.getByRole('button', { name: 'Save order quantities' }).click();
  await expect(
    form.getByText(
      'The minimum order quantity must be a whole number of cartons (multiples of 48)',
    ),
  ).toBeVisible();
  await expect(
    form.getByText('The maximum per order must be a whole number of cartons (multiples of 48)'),
  ).toBeVisible();
  await expect(form.getByLabel('Maximum per order')).toHaveAttribute('aria-invalid', 'true');
  expect(
    (await new AxeBuilder({ page }).include('main').analyze()).violations.map((v) => v.id),
  ).toEqual([]);

  await form.getByLabel('Minimum order quantity').fill('528');
  await form.getByLabel('Maximum per order').fill('');
  await form.getByRole('button', { name: 'Save order quantities' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Order quantities saved' }),
  ).toBeVisible();
  const products = (await testDb()).collection('products');
  const stored = await products.findOne({ _id: new ObjectId(product._id) });
  expect(stored).toMatchObject({
    minimumOrderQuantity: 528,
    orderMultiple: 48,
    priceTiers: [
      { minQuantity: 528, priceCents: 40 },
      { minQuantity: 4_800, priceCents: 35 },
    ],
  });
  expect(stored).not.toHaveProperty('maxOrderQuantity');

  // The price tiers show tier 1 moved, and a tier between two cartons is refused.
  await expect(card.getByText('528', { exact: true })).toBeVisible();
  await card.getByText('Edit volume price tiers').click();
  const tiers = card.getByRole('form', { name: `Price tiers of ${name}` });
  await expect(tiers.getByLabel('Tier 1 From quantity')).toHaveValue('528');
  await tiers.getByLabel('Tier 2 From quantity').fill('5000');
  await tiers.getByRole('button', { name: 'Save price tiers' }).click();
  await expect(
    tiers.getByText('Must be a whole number of cartons (multiples of 48)', { exact: true }),
  ).toBeVisible();
});
