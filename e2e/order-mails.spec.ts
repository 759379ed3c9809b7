import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { ObjectId } from 'mongodb';
import type { ParsedMail } from 'mailparser';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { makeOrder, makeProduct, payOrder } from '../test/support/factories';
import { recipients, withSmtpServer, type Inbox } from '../test/support/smtp';
import { fromStore, STORE_ORIGIN } from './support/api';
import { buyerSession, signedInUser } from './support/auth';
import { closeTestDb, testDb } from './support/db';
import { screenAt, VIEWPORTS } from './support/screens';
import { installStripeJs } from './support/stripe-js';
import { SMTP_PORT } from './stand-ins/ports.mjs';

test.afterAll(closeTestDb);

/**
 * The order mails as a buyer and the store's people meet them: the receipt after paying by
 * card, with the invoice also downloadable from My Orders, and the shipping mail after an admin
 * marks the order shipped in Manage Orders. The store sends its mails after answering (and on
 * its sweeps), so each test reads them from a real SMTP server on the e2e mail port, waiting
 * with a timeout.
 */

// Stripe.js is the local stand-in (no js.stripe.com here); it talks to the Stripe API stand-in.
test.beforeEach(async ({ context }) => {
  await installStripeJs(context);
});

/** How long a mail may take: sent after the answer, by the server's drain. */
const MAIL_WAIT_MS = 30_000;

/** A product of its own, dated in the past so no other spec sees it as the newest. */
function addProduct() {
  return makeProduct({
    name: `Needle Roller Cage ${randomBytes(3).toString('hex')}`,
    description: 'Needle roller and cage assemblies, 20 x 24 x 13 mm, for planetary gear sets.',
    availableQuantity: 30_000,
    price: 1.85,
    picture: '/images/products/spur-gear.webp',
    createdAt: new Date(Date.UTC(2000, 0, 1)),
  });
}

const orderRow = (page: Page, productName: string) =>
  page.getByRole('row').filter({ hasText: productName });

/** The first mail to `to` whose subject matches. */
const mailTo = (inbox: Inbox, to: string, subject: RegExp): Promise<ParsedMail> =>
  inbox.waitFor(
    (mail) => recipients(mail).includes(to.toLowerCase()) && subject.test(mail.subject ?? ''),
    MAIL_WAIT_MS,
  );

test('the buyer pays by card, receives the receipt, and downloads the invoice from My Orders', async ({
  page,
}) => {
  const buyer = await signedInUser(page);
  const product = await addProduct();

  await withSmtpServer(SMTP_PORT, async (inbox) => {
    const placed = await page.request.post('/api/order', {
      data: {
        productId: product._id,
        quantity: 4_000,
        address: '9 Gearwheel Street, Coventry',
        phone: '02476123456',
        poNumber: 'PO-55120',
      },
      headers: fromStore,
    });
    expect(placed.status()).toBe(201);
    const orderId = ((await placed.json()) as { insertedId: string }).insertedId;

    // The "placed" mail: the amount to pay and the pay link, on the store's own origin.
    const toPay = await mailTo(inbox, buyer.email, /to pay$/);
    // The buyer's PO number is in the body; the subject carries the store's words only.
    expect(toPay.subject).not.toContain('PO-55120');
    expect(toPay.text).toContain('PO-55120');
    expect(toPay.text).toContain(`${STORE_ORIGIN}/dashboard/payment/${orderId}`);

    await page.goto(`/dashboard/payment/${orderId}`);
    const pay = page.getByRole('button', { name: 'Pay', exact: true });
    await expect(pay).toBeEnabled();
    await page.getByLabel('Credit or debit card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Credit or debit card expiration date').fill('12 / 34');
    await page.getByLabel('Credit or debit card CVC').fill('123');
    const recorded = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/order/${orderId}`) && response.request().method() === 'PATCH',
    );
    await pay.click();
    await expect(page.getByText('Congrats!Your payment is completed.')).toBeVisible();
    expect((await recorded).status()).toBe(200);

    // The receipt: the payment, the invoice number and the invoice link. It waits for the
    // number, issued right after the payment by whichever told the store first: the browser's
    // report or Stripe's webhook.
    const receipt = await mailTo(inbox, buyer.email, /^Payment received/);
    const order = await (
      await testDb()
    )
      .collection('orders')
      .findOne({ _id: new ObjectId(orderId) });
    const transactionId = order!.transactionId as string;
    expect(transactionId).toMatch(/^pi_/);
    const invoiceNumber = order!.invoiceNumber as string;
    expect(invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(receipt.subject).toContain(`(invoice ${invoiceNumber})`);
    expect(receipt.text).toContain(transactionId);
    expect(receipt.text).toContain(invoiceNumber);
    // Links on the store's origin whichever reported the payment first, the buyer's browser or
    // Stripe's webhook: without AUTH_URL, http://HOST:PORT of the instance (the e2e server
    // starts each on its own port).
    const invoiceLink = new RegExp(`(https?://[^\\s/]+)/api/orders/${orderId}/invoice`).exec(
      receipt.text ?? '',
    );
    expect(invoiceLink, receipt.text).not.toBeNull();
    expect(invoiceLink![1]).toBe(STORE_ORIGIN);

    // My Orders: the invoice next to the transaction id, downloaded as a PDF.
    await page.goto('/dashboard/order');
    await expect(page.getByRole('columnheader')).toHaveText([
      '#',
      'Name',
      'Product Name',
      'Price/payment',
      'Delete',
    ]);
    const row = orderRow(page, product.name);
    await expect(row).toContainText(`Transaction Id: ${transactionId}`);
    await expect(row).toContainText('PO number: PO-55120');
    const link = row.getByRole('link', { name: `Invoice ${invoiceNumber}` });
    await expect(link).toHaveAttribute('href', `/api/orders/${orderId}/invoice`);
    await expect(link).toHaveAttribute('download', '');
    const downloading = page.waitForEvent('download');
    await link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
    expect(download.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);
    const pdf = await fs.readFile(await download.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

test('the admin marks the order shipped in Manage Orders; the buyer sees the tracking number and receives the shipping mail', async ({
  page,
  browser,
}) => {
  const { page: buyerPage, buyer } = await buyerSession(browser, { stripe: true });
  const product = await addProduct();
  const order = await makeOrder(buyer, product, { quantity: 2_000, poNumber: 'PO-90817' });
  await payOrder(order._id, `pi_${randomBytes(8).toString('hex')}`);

  await withSmtpServer(SMTP_PORT, async (inbox) => {
    await signedInUser(page, 'admin');
    await page.goto('/dashboard/manageorder');
    await expect(page.getByRole('columnheader')).toHaveText([
      'SR',
      'Customer email',
      'Product',
      'Status',
      'Delete',
    ]);
    const row = orderRow(page, product.name);
    await expect(row).toContainText('PO number: PO-90817');
    // The invoice of a paid order; its number is issued by the first download if not yet.
    await expect(
      row.getByRole('link', { name: `Download invoice for order ${order._id}` }),
    ).toHaveAttribute('href', `/api/orders/${order._id}/invoice`);

    await row.getByRole('button', { name: `Update status of ${product.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Update order status' });
    await dialog.getByLabel('New status').selectOption('shipped');
    await dialog.getByLabel('Carrier').fill('DB Schenker');
    await dialog.getByLabel('Tracking number').fill('SCH 4471 0092 18');
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/orders/${order._id}/status`) &&
        response.request().method() === 'PATCH',
    );
    await dialog.getByRole('button', { name: 'Save status' }).click();
    expect((await saved).status()).toBe(200);
    await expect(row.getByText('Status: Shipped', { exact: true })).toBeVisible();

    // The buyer's order page: the carrier, the tracking number, the PO number, the invoice.
    await buyerPage.goto(`/dashboard/order/${order._id}`);
    await expect(buyerPage.getByTestId('order-carrier')).toHaveText('DB Schenker');
    await expect(buyerPage.getByTestId('order-tracking')).toHaveText('SCH 4471 0092 18');
    await expect(buyerPage.getByTestId('order-po')).toHaveText('PO-90817');
    await expect(buyerPage.getByRole('link', { name: /Download invoice/ })).toHaveAttribute(
      'href',
      `/api/orders/${order._id}/invoice`,
    );

    // The shipping mail.
    const mail = await mailTo(inbox, buyer.email, /has shipped$/);
    expect(mail.subject).not.toContain('PO-90817');
    expect(mail.text).toContain('PO-90817');
    expect(mail.text).toContain('DB Schenker');
    expect(mail.text).toContain('SCH 4471 0092 18');
    expect(mail.text).toContain(`${STORE_ORIGIN}/dashboard/order`);
  });
});

test('screenshots of My Orders and Manage Orders with the invoice links, desktop and 375 px wide', async ({
  page,
  browser,
}, testInfo) => {
  const { page: buyerPage, buyer } = await buyerSession(browser, { stripe: true });
  const withNumber = await makeOrder(buyer, await addProduct(), {
    quantity: 3_000,
    poNumber: 'PO-2026-0042-ACME-MAINTENANCE',
  });
  await payOrder(withNumber._id, `pi_${randomBytes(8).toString('hex')}`);
  // Its invoice number, issued as a download would (the order page's link).
  const pdf = await buyerPage.request.get(`/api/orders/${withNumber._id}/invoice`);
  expect(pdf.status()).toBe(200);
  const paidProduct = await addProduct();
  const paid = await makeOrder(buyer, paidProduct, { quantity: 1_500 });
  await payOrder(paid._id, `pi_${randomBytes(8).toString('hex')}`);
  await makeOrder(buyer, await addProduct(), { quantity: 500, poNumber: 'PO-7' });
  await signedInUser(page, 'admin');

  const shots: Array<[Page, string, string]> = [
    [buyerPage, '/dashboard/order', 'my-orders-invoices'],
    [buyerPage, `/dashboard/order/${withNumber._id}`, 'order-page-invoice'],
    [page, '/dashboard/manageorder', 'manage-orders-invoices'],
  ];
  for (const viewport of VIEWPORTS) {
    for (const [shotPage, path, name] of shots) {
      await screenAt(shotPage, path, name, viewport, testInfo, async (shown) => {
        await expect(shown.getByRole('link', { name: /invoice/i }).first()).toBeVisible();
      });
    }
  }
});
