import { ObjectId } from 'mongodb';
import { expect, test } from './support/fixtures';
import { closeTestDb, testDb } from './support/db';
import { signedInUser } from './support/auth';

test.afterAll(closeTestDb);

test('the home page shows its six sections in order, with products and reviews from the database', async ({
  page,
}) => {
  const db = await testDb();
  const newestFirst = { createdAt: -1, _id: -1 } as const;
  const dbNames = async (collection: string, limit = 0) =>
    (await db.collection(collection).find().sort(newestFirst).limit(limit).toArray()).map(
      (doc) => doc.name,
    );
  const shown = (testId: string) =>
    page.getByTestId(testId).getByRole('heading', { level: 3 }).allTextContents();

  // Other tests add products and reviews while this one runs, some through the second app
  // instance, whose cache expiries this instance does not hear of: the page must show exactly
  // the 9 newest products and every review the database holds, newest first, within the
  // cache's revalidation time (60 s).
  test.setTimeout(150_000);
  await expect
    .poll(
      async () => {
        await page.goto('/');
        const [products, reviews] = await Promise.all([dbNames('products', 9), dbNames('reviews')]);
        return {
          products: (await shown('product-grid')).join('|') === products.join('|'),
          reviews: (await shown('review-list')).join('|') === reviews.join('|'),
        };
      },
      { timeout: 100_000, intervals: [500, 1000, 2000] },
    )
    .toEqual({ products: true, reviews: true });
  // The seeded catalogue alone has more than 9 products: the page shows exactly 9, then the
  // way to the rest.
  expect(await db.collection('products').countDocuments()).toBeGreaterThan(9);
  await expect(page.getByTestId('product-grid').getByRole('article')).toHaveCount(9);
  await expect(
    page.locator('#products').getByRole('link', { name: 'View all products' }),
  ).toHaveAttribute('href', '/products');
  const reviews = await db.collection('reviews').find().toArray();
  expect(reviews.length).toBeGreaterThanOrEqual(6);

  const headings = await page
    .locator('main section')
    .evaluateAll((sections) =>
      sections.map((section) => section.querySelector('h1, h2')?.textContent?.trim() ?? ''),
    );
  expect(headings).toHaveLength(6);
  expect(headings[0]).toMatch(/make our own parts/i);
  expect(headings.slice(1, 4)).toEqual([
    'Store Product List',
    'Millions User trust us',
    'User Reviews',
  ]);
  expect(headings[5]).toBe('Contact Us');

  const hero = page.locator('main section').first();
  await expect(hero.getByRole('link', { name: 'Get Started' })).toHaveAttribute(
    'href',
    '/dashboard',
  );
  const description = page.locator('main section').nth(4);
  await expect(description.getByRole('link', { name: 'Get Started' })).toHaveAttribute(
    'href',
    '/dashboard',
  );

  const stats = page.locator('main section').nth(2);
  await expect(stats).toContainText('Our user expectation');
  for (const [label, value] of [
    ['Customer', '33k'],
    ['Annual revenew', '35k'],
    ['Reviews', '60k'],
  ] as const) {
    await expect(stats.getByText(label, { exact: true })).toBeVisible();
    await expect(stats.getByText(value, { exact: true })).toBeVisible();
  }

  const review = reviews.find((candidate) => candidate.name === 'Maria Okafor')!;
  const reviewCard = page.getByRole('article', { name: `Review by ${review.name}` });
  await expect(reviewCard).toContainText(review.location);
  await expect(reviewCard).toContainText(review.reviewText);
  await expect(reviewCard.getByLabel(`Rating: ${review.rating} out of 5`)).toBeVisible();
  await expect(reviewCard.getByRole('img', { name: `Photo of ${review.name}` })).toBeVisible();

  const contact = page.locator('main section').nth(5);
  await expect(contact.getByLabel('Name')).toHaveAttribute('required', '');
  await expect(contact.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(contact.getByLabel('Address')).toHaveAttribute('required', '');
  const message = contact.getByLabel('Message');
  await expect(message).toHaveAttribute('cols', '50');
  await expect(message).toHaveAttribute('rows', '5');
  await expect(contact.getByRole('img', { name: /letter/i })).toBeVisible();
});

test('/home shows the same home page', async ({ page }) => {
  const response = await page.goto('/home');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Store Product List' })).toBeVisible();
});

test('a product card shows its fields and Buy Now goes to the product page', async ({ page }) => {
  const db = await testDb();
  await signedInUser(page);
  await page.goto('/');
  // The home page shows the newest parts, and other specs add parts all along the run: the card
  // read is one the page shows now, of a part that is still in the catalogue.
  // Each product card is labelled by its heading, `product-<id>`.
  const cards = page.locator('article[aria-labelledby^="product-"]');
  await expect(cards.first()).toBeVisible();
  let product = null;
  for (const label of await cards.evaluateAll((articles) =>
    articles.map((article) => article.getAttribute('aria-labelledby') ?? ''),
  )) {
    const id = label.slice('product-'.length);
    if (!ObjectId.isValid(id)) continue;
    product = await db.collection('products').findOne({ _id: new ObjectId(id) });
    if (product) break;
  }
  if (!product) throw new Error('no card of a part in the catalogue');
  const card = page.locator(`article[aria-labelledby="product-${product._id.toHexString()}"]`);
  await expect(card).toHaveAccessibleName(product.name);
  await expect(card).toContainText(`${product.description.slice(0, 100)}...read more`);
  await expect(card).toContainText(`$${(product.priceCents / 100).toFixed(2)}`);
  await expect(card).toContainText(`minimumOrderQuantity${product.minimumOrderQuantity}`);
  await expect(card).toContainText(`availableQuantity${product.availableQuantity}`);
  await expect(card.getByRole('img', { name: product.name })).toBeVisible();

  const buy = card.getByRole('link', { name: `Buy Now: ${product.name}` });
  await expect(buy).toHaveAttribute('href', `/product/${product._id.toHexString()}`);
  await buy.click();
  await expect(page).toHaveURL(`/product/${product._id.toHexString()}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
});

test('the product page shows picture, name, description, quantities and price', async ({
  page,
}) => {
  const db = await testDb();
  const product = await db.collection('products').findOne({ name: /Ball Bearing/ });
  if (!product) throw new Error('no bearing seeded');
  await signedInUser(page);
  const response = await page.goto(`/product/${product._id.toHexString()}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  await expect(page.getByText(product.description)).toBeVisible();
  await expect(page.getByRole('img', { name: product.name })).toBeVisible();
  await expect(page.getByTestId('product-moq')).toHaveText(String(product.minimumOrderQuantity));
  await expect(page.getByTestId('product-available')).toHaveText(String(product.availableQuantity));
  await expect(page.getByTestId('product-price')).toHaveText(
    `$${(product.priceCents / 100).toFixed(2)}`,
  );
});

for (const path of ['/product/0123456789abcdef01234567', '/product/not-an-id', '/no/such/page']) {
  test(`${path} answers the 404 page with status 404`, async ({ page }) => {
    await signedInUser(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Oops!404-PAGE NOT FOUND' })).toBeVisible();
    await expect(page.getByRole('img', { name: /broken gear/i })).toBeVisible();
  });
}

test('the blog answers the five questions', async ({ page }) => {
  await page.goto('/blogs');
  const questions = page.getByRole('article');
  await expect(questions).toHaveCount(5);
  for (const topic of [
    /performance/i,
    /ways to manage a state/i,
    /prototyp/i,
    /set the state directly/i,
    /unit test/i,
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: topic })).toBeVisible();
  }
  const paragraphs = await questions.first().locator('p').count();
  expect(paragraphs).toBeGreaterThanOrEqual(2);
});

test('the navigation bar links to every public page', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link').first()).toHaveText(/\S/);
  const expected = [
    ['Home', '/'],
    ['Products', '/products'],
    ['Blogs', '/blogs'],
    ['Contact', '/contactus'],
    ['MyPortfolio', '/myportfolio'],
    ['Login', '/login'],
  ] as const;
  for (const [name, href] of expected) {
    await expect(nav.getByRole('link', { name, exact: true }).first()).toHaveAttribute(
      'href',
      href,
    );
  }
  await nav.getByRole('link', { name: 'Blogs', exact: true }).first().click();
  await expect(page).toHaveURL('/blogs');
  await nav.getByRole('link', { name: 'MyPortfolio', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await nav.getByRole('link', { name: 'Contact', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
});

test('the small-screen menu toggle shows and hides the links', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('link', { name: 'Blogs', exact: true })).toBeHidden();
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await page.getByRole('link', { name: 'Blogs', exact: true }).click();
  await expect(page).toHaveURL('/blogs');
});

for (const [width, columns] of [
  [390, 1],
  [800, 2],
  [1280, 3],
] as const) {
  test(`the product grid has ${columns} column(s) at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const tops = await page
      .getByTestId('product-grid')
      .locator(':scope > li')
      .evaluateAll((items) =>
        items.slice(0, 4).map((item) => Math.round(item.getBoundingClientRect().top)),
      );
    const firstRow = tops.filter((top) => top === tops[0]).length;
    expect(firstRow).toBe(columns);
  });
}

test('the contact form shows a field message for each empty field', async ({ page }) => {
  await page.goto('/contactus');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Name is Required')).toBeVisible();
  await expect(page.getByText('Email is Required')).toBeVisible();
  await expect(page.getByText('Address is Required')).toBeVisible();
  await expect(page.getByText('Message is Required')).toBeVisible();
});
