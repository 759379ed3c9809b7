import { randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { makeOrder, makeProduct, makeUser } from '../test/support/factories';
import { recipients, withMailServerDown, withSmtpServer } from '../test/support/smtp';
import { stripeFaultSwitch } from '../test/support/stripe';
import { signIn } from './support/auth';
import { closeTestDb, testDb } from './support/db';
import { installStripeJs } from './support/stripe-js';
import { SMTP_PORT, STRIPE_PORT } from './stand-ins/ports.mjs';

// What a person sees when a service the store depends on fails, and that the store recovers
// once it is back: Stripe answering 500 or not at all (the stand-in's fault switch, narrowed to
// the test's own order so other specs running at the same time are not disturbed), and the
// mail server down (its port held by a server that drops every connection).

test.afterAll(closeTestDb);

const stripeFaults = stripeFaultSwitch(`http://127.0.0.1:${STRIPE_PORT}`);

test.beforeEach(async ({ context }) => {
  await installStripeJs(context);
});

test.afterEach(async () => {
  await stripeFaults.clear();
});

const PAYMENT_UNREACHABLE = 'The payment service could not be reached. Try again shortly.';

/** A buyer signed in on the page, with an unpaid order of a product of its own. */
async function buyerWithOrder(page: Page) {
  const buyer = await makeUser();
  const product = await makeProduct({
    name: `Tapered Roller Bearing ${randomBytes(3).toString('hex')}`,
    availableQuantity: 12_000,
    price: 3.1,
    createdAt: new Date(Date.UTC(2000, 0, 1)),
  });
  const order = await makeOrder(buyer, product, { quantity: 1_000 });
  await signIn(page, buyer);
  return { buyer, product, orderId: order._id };
}

async function orderDoc(orderId: string) {
  return (await testDb()).collection('orders').findOne({ _id: new ObjectId(orderId) });
}

async function payWithCard(page: Page) {
  const pay = page.getByRole('button', { name: 'Pay', exact: true });
  await expect(pay).toBeEnabled();
  await page.getByLabel('Credit or debit card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Credit or debit card expiration date').fill('12 / 34');
  await page.getByLabel('Credit or debit card CVC').fill('123');
  await pay.click();
  await expect(page.getByText('Congrats!Your payment is completed.')).toBeVisible();
}

for (const mode of ['error', 'hang'] as const) {
  const what = mode === 'error' ? 'answers 500' : 'does not answer';
  test(`Stripe ${what}: the payment page says so, the order stays unpaid and is paid once Stripe is back`, async ({
    page,
  }) => {
    // Not answering: two tries of the store's Stripe timeout (5 s with the stand-in).
    test.setTimeout(90_000);
    const { orderId, product } = await buyerWithOrder(page);
    await stripeFaults.fail({ mode, orderId });

    await page.goto(`/dashboard/payment/${orderId}`);
    await expect(page.getByText('Please pay: $3,100.00')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: PAYMENT_UNREACHABLE })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeDisabled();
    const status = await stripeFaults.status();
    expect(mode === 'error' ? status.failed : status.hung).toBeGreaterThan(0);
    expect(await orderDoc(orderId)).toMatchObject({ paid: false });
    expect((await orderDoc(orderId))?.paymentIntentId).toBeUndefined();

    // Stripe works again: the same page, loaded again, takes the payment.
    await stripeFaults.clear();
    await page.reload();
    await payWithCard(page);
    await expect.poll(async () => (await orderDoc(orderId))?.paid, { timeout: 15_000 }).toBe(true);
    await page.goto('/dashboard/order');
    await expect(page.getByRole('row').filter({ hasText: product.name })).toContainText('PAID');
  });
}

test('with the mail server down, the password reset request says so; it works once the server is back', async ({
  page,
}) => {
  const user = await makeUser();
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);

  await withMailServerDown(SMTP_PORT, async () => {
    await page.getByRole('button', { name: 'Reset password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Error' });
    await expect(dialog).toContainText(
      'We cannot send the reset mail right now: our mail server is not answering.',
    );
    await dialog.getByRole('button', { name: 'OK' }).click();
  });

  await withSmtpServer(SMTP_PORT, async (inbox) => {
    await page.getByRole('button', { name: 'Reset password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sent email' });
    await expect(dialog).toContainText('Please check your email');
    await dialog.getByRole('button', { name: 'OK' }).click();
    const mail = await inbox.waitFor((message) => recipients(message).includes(user.email));
    expect(mail.text).toMatch(/\/reset-password\?token=[\w-]+/);
  });
});
