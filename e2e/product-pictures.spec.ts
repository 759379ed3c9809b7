import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Locator } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './support/fixtures';
import { signedInUser } from './support/auth';
import { closeTestDb } from './support/db';
import { makeProduct } from '../test/support/factories';

test.afterAll(closeTestDb);

/**
 * The darkest grey level in the middle band of a picture's frame as drawn on screen (0 black,
 * 255 white): where "Picture unavailable" is written, text; in an empty frame, the frame's
 * light background.
 */
async function darkestInMiddle(picture: Locator): Promise<number> {
  const shot = sharp(await picture.screenshot());
  const { width, height } = await shot.metadata();
  const band = await shot
    .extract({
      left: Math.round(width! * 0.2),
      top: Math.round(height! * 0.4),
      width: Math.round(width! * 0.6),
      height: Math.round(height! * 0.2),
    })
    .greyscale()
    .raw()
    .toBuffer();
  return Math.min(...band);
}

test('a product whose picture cannot be fetched says so in its frame, on its card and its page', async ({
  page,
}) => {
  // A picture on another host that the store will not fetch (a loopback address): its copy,
  // /api/product/{id}/picture, answers 502, so the browser gets no picture.
  const product = await makeProduct({
    name: `Valve whose picture is gone ${randomBytes(3).toString('hex')}`,
    category: 'valves',
    picture: 'http://127.0.0.1/pictures/gone.jpg',
  });
  const healthy = await makeProduct({
    name: `Valve with its picture ${randomBytes(3).toString('hex')}`,
    category: 'valves',
    picture: '/images/products/spur-gear.webp',
  });

  // The product's page is for signed-in buyers (it holds the order form).
  await signedInUser(page);
  for (const [path, name] of [
    [`/products?q=${encodeURIComponent(product.name)}`, product.name],
    [`/product/${product._id}`, product.name],
  ] as const) {
    await page.goto(path);
    const picture = page.getByRole('img', { name, exact: true });
    await expect
      .poll(() =>
        picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 0),
      )
      .toBe(true);
    expect(await darkestInMiddle(picture), `text in the picture's frame on ${path}`).toBeLessThan(
      160,
    );
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  }

  // A picture that loads is drawn as it is, with no words over it.
  await page.goto(`/product/${healthy._id}`);
  await expect(page.getByRole('heading', { level: 1, name: healthy.name })).toBeVisible();
  const shown = page.getByRole('img', { name: healthy.name, exact: true });
  await expect
    .poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
});
