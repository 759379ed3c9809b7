import { randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { makeUser } from '../test/support/factories';
import { signIn, signedInUser } from './support/auth';
import { closeTestDb, testDb } from './support/db';
import { largePng, pngImage, textFile } from './fixtures/images';
import { APP_CLOUDINARY_PORT, CLOUDINARY_PORT } from './stand-ins/ports.mjs';

test.afterAll(closeTestDb);

/** The second app instance: the same build and database, with images on the Cloudinary stand-in. */
const cloudinaryApp = `http://127.0.0.1:${APP_CLOUDINARY_PORT}`;

async function loaded(image: Locator): Promise<number> {
  return image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));
}

interface ReviewValues {
  rating: string;
  name: string;
  location: string;
  reviewText: string;
  file: { name: string; mimeType: string; buffer: Buffer };
}

function reviewValues(file?: ReviewValues['file']): ReviewValues {
  const tag = randomBytes(4).toString('hex');
  return {
    rating: '4',
    name: `Hana Sato ${tag}`,
    location: 'Osaka, Japan',
    reviewText: `Flanges arrived machined exactly to the drawing; we will reorder. (${tag})`,
    file: file ?? { name: 'hana.png', mimeType: 'image/png', buffer: pngImage({ seed: 7 }) },
  };
}

async function fillReview(page: Page, values: ReviewValues) {
  const form = page.getByRole('form', { name: 'Add a Review' });
  await form.getByLabel('Rating').selectOption(values.rating);
  await form.getByLabel('Name').fill(values.name);
  await form.getByLabel('Location').fill(values.location);
  await form.getByLabel('Review').fill(values.reviewText);
  await form.getByLabel('Photo').setInputFiles(values.file);
  await form.getByRole('button', { name: 'Add Review' }).click();
  return form;
}

async function expectSuccess(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Successfully' });
  await expect(dialog).toContainText('Review added successfull');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
}

async function expectOnHome(page: Page, origin: string, values: ReviewValues) {
  await page.goto(`${origin}/`);
  const card = page.getByRole('article', { name: `Review by ${values.name}` });
  await expect(card).toContainText(values.location);
  await expect(card).toContainText(values.reviewText);
  await expect(card.getByLabel(`Rating: ${values.rating} out of 5`)).toBeVisible();
  const photo = card.getByRole('img', { name: `Photo of ${values.name}` });
  // The photo loads lazily: bring it into view first.
  await photo.scrollIntoViewIfNeeded();
  await expect(photo).toBeVisible();
  await expect.poll(() => loaded(photo)).toBeGreaterThan(0);
}

test('a buyer posts a review with a photo (GridFS) and it appears on the home page', async ({
  page,
}) => {
  const user = await signedInUser(page);
  await page.goto('/dashboard/review');
  await expect(page.getByRole('heading', { name: 'Add a Review' })).toBeVisible();
  const values = reviewValues();
  const form = await fillReview(page, values);
  await expectSuccess(page);
  await expect(form.getByLabel('Name')).toHaveValue('');
  await expect(form.getByLabel('Rating')).toHaveValue('');

  const review = await (await testDb()).collection('reviews').findOne({ name: values.name });
  expect(review).toMatchObject({
    rating: 4,
    userId: new ObjectId(user.id),
    location: values.location,
  });
  expect(review!.img).toMatch(/^\/api\/images\/[0-9a-f]{32}$/);

  const image = await page.request.get(review!.img as string);
  expect(image.headers()['content-type']).toBe('image/png');
  expect(image.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await image.body()).equals(values.file.buffer)).toBe(true);

  await expectOnHome(page, '', values);
});

test('a buyer posts a review with a photo (Cloudinary) and it appears on the home page', async ({
  page,
}) => {
  const user = await makeUser();
  await signIn(page, user, cloudinaryApp);
  await page.goto(`${cloudinaryApp}/dashboard/review`);
  const values = reviewValues({
    name: 'hana-cloud.png',
    mimeType: 'image/png',
    buffer: pngImage({ width: 80, height: 80, seed: 9 }),
  });
  await fillReview(page, values);
  await expectSuccess(page);

  const review = await (await testDb()).collection('reviews').findOne({ name: values.name });
  expect(review).toMatchObject({ userId: new ObjectId(user.id) });
  const img = review!.img as string;
  expect(img).toMatch(
    new RegExp(
      `^http://127\\.0\\.0\\.1:${CLOUDINARY_PORT}/storefront-e2e/image/upload/v\\d+/reviews/[0-9a-f]{32}\\.png$`,
    ),
  );
  const stored = await page.request.get(img);
  expect(stored.headers()['content-type']).toBe('image/png');
  expect((await stored.body()).equals(values.file.buffer)).toBe(true);

  await expectOnHome(page, cloudinaryApp, values);
});

test('a text file named .png and a 6 MB image are refused with a message', async ({ page }) => {
  await signedInUser(page);
  const db = await testDb();
  await page.goto('/dashboard/review');

  for (const [file, message] of [
    [
      { name: 'notes.png', mimeType: 'image/png', buffer: textFile },
      'The picture must be a JPEG, PNG, WebP or GIF image.',
    ],
    [
      { name: 'huge.png', mimeType: 'image/png', buffer: largePng() },
      'The picture must be at most 5 MB.',
    ],
  ] as const) {
    const values = reviewValues(file);
    const form = await fillReview(page, values);
    const dialog = page.getByRole('dialog', { name: 'Error' });
    await expect(dialog).toContainText('Review added failed!');
    await expect(dialog).toContainText(message);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(form.getByText(message, { exact: true })).toBeVisible();
    await expect(form.getByLabel('Photo')).toHaveAttribute('aria-invalid', 'true');
    // The person's text is kept, so they only choose another picture.
    await expect(form.getByLabel('Name')).toHaveValue(values.name);
    expect(await db.collection('reviews').countDocuments({ name: values.name })).toBe(0);
  }
});

test('an empty review form shows the field messages', async ({ page }) => {
  await signedInUser(page);
  await page.goto('/dashboard/review');
  const form = page.getByRole('form', { name: 'Add a Review' });
  await form.getByRole('button', { name: 'Add Review' }).click();
  for (const message of [
    'Rating is Required',
    'Name is Required',
    'Location is Required',
    'Review is Required',
    'Image is Required',
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  const options = await form.getByLabel('Rating').locator('option').allTextContents();
  expect(options.slice(1)).toEqual(['1', '2', '3', '4', '5']);
});
