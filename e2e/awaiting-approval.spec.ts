import { randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { fromStore } from './support/api';
import { signIn } from './support/auth';
import { closeTestDb, testDb } from './support/db';
import { accessibleAtBothWidths } from './support/screens';
import { installStripeJs } from './support/stripe-js';
import { makeCompany } from '../test/support/companies';
import { makeProduct } from '../test/support/factories';
import { formatDateTime } from '@/lib/core/dates';

/**
 * An order awaiting approval as its buyer reads it (issue 38, item 3): a buyer whose $2,500.00
 * order list is above their $1,000.00 approval limit checks out; the order's page and its
 * payment page say who can approve it (the company's owner and approver by name, never the
 * buyer), until when its parts are held and that the buyer is emailed the decision; the payment
 * page offers no payment and links to the order's page. The approver approves it from Approvals
 * and both pages read as an approved order to pay; a second order the owner rejects reads as
 * not approved, with the reason. Each page is read and checked with axe at 1280 and 390 px.
 */

test.afterAll(closeTestDb);

/** Where the screenshots go, to be looked at (not compared). */
const SHOTS = process.env.APPROVAL_SHOTS_DIR || '/tmp/shots/h2-approval';

/** A member of the company signed in, in a browser context of their own. */
async function session(browser: Browser, member: { user: { email: string }; password: string }) {
  const context = await browser.newContext();
  await installStripeJs(context);
  const page = await context.newPage();
  await signIn(page, { email: member.user.email, password: member.password });
  return page;
}

/**
 * Opens `path`, reads it (`read`) at 1280 and at 390 px, then checks it at both widths with
 * axe, checks that nothing sticks out sideways and saves a screenshot of each, named `what`.
 */
async function readAtBothWidths(
  page: Page,
  path: string,
  what: string,
  read: (page: Page) => Promise<void>,
) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(path);
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await read(page);
  }
  await accessibleAtBothWidths(page, what, SHOTS);
}

/** Every sentence, in the order given, in the element. */
async function says(element: Locator, sentences: string[]) {
  await expect(element).toBeVisible();
  for (const sentence of sentences) await expect(element).toContainText(sentence);
}

test('a buyer’s order above their limit reads who can approve it, until when it is held and that they are emailed; approved, it reads as to pay; rejected, as not approved', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { owner, members } = await makeCompany([
    // An approver's own low limit bounds their own orders, not what they approve.
    { role: 'approver', limitCents: 100, name: 'Avery Approver' },
    { role: 'buyer', limitCents: 100_000, name: 'Bea Buyer' },
  ]);
  const [approver, buyer] = members;
  const part = await makeProduct({
    name: `Cam Follower ${randomBytes(3).toString('hex')}`,
    price: 2.5,
    minimumOrderQuantity: 500,
    availableQuantity: 20_000,
    picture: '/images/products/spur-gear.webp',
    createdAt: new Date(Date.UTC(2000, 0, 1)),
  });
  const buyerPage = await session(browser, buyer!);

  /** The buyer checks out an order list of 1,000 x $2.50 = $2,500.00. */
  async function checkOut(): Promise<string> {
    const added = await buyerPage.request.post('/api/cart/lines', {
      data: { productId: part._id, quantity: 1000 },
      headers: fromStore,
    });
    expect(added.status(), await added.text()).toBe(200);
    const placed = await buyerPage.request.post('/api/checkout', {
      data: { address: '9 Kiln Lane, Leeds LS2 7BB', phone: '01130000001' },
      headers: fromStore,
    });
    expect(placed.status(), await placed.text()).toBe(201);
    return ((await placed.json()) as { insertedId: string }).insertedId;
  }
  const orderDoc = async (id: string) =>
    (await testDb()).collection('orders').findOne({ _id: new ObjectId(id) });

  const id = await checkOut();
  const doc = await orderDoc(id);
  expect(doc?.status).toBe('awaiting_approval');
  // Held for the approval hold stamped on the order (APPROVAL_HOLD_HOURS, 72 by default).
  const heldUntil = formatDateTime(doc!.expiresAt as Date);
  const waiting = [
    'Its total of $2,500.00 is above your approval limit of $1,000.00, so an owner or approver of your company must approve it before you can pay it.',
    'Olive Owner (owner) or Avery Approver (approver) can approve it.',
    `Its parts are held for you until ${heldUntil}. If nobody approves it by then, it is cancelled and the parts go back into stock.`,
    `We will email you at ${buyer!.user.email} when it is approved (with the link to pay it) or rejected (with the reason given), or if nobody approves it in time.`,
  ];

  // The order's page.
  await readAtBothWidths(
    buyerPage,
    `/dashboard/order/${id}`,
    'order awaiting approval',
    async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order for ${part.name}`);
      const note = page.getByTestId('order-approval');
      await says(note, ['This order waits for your company’s approval.', ...waiting]);
      await expect(note).not.toContainText('Bea Buyer');
      await expect(page.getByRole('link', { name: 'Payment' })).toHaveCount(0);
    },
  );

  // Its payment page: headed for what it is, no payment, a link to the order's page.
  await readAtBothWidths(
    buyerPage,
    `/dashboard/payment/${id}`,
    'payment page awaiting approval',
    async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        `Awaiting approval: ${part.name}`,
      );
      await expect(page.getByTestId('payment-amount')).toHaveText('Order total: $2,500.00');
      await says(page.getByTestId('payment-awaiting-approval'), [
        'This order waits for your company’s approval.',
        'There is nothing to pay yet.',
        ...waiting,
      ]);
      await expect(page.getByRole('button', { name: 'Pay', exact: true })).toHaveCount(0);
      await expect(page.getByLabel('Credit or debit card number')).toHaveCount(0);
    },
  );
  await buyerPage.getByRole('link', { name: 'See the order’s page' }).click();
  await expect(buyerPage).toHaveURL(`/dashboard/order/${id}`);

  // The approver reads the same order, with where to decide it, and approves it on Approvals.
  const approverPage = await session(browser, approver!);
  await readAtBothWidths(
    approverPage,
    `/dashboard/order/${id}`,
    'order awaiting approval as its approver',
    async (page) => {
      await says(page.getByTestId('order-approval'), [
        'This order waits for the company’s approval.',
        'above the approval limit of its buyer, Bea Buyer ($1,000.00)',
        'Olive Owner (owner) or Avery Approver (approver) can approve it.',
        'You can approve or reject it on Approvals.',
        'Its buyer, Bea Buyer, is emailed when it is approved or rejected',
      ]);
    },
  );
  await approverPage.getByTestId('order-approval').getByRole('link', { name: 'Approvals' }).click();
  await expect(approverPage).toHaveURL('/dashboard/approvals');
  const row = approverPage.locator(`tr[data-order-id="${id}"]`);
  await row.getByRole('button', { name: /^Approve / }).click();
  await expect(approverPage.getByText(/Approved: order/)).toBeVisible();

  // Approved: the buyer's two pages read as an order to pay.
  const approved = await orderDoc(id);
  expect(approved?.status).toBe('unpaid');
  const approvedLine = `Approved by Avery Approver on ${formatDateTime(approved!.approval.decidedAt as Date)}.`;
  const payBy = formatDateTime(approved!.expiresAt as Date);
  await readAtBothWidths(buyerPage, `/dashboard/order/${id}`, 'order approved', async (page) => {
    await says(page.getByTestId('order-approval'), [
      approvedLine,
      `It can be paid now: pay it by ${payBy}, or it is cancelled and its parts go back into stock.`,
    ]);
    await expect(page.getByRole('link', { name: 'Payment' })).toBeVisible();
  });
  await readAtBothWidths(
    buyerPage,
    `/dashboard/payment/${id}`,
    'payment page approved',
    async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Pay for ${part.name}`);
      await expect(page.getByTestId('payment-approved')).toHaveText(approvedLine);
      await expect(page.getByTestId('payment-amount')).toHaveText('Please pay: $2,500.00');
      await expect(page.getByTestId('payment-pay-by')).toContainText(payBy);
      // Enabled once the card entry is ready (axe reads it after its fade from disabled ends).
      await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeEnabled();
    },
  );

  // A second order, which the owner rejects with a reason: both pages say it was not approved.
  const second = await checkOut();
  const answer = await request.post(`/api/orders/${second}/reject`, {
    data: { reason: 'Over budget this quarter' },
    headers: owner.headers,
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const decidedAt = formatDateTime((await orderDoc(second))!.approval.decidedAt as Date);
  const notApproved = [
    'Not approved',
    `Olive Owner did not approve this order on ${decidedAt}, so it was cancelled.`,
    'The reason given: “Over budget this quarter”.',
    'Its parts went back into stock, and nothing was charged.',
    'To order these parts, talk to Olive Owner first, then place a new order.',
  ];
  await readAtBothWidths(
    buyerPage,
    `/dashboard/order/${second}`,
    'order not approved',
    async (page) => {
      await says(page.getByTestId('order-approval'), notApproved);
    },
  );
  await readAtBothWidths(
    buyerPage,
    `/dashboard/payment/${second}`,
    'payment page not approved',
    async (page) => {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        `Not approved: ${part.name}`,
      );
      await expect(page.getByTestId('payment-amount')).toHaveText('Order total: $2,500.00');
      await says(page.getByTestId('payment-not-approved'), notApproved);
      await expect(page.getByRole('button', { name: 'Pay', exact: true })).toHaveCount(0);
    },
  );
});
