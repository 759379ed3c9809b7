import { randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { makeProduct } from '../test/support/factories';
import { fromStore } from './support/api';
import { signedInUser } from './support/auth';
import { closeTestDb, testDb } from './support/db';
import { pngImage } from './fixtures/images';

test.afterAll(closeTestDb);

const unique = () => randomBytes(4).toString('hex');

const description =
  'Case-hardened involute spline shaft, 25 mm, ground to DIN 5480 with a keyed end; supplied oiled and capped for long storage.';

async function loaded(image: Locator): Promise<number> {
  return image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));
}

test('an admin adds a product and it appears on the home page with its fields', async ({
  page,
}) => {
  await signedInUser(page, 'admin');
  await page.goto('/dashboard/addaproduct');
  await expect(page.getByRole('heading', { name: 'Add Product' })).toBeVisible();

  const name = `Spline Shaft ${unique()}`;
  const sku = `SS-25-${unique().toUpperCase()}`;
  const form = page.getByRole('form', { name: 'Add Product' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Part number').fill(sku);
  await form.getByLabel('Category').selectOption({ label: 'Power Transmission' });
  await form.getByLabel('Description').fill(description);
  await expect(form.getByLabel('minimumOrderQuantity')).toHaveAttribute('type', 'number');
  await form.getByLabel('minimumOrderQuantity').fill('750');
  await form.getByLabel('availableQuantity').fill('12500');
  await expect(form.getByLabel('Carton size (units)')).toHaveValue('1');
  await form.getByLabel('Carton size (units)').fill('25');
  await expect(form.getByLabel('Maximum per order')).toHaveValue('');
  await form.getByLabel('Price').fill('23.45');
  await form.getByLabel('Picture URL').fill('/images/products/spur-gear.webp');
  await form.getByRole('button', { name: 'Add Product' }).click();

  await expect(
    page.getByRole('status').filter({ hasText: 'Product added successfull' }),
  ).toBeVisible();
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('');

  const db = await testDb();
  const doc = await db.collection('products').findOne({ name });
  expect(doc).toMatchObject({
    sku,
    category: 'power-transmission',
    priceCents: 2345,
    minimumOrderQuantity: 750,
    availableQuantity: 12500,
    orderMultiple: 25,
  });
  expect(doc).not.toHaveProperty('maxOrderQuantity');

  await page.goto('/');
  const card = page.getByRole('article', { name, exact: true });
  await expect(card).toContainText(`${description.slice(0, 100)}...read more`);
  await expect(card).toContainText('$23.45');
  await expect(card.getByText('750', { exact: true })).toBeVisible();
  await expect(card.getByText('12500', { exact: true })).toBeVisible();
  await expect(card).toContainText(`Part no. ${sku}`);
  await expect(card).toContainText('Power Transmission');
  await expect(card.getByRole('link', { name: `Buy Now: ${name}` })).toHaveAttribute(
    'href',
    `/product/${doc!._id.toHexString()}`,
  );
  const picture = card.getByRole('img', { name });
  await picture.scrollIntoViewIfNeeded();
  await expect.poll(() => loaded(picture)).toBeGreaterThan(0);
});

test('an admin adds a product with an uploaded picture; it is served from our own origin', async ({
  page,
}) => {
  await signedInUser(page, 'admin');
  await page.goto('/dashboard/addaproduct');
  const name = `Cast Pulley ${unique()}`;
  const form = page.getByRole('form', { name: 'Add Product' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Part number').fill(`CP-${unique()}`);
  await form.getByLabel('Category').selectOption('power-transmission');
  await form.getByLabel('Description').fill(description);
  await form.getByLabel('minimumOrderQuantity').fill('500');
  await form.getByLabel('availableQuantity').fill('800');
  await form.getByLabel('Price').fill('7');
  await form.getByLabel('Or upload a picture').setInputFiles({
    name: 'pulley.png',
    mimeType: 'image/png',
    buffer: pngImage({ width: 120, height: 90, seed: 2 }),
  });
  await form.getByRole('button', { name: 'Add Product' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Product added successfull' }),
  ).toBeVisible();

  const doc = await (await testDb()).collection('products').findOne({ name });
  expect(doc?.picture).toMatch(/^\/api\/images\/[0-9a-f]{32}$/);

  await page.goto('/');
  const card = page.getByRole('article', { name, exact: true });
  await expect(card).toContainText('$7.00');
  const picture = card.getByRole('img', { name });
  await picture.scrollIntoViewIfNeeded();
  await expect.poll(() => loaded(picture)).toBeGreaterThan(0);
});

test('an empty Add Product form shows the field messages and adds nothing', async ({ page }) => {
  await signedInUser(page, 'admin');
  // Other tests add products meanwhile, so "adds nothing" means: no request left this form.
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/product')
      posts.push(request.url());
  });
  await page.goto('/dashboard/addaproduct');
  const form = page.getByRole('form', { name: 'Add Product' });
  await form.getByRole('button', { name: 'Add Product' }).click();
  for (const message of [
    'Name is Required',
    'Part number is Required',
    'Category is Required',
    'Description is Required',
    'Minimum order quantity is Required',
    'Available quantity is Required',
    'Price is Required',
    'Picture is Required',
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(form.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('availableQuantity').fill('-5');
  await form.getByLabel('Price').fill('1.005');
  await form.getByLabel('Picture URL').fill('ftp://example.com/a.png');
  await form.getByRole('button', { name: 'Add Product' }).click();
  await expect(form.getByText('Must not be negative', { exact: true })).toBeVisible();
  await expect(form.getByText('Use at most 2 decimals', { exact: true })).toBeVisible();
  await expect(form.getByText(/Provide an image URL/)).toBeVisible();
  expect(posts).toEqual([]);
});

test('delete: cancel keeps the product, confirm removes it from the home page; orders keep their copy', async ({
  page,
  browser,
}) => {
  const db = await testDb();
  const name = `Retaining Ring ${unique()}`;
  const product = await makeProduct({
    name,
    description,
    minimumOrderQuantity: 500,
    availableQuantity: 4000,
    price: 3.1,
    picture: '/images/products/hex-flange-bolt.webp',
  });
  const productId = new ObjectId(product._id);
  // A buyer orders the product first, through the API the order form uses.
  const buyerContext = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.252' },
  });
  const buyerPage = await buyerContext.newPage();
  await signedInUser(buyerPage, 'user');
  const placed = await buyerPage.request.post('/api/order', {
    data: {
      productId: product._id,
      quantity: 500,
      address: '1 Mill Lane, Leeds',
      phone: '441130000000',
    },
    headers: fromStore,
  });
  expect(placed.status()).toBe(201);
  const { insertedId } = (await placed.json()) as { insertedId: string };
  await buyerContext.close();
  const order = await db.collection('orders').findOne({ _id: new ObjectId(insertedId) });
  expect(order).toMatchObject({
    name,
    description,
    picture: '/images/products/hex-flange-bolt.webp',
  });

  await signedInUser(page, 'admin');
  await page.goto('/dashboard/manageproduct');
  await expect(page.getByRole('heading', { name: 'Manage Products' })).toBeVisible();
  const card = page.getByRole('article', { name, exact: true });
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure you want to delete product?' });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('Once deleted, you will not be able to recover it!');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your product is safe!' })).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(card).toBeVisible();
  expect(await db.collection('products').countDocuments({ _id: productId })).toBe(1);

  await card.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Product delete successfull' }),
  ).toBeVisible();
  await expect(card).toBeHidden();
  expect(await db.collection('products').countDocuments({ _id: productId })).toBe(0);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Store Product List' })).toBeVisible();
  await expect(page.getByRole('article', { name, exact: true })).toHaveCount(0);
  // The order keeps its copy of the product; only its mail outbox (sent after the answer,
  // retried while no mail server listens) may have moved on.
  const withoutOutbox = (doc: Record<string, unknown> | null) => {
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const { outbox: _outbox, ...rest } = doc ?? {};
    return rest;
  };
  expect(withoutOutbox(await db.collection('orders').findOne({ _id: order!._id }))).toEqual(
    withoutOutbox(order),
  );
});

test('buyers get neither the admin pages nor the product API', async ({ page }) => {
  await signedInUser(page, 'user');
  for (const path of ['/dashboard/addaproduct', '/dashboard/manageproduct']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login\?/);
  }
  const db = await testDb();
  const product = await db.collection('products').findOne({ name: /^Spur Gear, Module 2/ });
  const added = await page.request.post('/api/product', {
    data: {
      name: 'Sneaky',
      description: 'x',
      minimumOrderQuantity: 1,
      availableQuantity: 1,
      price: 1,
      picture: '/images/products/spur-gear.webp',
    },
    headers: fromStore,
  });
  // Refused for being a buyer (not for coming from elsewhere: the calls say the store's origin).
  expect(added.status()).toBe(403);
  expect(((await added.json()) as { error: { code: string } }).error.code).toBe('forbidden');
  const deleted = await page.request.delete(`/api/product/${product!._id.toHexString()}`, {
    headers: fromStore,
  });
  expect(deleted.status()).toBe(403);
  expect(((await deleted.json()) as { error: { code: string } }).error.code).toBe('forbidden');
  expect(await db.collection('products').countDocuments({ _id: product!._id })).toBe(1);
});
