import { randomBytes } from 'node:crypto';
import { expect, test } from './support/fixtures';
import { makeProduct, makeUser } from '../test/support/factories';
import { createCompanyFor } from '@/lib/companies';
import { signedInUser } from './support/auth';
import { closeTestDb } from './support/db';
import { accessibleAtBothWidths } from './support/screens';

/**
 * Price lists, as a store admin keeps them: a new list, its entries imported from a CSV file
 * (a file with a bad line is refused whole, line by line; a good one is applied), and the list
 * given to a company on its page. Every screen passes axe at 1280 and 390 px.
 */

test.afterAll(closeTestDb);

const SHOTS = process.env.PRICING_SHOTS_DIR || '/tmp/shots';

test('an admin creates a price list, imports its entries from a CSV file and gives it to a company', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const tag = randomBytes(3).toString('hex');
  const part = await makeProduct({
    name: `Contract flange ${tag}`,
    price: 2.4,
    // Older than the demo catalogue, so the home page's newest products stay the seeded ones.
    createdAt: new Date(Date.UTC(2000, 0, 1)),
  });
  const owner = await makeUser({ name: 'Olive Owner', verified: true });
  const company = await createCompanyFor(owner, {
    name: `Contract Works ${tag} Ltd`,
    taxId: null,
    billingAddress: '12 Mill Road, Sheffield',
  });
  await signedInUser(page, 'admin');

  await page.goto('/dashboard/price-lists');
  await expect(page.getByRole('heading', { level: 1, name: 'Price lists' })).toBeVisible();
  await page.getByLabel('Name').fill(`Contract ${tag}`);
  await page.getByLabel('Percentage off the list price').fill('5');
  await page.getByRole('button', { name: 'Create price list' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Contract ${tag}` })).toBeVisible();
  await accessibleAtBothWidths(page, 'price list', SHOTS);

  // A file with a line naming an unknown part is refused whole, and says which line.
  const input = page.getByLabel('CSV file of entries');
  await input.setInputFiles({
    name: 'entries.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`sku,unitPrice\n${part.sku},2.10\nNO-SUCH-PART-${tag},1.00\n`),
  });
  await page.getByRole('button', { name: 'Import entries' }).click();
  const refused = page.getByRole('region', { name: 'Refused lines' });
  await expect(refused).toContainText(`NO-SUCH-PART-${tag}`);
  await accessibleAtBothWidths(page, 'price list import refused', SHOTS);

  await input.setInputFiles({
    name: 'entries.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`sku,unitPrice,minQuantity,multiple,maxQuantity\n${part.sku},2.10,,,\n`),
  });
  await page.getByRole('button', { name: 'Import entries' }).click();
  await expect(page.getByRole('row').filter({ hasText: part.sku! })).toContainText('$2.10');

  // The company buys at it from now on.
  await page.goto(`/dashboard/companies/${company._id}`);
  const choice = page.getByLabel('Contract prices');
  await expect(choice).toBeVisible();
  await choice.selectOption({ label: `Contract ${tag}` });
  await page.getByRole('button', { name: 'Save price list' }).click();
  await page.reload();
  await expect(page.getByLabel('Contract prices')).toHaveValue(/[0-9a-f]{24}/);
  await accessibleAtBothWidths(page, 'company with price list', SHOTS);
});
