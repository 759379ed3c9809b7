import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { closeTestDb, testDb } from './support/db';
import { makeProduct } from '../test/support/factories';
import { categoryName } from '@/lib/catalogue/categories';
import { env } from '@/lib/core/env';

test.afterAll(closeTestDb);

const hex = () => randomBytes(4).toString('hex');

/**
 * Products made here are dated in the past, so they never push the products that other specs
 * add (and look for on the home page) out of the 9 newest.
 */
let clock = Date.UTC(2001, 0, 1);
const longAgo = () => new Date((clock += 60_000));

async function cardNames(page: Page): Promise<string[]> {
  return page.getByTestId('product-grid').getByRole('article').locator('h2, h3').allTextContents();
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the search form on /products finds a product by its part number', async ({ page }) => {
    const sku = `TW-${hex().toUpperCase()}`;
    const product = await makeProduct({
      name: `Thrust Washer ${hex()}`,
      sku,
      category: 'bearings',
      createdAt: longAgo(),
    });

    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    const form = page.getByRole('search', { name: 'Search the catalogue' });
    // Part numbers are found whatever their case.
    await form.getByLabel('Search by name or part number').fill(sku.toLowerCase());
    await form.getByRole('button', { name: 'Search' }).click();

    // A plain GET form: the browser itself puts the fields in the URL.
    await expect(page).toHaveURL(`/products?q=${sku.toLowerCase()}&category=&sort=`);
    await expect(form.getByLabel('Search by name or part number')).toHaveValue(sku.toLowerCase());
    const card = page.getByTestId('product-grid').getByRole('article').first();
    await expect(card.getByRole('heading')).toHaveText(product.name);
    await expect(card).toContainText(`Part no. ${sku}`);
    await expect(card).toContainText('Bearings');
    await expect(card.getByRole('link', { name: `Buy Now: ${product.name}` })).toHaveAttribute(
      'href',
      `/product/${product._id}`,
    );
  });

  test('a search that finds nothing says so, and bad parameters get a message', async ({
    page,
  }) => {
    await page.goto(`/products?q=${hex()}nothing${hex()}`);
    await expect(page.getByTestId('result-count')).toHaveText('No products found.');
    await expect(page.getByText(/^Nothing matches/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Show all products' })).toHaveAttribute(
      'href',
      '/products',
    );

    const response = await page.goto('/products?category=anvils&page=0');
    expect(response?.status()).toBe(200);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('This search cannot be shown');
    await expect(alert).toContainText('Choose one of the catalogue categories');
    await expect(alert).toContainText('Page must be a whole number from 1');
    await expect(page.getByTestId('product-grid')).toHaveCount(0);
  });
});

test('a footer link opens the category page with only that category', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Bearings', exact: true }).click();
  await expect(page).toHaveURL('/products?category=bearings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bearings');
  await expect(page).toHaveTitle(/^Bearings \|/);
  await expect(page.getByLabel('Category')).toHaveValue('bearings');

  // Other specs add products meanwhile, but none in this category.
  const db = await testDb();
  const bearings = await db
    .collection('products')
    .find({ category: 'bearings' })
    .sort({ createdAt: -1, _id: -1 })
    .toArray();
  expect(bearings.length).toBeGreaterThan(0);
  expect(await cardNames(page)).toEqual(bearings.slice(0, 24).map((doc) => doc.name));
  const cards = page.getByTestId('product-grid').getByRole('article');
  for (const card of await cards.all()) await expect(card).toContainText('Bearings');
});

test('page 2 of the results shows the next products, with page links', async ({ page }) => {
  const token = `gp${hex()}`;
  const names = ['A', 'B', 'C', 'D', 'E'].map((letter) => `Gauge Pin ${letter} ${token}`);
  for (const name of names) {
    await makeProduct({
      name,
      sku: `GP-${hex().toUpperCase()}`,
      category: 'fasteners',
      createdAt: longAgo(),
    });
  }

  await page.goto(`/products?q=${token}&sort=name&limit=2`);
  await expect(page.getByTestId('result-count')).toHaveText('Showing 1–2 of 5 products');
  expect(await cardNames(page)).toEqual(names.slice(0, 2));
  const pages = page.getByRole('navigation', { name: 'Result pages' });
  await expect(pages.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expect(pages.getByRole('link', { name: 'Page 3' })).toBeVisible();

  await pages.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(`/products?q=${token}&sort=name&limit=2&page=2`);
  await expect(page.getByTestId('result-count')).toHaveText('Showing 3–4 of 5 products');
  expect(await cardNames(page)).toEqual(names.slice(2, 4));
  await expect(pages.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

  await pages.getByRole('link', { name: 'Page 3' }).click();
  await expect(page).toHaveURL(`/products?q=${token}&sort=name&limit=2&page=3`);
  await expect(page.getByTestId('result-count')).toHaveText('Showing 5 of 5 products');
  expect(await cardNames(page)).toEqual(names.slice(4));
  await expect(pages.getByRole('link', { name: 'Previous' })).toHaveAttribute(
    'href',
    `/products?q=${token}&sort=name&limit=2&page=2`,
  );
});

test('the home page shows at most 9 products and links to all of them', async ({ page }) => {
  await page.goto('/');
  const count = await page.getByTestId('product-grid').getByRole('article').count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(9);
  await page.getByRole('link', { name: 'View all products' }).click();
  await expect(page).toHaveURL('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(page.getByTestId('result-count')).toHaveText(/^(Showing 1–\d+ of )?\d+ products?$/);
});

test('sitemap.xml and robots.txt describe the public pages', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  const robotsText = await robots.text();
  for (const path of ['/dashboard', '/api', '/login', '/signup', '/reset-password']) {
    expect(robotsText).toContain(`Disallow: ${path}\n`);
  }
  expect(robotsText).toContain('Allow: /\n');
  const sitemapUrl = robotsText.match(/^Sitemap: (\S+)$/m)?.[1];
  expect(sitemapUrl).toMatch(/^https?:\/\/[^/]+\/sitemap\.xml$/);
  const origin = new URL(sitemapUrl!).origin;

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toMatch(/^application\/xml/);
  const xml = await sitemap.text();
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  for (const loc of locs) expect(new URL(loc).origin).toBe(origin);
  const paths = locs.map((loc) => loc.slice(origin.length));
  for (const expected of [
    '/',
    '/products',
    '/products?category=bearings',
    '/products?category=gears',
    '/blogs',
    '/contactus',
    '/myportfolio',
    '/about',
    '/terms',
    '/privacy',
    '/cookies',
    '/warranty',
  ]) {
    expect(paths).toContain(expected);
  }
  expect(paths.filter((p) => /^\/(dashboard|api|login|signup)/.test(p))).toEqual([]);
});

test('public pages have their own title, description, canonical URL and preview card', async ({
  page,
}) => {
  const seen = { titles: new Set<string>(), descriptions: new Set<string>() };
  const paths = ['/', '/products', '/products?category=bearings', '/blogs', '/about', '/terms'];
  for (const path of paths) {
    await page.goto(path);
    const meta = (selector: string) => page.locator(selector).first().getAttribute('content');
    seen.titles.add(await page.title());
    seen.descriptions.add((await meta('meta[name="description"]')) ?? '');
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(new URL(canonical!).pathname + new URL(canonical!).search).toBe(path);
    expect(await meta('meta[property="og:url"]')).toBe(canonical);
    expect(await meta('meta[property="og:title"]')).toBe(await page.title());
    expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    for (const selector of ['meta[property="og:image"]', 'meta[name="twitter:image"]']) {
      expect(new URL((await meta(selector))!).pathname, `${path} ${selector}`).toBe(
        '/opengraph-image',
      );
    }
  }
  expect(seen.titles.size).toBe(paths.length);
  expect(seen.descriptions.size).toBe(paths.length);

  const image = await page.request.get('/opengraph-image');
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
});

test('the footer links only to pages that exist', async ({ page, request }) => {
  await page.goto('/');
  const hrefs = await page
    .getByRole('contentinfo')
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThanOrEqual(12);
  for (const href of hrefs) {
    expect(href).toMatch(/^\/\w/);
    expect((await request.get(href)).status(), href).toBe(200);
  }
  await page.getByRole('contentinfo').getByRole('link', { name: 'Warranty' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Warranty' })).toBeVisible();
  await expect(page.locator('main')).toContainText(env.STORE_NAME);
});

type Json = Record<string, unknown>;

test('the home page carries JSON-LD: the store and its listed products with offers', async ({
  page,
}) => {
  await page.goto('/');
  const scripts = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''));
  for (const text of scripts) expect(text).not.toContain('<');
  const data = scripts.map((text) => JSON.parse(text) as Json);

  const organization = data.find((item) => item['@type'] === 'Organization');
  expect(organization).toMatchObject({ '@context': 'https://schema.org', name: env.STORE_NAME });

  const list = data.find((item) => item['@type'] === 'ItemList');
  const elements = list?.itemListElement as Json[];
  const cards = await cardNames(page);
  expect(elements.map((element) => (element.item as Json).name)).toEqual(cards);
  expect(elements.map((element) => element.position)).toEqual(cards.map((_, i) => i + 1));
  expect(JSON.stringify(data)).not.toContain('aggregateRating');

  const db = await testDb();
  let checked = 0;
  let tiered = 0;
  for (const element of elements) {
    const item = element.item as Json;
    // A product another spec deletes meanwhile may still be listed by the cached page.
    const doc = await db.collection('products').findOne({ name: item.name });
    if (!doc) continue;
    checked += 1;
    expect(item['@type']).toBe('Product');
    expect(item.sku).toBe(doc.sku ?? undefined);
    expect(item.category).toBe(categoryName(doc.category) ?? undefined);
    expect(new URL(item.image as string).pathname).toBe(new URL(doc.picture, 'http://x').pathname);
    const inStock = doc.availableQuantity >= Math.max(doc.minimumOrderQuantity, 1);
    const offer = {
      priceCurrency: 'USD',
      availability: `https://schema.org/${inStock ? 'InStock' : 'OutOfStock'}`,
      eligibleQuantity: { '@type': 'QuantitativeValue', minValue: doc.minimumOrderQuantity },
    };
    // Volume tiers: an AggregateOffer from the lowest tier price to the base price.
    const tiers = (doc.priceTiers ?? []) as Array<{ minQuantity: number; priceCents: number }>;
    if (tiers.length > 0) {
      tiered += 1;
      expect(item.offers).toMatchObject({
        '@type': 'AggregateOffer',
        lowPrice: Math.min(...tiers.map((tier) => tier.priceCents)) / 100,
        highPrice: doc.priceCents / 100,
        offerCount: tiers.length,
        ...offer,
      });
    } else {
      expect(item.offers).toMatchObject({
        '@type': 'Offer',
        price: doc.priceCents / 100,
        ...offer,
      });
    }
  }
  expect(checked).toBeGreaterThanOrEqual(Math.min(elements.length, 5));
  // The seeded catalogue has part numbers and categories, and products with price tiers.
  expect(tiered).toBeGreaterThan(0);
  expect(elements.some((element) => (element.item as Json).sku)).toBe(true);
});

const axeSource = fs.readFileSync(
  path.join(process.cwd(), 'node_modules/axe-core/axe.min.js'),
  'utf8',
);

async function axeViolations(page: Page) {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      },
    })) as { violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> };
    return result.violations.map((violation) => ({
      id: violation.id,
      targets: violation.nodes.map((node) => node.target),
    }));
  });
}

for (const path of ['/products', '/', '/warranty']) {
  test(`${path} has no accessibility violations (axe-core)`, async ({ page }) => {
    await page.goto(path);
    expect(await axeViolations(page)).toEqual([]);
  });
}

for (const width of [1280, 390]) {
  test(`/products at ${width}px: the form and the cards fit the screen`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/products');
    await page.screenshot({ path: testInfo.outputPath(`products-${width}.png`), fullPage: true });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await expect(page.getByRole('button', { name: 'Search' })).toBeInViewport();
  });
}
