import { ObjectId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import type { AccountInvoiceDoc } from '@/lib/billing/collections';
import { invoiceMailData } from '@/lib/billing/mail/invoice-data';
import { renderInvoiceMail, type InvoiceMailMoment } from '@/lib/billing/mail/invoice-mail';
import type { CompanyInvitationDoc } from '@/lib/companies/collections';
import { invitationMailData } from '@/lib/companies/mail/invitation-data';
import { renderInvitationMail } from '@/lib/companies/mail/invitation-mail';
import { orderListLink, renderListSharedMail } from '@/lib/cart/mail/share-mail';
import type { RenderedMail } from '@/lib/core/mail/render';
import type { OrderDoc } from '@/lib/orders/collections';
import { orderMailData } from '@/lib/orders/mail/order-data';
import { renderOrderMail, type OrderMailKind } from '@/lib/orders/mail/order-mails';
import type { QuoteDoc } from '@/lib/quotes/collections';
import { quoteMailData } from '@/lib/quotes/mail/quote-data';
import { renderQuoteMail, type QuoteMailKind } from '@/lib/quotes/mail/quote-mails';

// Every mail of the business flows, rendered by the real renderer from documents shaped as the
// flows write them (an order placed, waiting for approval, approved, on account, paid, shipped,
// cancelled; an invoice on account issued and reminded; an invitation; a quote asked, answered,
// declined), read as a person who has never seen the store reads them: the subject, the line
// an inbox shows beside it, and the opening of the mail (the store's name, the heading, the
// first paragraph), in the text part and in the HTML part as it shows on screen. The two parts
// must say the same words.

const origin = 'https://parts.forgeline.test';
const storeName = 'Forgeline Parts';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** UNPAID_ORDER_TTL_HOURS, as the outbox passes it. */
const UNPAID_HOURS = 48;

// ---- Reading a mail as a person does ----------------------------------------------------------

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decode(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&([a-z]+);/g, (whole, name: string) => entities[name] ?? whole);
}

/** The line an inbox lists beside the subject: the hidden preview at the top of the HTML. */
function previewOf(html: string): string {
  return decode(html.match(/<div[^>]*display:none[^>]*>([^<]*)/)?.[1] ?? '').trim();
}

/**
 * The lines of the HTML part as they show on screen: the hidden preview left out, a line per
 * block (the store's name, a heading, a paragraph, a table cell, a button), every tag dropped.
 */
function screenLines(html: string): string[] {
  const body = html
    .replace(/<div[^>]*display:none[^>]*>[\s\S]*?<\/div><\/div>/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<head>[\s\S]*?<\/head>/, '')
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<a [^>]*display:block[^>]*>([\s\S]*?)<\/a>/g, '$1\n')
    .replace(/<\/(p|h1|h2|td|th)>/g, '\n')
    .replace(/<[^>]+>/g, '');
  return decode(body)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** The lines of the text part. */
function textLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** What a person reads first: subject, inbox line, and the first three lines of each part. */
function opening(mail: RenderedMail) {
  return {
    subject: mail.subject,
    preview: previewOf(mail.html),
    text: textLines(mail.text).slice(0, 3),
    html: screenLines(mail.html).slice(0, 3),
  };
}

/** What a person reads first, word for word. */
interface Words {
  subject: string;
  preview: string;
  heading: string;
  first: string;
}

/**
 * The opening a mail must have: its subject and inbox line, then in both parts the store's name
 * (with its address in the text part), the heading and the first paragraph, word for word.
 */
function expectOpening(mail: RenderedMail, words: Words) {
  expect(opening(mail)).toEqual({
    subject: words.subject,
    preview: words.preview,
    text: [`${storeName} ${origin}/`, words.heading, words.first],
    html: [storeName, words.heading, words.first],
  });
}

// ---- Orders, as the flows write them ----------------------------------------------------------

const placedAt = new Date('2026-12-02T09:30:00Z');
const buyerId = new ObjectId();
const companyId = new ObjectId();
const approverId = new ObjectId();

/**
 * An order as lib/orders/store/place.ts inserts it and its placement completes it: a company
 * member's order of one part, held until `expiresAt`.
 */
function placedOrder(overrides: Partial<OrderDoc> = {}): OrderDoc {
  return {
    _id: new ObjectId('6650f1c2a1b2c3d4e5f60718'),
    productId: new ObjectId(),
    sku: 'HB-M8-40-ZP',
    userId: buyerId,
    userName: 'Priya Raman',
    email: 'priya@raman-fab.example',
    quantity: 5000,
    name: 'Hex Flange Bolt M8 x 40',
    picture: '/images/products/hex-flange-bolt.webp',
    description: 'Zinc plated',
    minimumOrderQuantity: 500,
    availableQuantity: 60_000,
    unitPriceCents: 148,
    totalCents: 740_000,
    address: 'Raman Fabrication Ltd\n14 Foundry Lane\nSheffield S1 2AB',
    phone: '01142345678',
    poNumber: 'PO-2026-00417',
    companyId,
    placedBy: buyerId,
    status: 'unpaid',
    history: [{ status: 'unpaid', at: placedAt, by: buyerId, note: null }],
    paid: false,
    createdAt: placedAt,
    expiresAt: new Date(placedAt.getTime() + UNPAID_HOURS * HOUR),
    ...overrides,
  };
}

/** Placed above the member's approval limit of $5,000.00: waiting 72 hours for an approver. */
function awaitingApproval(overrides: Partial<OrderDoc> = {}): OrderDoc {
  return placedOrder({
    status: 'awaiting_approval',
    history: [{ status: 'awaiting_approval', at: placedAt, by: buyerId, note: null }],
    approval: { limitCents: 500_000 },
    expiresAt: new Date(placedAt.getTime() + 72 * HOUR),
    ...overrides,
  });
}

/** On account: Net 30, invoiced when it ships, its total held against the company's credit. */
const onAccount = { netDays: 30, invoiceOn: 'shipment' as const, creditCents: 740_000 };

const decidedAt = new Date('2026-12-02T15:00:00Z');
/** The approver's decision as lib/orders/approvals.ts records it. */
const decided = (reason?: string) => ({
  limitCents: 500_000,
  decidedBy: approverId,
  decidedByName: 'Ada Okafor',
  decidedAt,
  ...(reason ? { reason } : {}),
});

const paidAt = new Date('2026-12-03T14:05:00Z');
/** What the invoice prints about the buyer, frozen in the update that marks it paid. */
const invoiceDetails = {
  name: 'Priya Raman',
  email: 'priya@raman-fab.example',
  company: 'Raman Fabrication Ltd',
  taxId: 'GB123456789',
  address: 'Raman Fabrication Ltd\n14 Foundry Lane\nSheffield S1 2AB',
  phone: '01142345678',
  partNumber: 'HB-M8-40-ZP',
  frozenAt: paidAt,
};

/** Paid by card: the verified payment and its invoice number. */
function paidByCard(overrides: Partial<OrderDoc> = {}): OrderDoc {
  return placedOrder({
    status: 'paid',
    paid: true,
    paymentIntentId: 'pi_3QxYzABCdef0123',
    transactionId: 'pi_3QxYzABCdef0123',
    paidAt,
    invoiceNumber: 'INV-2026-000123',
    invoiceDetails,
    ...overrides,
  });
}

const shippedAt = new Date('2026-12-05T08:00:00Z');
const shipment = {
  carrier: 'DHL Freight',
  trackingNumber: 'JD014600006281234567',
};

/** Confirmed on account, shipped, then paid by its invoice (lib/orders/account.ts). */
function accountOrderPaidAfterShipping(): OrderDoc {
  return placedOrder({
    status: 'shipped',
    account: { ...onAccount, invoiceDueAt: shippedAt, invoiceId: new ObjectId(), paidBy: 'stripe' },
    history: [
      { status: 'confirmed', at: placedAt, by: buyerId, note: null },
      { status: 'shipped', at: shippedAt, by: new ObjectId(), note: null },
    ],
    ...shipment,
    paid: true,
    paidAt: new Date('2027-01-02T10:00:00Z'),
    transactionId: 'in_1QabCDefGh',
    invoiceNumber: 'INV-2026-000124',
    invoiceDetails,
  });
}

const renderOrder = (kind: OrderMailKind, doc: OrderDoc) =>
  renderOrderMail(kind, orderMailData(doc, UNPAID_HOURS), { origin, storeName });

/** One mail of the orders: the case, its kind, the order as the flow leaves it, its words. */
type OrderCase = [name: string, kind: OrderMailKind, doc: () => OrderDoc, words: Words];

const cancelled = 'Your Forgeline Parts order for Hex Flange Bolt M8 x 40 is cancelled';
const cancelledPreview = 'Order 6650f1c2a1b2c3d4e5f60718 for Hex Flange Bolt M8 x 40 is cancelled.';
const shippedWords = {
  subject: 'Your Forgeline Parts order for Hex Flange Bolt M8 x 40 has shipped',
  preview: 'Shipped with DHL Freight, tracking number JD014600006281234567.',
  heading: 'Your order is on its way',
};
const storePaidWords = {
  subject: 'Order paid: $7,400.00 for Hex Flange Bolt M8 x 40',
  preview: 'Paid: $7,400.00 for 5,000 × Hex Flange Bolt M8 x 40.',
  heading: 'Order paid: $7,400.00',
};

/** Approved on account: lib/orders/approvals.ts confirms it (and queues 'order.confirmed'). */
const approvedOnAccount = () =>
  placedOrder({ status: 'confirmed', account: onAccount, approval: decided() });

/** Placed on account, invoiced at once (its invoice due to be drawn now). */
const confirmedOnAccount = () =>
  placedOrder({
    status: 'confirmed',
    account: { ...onAccount, invoiceOn: 'order', invoiceDueAt: placedAt },
    history: [{ status: 'confirmed', at: placedAt, by: buyerId, note: null }],
  });

const orderCases: OrderCase[] = [
  [
    'order placed, paid by card: the amount to pay and by when',
    'order.placed',
    () => placedOrder(),
    {
      subject: 'Your Forgeline Parts order for Hex Flange Bolt M8 x 40: $7,400.00 to pay',
      preview: 'Please pay $7,400.00 by December 4, 2026 at 09:30 UTC to confirm your order.',
      heading: 'Thank you for your order',
      first:
        'Hello Priya Raman, we have reserved 5,000 × Hex Flange Bolt M8 x 40 for you. Please pay $7,400.00 by December 4, 2026 at 09:30 UTC: an order still unpaid then is cancelled and the parts go back into stock.',
    },
  ],
  [
    'order awaiting approval: the approvers read who placed it, for how much, and why it waits',
    'order.approval_requested',
    () => awaitingApproval(),
    {
      subject: 'Approval needed: a $7,400.00 order for Hex Flange Bolt M8 x 40',
      preview: 'An order of $7,400.00 for 5,000 × Hex Flange Bolt M8 x 40 waits for your approval.',
      heading: 'Approval needed: $7,400.00',
      first:
        'Priya Raman (priya@raman-fab.example) placed order 6650f1c2a1b2c3d4e5f60718 for 5,000 × Hex Flange Bolt M8 x 40, $7,400.00 in all, above their approval limit of $5,000.00. Its parts are reserved until December 5, 2026 at 09:30 UTC: approve it so that it can be paid, or reject it with a reason. Unanswered by then, it is cancelled. We mail Priya Raman your decision.',
    },
  ],
  [
    'order on account awaiting approval: approving confirms it on account, nothing is paid',
    'order.approval_requested',
    () =>
      awaitingApproval({
        account: onAccount,
        approval: { limitCents: null, month: { limitCents: 1_000_000, totalCents: 1_240_000 } },
      }),
    {
      subject: 'Approval needed: a $7,400.00 order for Hex Flange Bolt M8 x 40 on account',
      preview: 'An order of $7,400.00 for 5,000 × Hex Flange Bolt M8 x 40 waits for your approval.',
      heading: 'Approval needed: $7,400.00',
      first:
        "Priya Raman (priya@raman-fab.example) placed order 6650f1c2a1b2c3d4e5f60718 for 5,000 × Hex Flange Bolt M8 x 40, $7,400.00 in all, which takes their month to $12,400.00, above their monthly limit of $10,000.00. Its parts are reserved until December 5, 2026 at 09:30 UTC: approve it to confirm it on your company's account (Net 30, invoiced when it ships), or reject it with a reason. Unanswered by then, it is cancelled. We mail Priya Raman your decision.",
    },
  ],
  [
    'approved, paid by card: who approved it, and the pay request',
    'order.approved',
    () =>
      placedOrder({
        approval: decided(),
        expiresAt: new Date(decidedAt.getTime() + UNPAID_HOURS * HOUR),
      }),
    {
      subject:
        'Your Forgeline Parts order for Hex Flange Bolt M8 x 40 is approved: $7,400.00 to pay',
      preview:
        'Order 6650f1c2a1b2c3d4e5f60718 is approved. Please pay $7,400.00 by December 4, 2026 at 15:00 UTC.',
      heading: 'Your order is approved',
      first:
        'Hello Priya Raman, Ada Okafor approved order 6650f1c2a1b2c3d4e5f60718: we keep 5,000 × Hex Flange Bolt M8 x 40 reserved for you. Please pay $7,400.00 by December 4, 2026 at 15:00 UTC: an order still unpaid then is cancelled and the parts go back into stock.',
    },
  ],
  [
    'approved on account: who approved it, and that nothing is to be paid now',
    'order.confirmed',
    approvedOnAccount,
    {
      subject:
        'Your Forgeline Parts order for Hex Flange Bolt M8 x 40 is approved on account (Net 30): nothing to pay now',
      preview:
        'Approved and confirmed on account: nothing to pay now. $7,400.00, invoiced when the order ships.',
      heading: 'Your order is approved',
      first:
        "Hello Priya Raman, Ada Okafor approved order 6650f1c2a1b2c3d4e5f60718, and we have confirmed 5,000 × Hex Flange Bolt M8 x 40 on your company's account. There is nothing to pay now: we invoice your company when the order ships, and the invoice is due 30 days later. We will mail you when it ships.",
    },
  ],
  [
    'confirmed on account when placed: nothing to pay now, and when the invoice comes',
    'order.confirmed',
    confirmedOnAccount,
    {
      subject:
        'Your Forgeline Parts order for Hex Flange Bolt M8 x 40 is confirmed on account (Net 30): nothing to pay now',
      preview: 'Confirmed on account: nothing to pay now. $7,400.00, invoiced today.',
      heading: 'Your order is confirmed',
      first:
        "Hello Priya Raman, we have confirmed 5,000 × Hex Flange Bolt M8 x 40 on your company's account. There is nothing to pay now: we invoice your company today, and the invoice is due 30 days later. We will mail you when it ships.",
    },
  ],
  [
    'declined by an approver: who declined it, their reason, and what to do',
    'order.cancelled',
    () =>
      awaitingApproval({
        status: 'cancelled',
        approval: decided('Over budget this month.'),
        cancelledAt: new Date('2026-12-02T16:00:00Z'),
        cancelReason: 'rejected',
      }),
    {
      subject: cancelled,
      preview: cancelledPreview,
      heading: 'Your order was not approved',
      first:
        'Hello Priya Raman, Ada Okafor did not approve order 6650f1c2a1b2c3d4e5f60718, so it was cancelled on December 2, 2026 at 16:00 UTC and the reserved parts went back into stock. Nothing was charged. The reason given: “Over budget this month.” Talk to Ada Okafor before you order these parts again.',
    },
  ],
  [
    'approval expired, on account: by when it should have been approved, and what to do',
    'order.cancelled',
    () =>
      awaitingApproval({
        status: 'cancelled',
        account: onAccount,
        cancelledAt: new Date(placedAt.getTime() + 72 * HOUR + 60_000),
        cancelReason: 'approval_expired',
      }),
    {
      subject: cancelled,
      preview: cancelledPreview,
      heading: 'Your order was not approved in time',
      first:
        'Hello Priya Raman, order 6650f1c2a1b2c3d4e5f60718 was not approved by your company by December 5, 2026 at 09:30 UTC, so it was cancelled on December 5, 2026 at 09:31 UTC and the reserved parts went back into stock. Nothing was charged, and your company owes nothing for it. Place it again and let an approver know it is waiting.',
    },
  ],
  [
    'cancelled by its buyer while on account: nothing is owed',
    'order.cancelled',
    () =>
      placedOrder({
        status: 'cancelled',
        account: { ...onAccount, invoiceVoidPending: decidedAt },
        cancelledAt: decidedAt,
        cancelReason: 'deleted',
      }),
    {
      subject: cancelled,
      preview: cancelledPreview,
      heading: 'Your order is cancelled',
      first:
        'Hello Priya Raman, as you asked, order 6650f1c2a1b2c3d4e5f60718 was cancelled on December 2, 2026 at 15:00 UTC. Nothing was charged, and your company owes nothing for it.',
    },
  ],
  [
    'unpaid order expired: by when it should have been paid',
    'order.cancelled',
    () =>
      placedOrder({
        status: 'cancelled',
        cancelledAt: new Date(placedAt.getTime() + UNPAID_HOURS * HOUR + 60_000),
        cancelReason: 'expired',
      }),
    {
      subject: cancelled,
      preview: cancelledPreview,
      heading: 'Your unpaid order has expired',
      first:
        'Hello Priya Raman, order 6650f1c2a1b2c3d4e5f60718 was not paid by December 4, 2026 at 09:30 UTC, so it was cancelled on December 4, 2026 at 09:31 UTC and the reserved parts went back into stock. Nothing was charged. You are welcome to order again.',
    },
  ],
  [
    'cancelled by the store after it was paid: the refund',
    'order.cancelled',
    () =>
      paidByCard({
        status: 'cancelled',
        cancelledAt: shippedAt,
        cancelReason: 'cancelled_by_store',
      }),
    {
      subject: cancelled,
      preview: cancelledPreview,
      heading: 'We have cancelled your order',
      first:
        'Hello Priya Raman, we are sorry: we had to cancel order 6650f1c2a1b2c3d4e5f60718 on December 5, 2026 at 08:00 UTC. You paid $7,400.00 for it (transaction pi_3QxYzABCdef0123); we will contact you about the refund.',
    },
  ],
  [
    'paid by card: the receipt, and what happens next',
    'order.paid',
    () => paidByCard(),
    {
      subject:
        'Payment received for your Forgeline Parts order for Hex Flange Bolt M8 x 40 (invoice INV-2026-000123)',
      preview: 'We received the payment of $7,400.00. Your invoice is ready.',
      heading: 'Payment received',
      first:
        'Hello Priya Raman, thank you: we received the payment of $7,400.00 for order 6650f1c2a1b2c3d4e5f60718. We will prepare it for shipping and mail you the tracking number when it leaves us.',
    },
  ],
  [
    'paid on account after it shipped: the invoice is settled, no shipping promised',
    'order.paid',
    accountOrderPaidAfterShipping,
    {
      subject:
        'Payment received for your Forgeline Parts order for Hex Flange Bolt M8 x 40 (invoice INV-2026-000124)',
      preview: 'Your company’s invoice of $7,400.00 is paid.',
      heading: 'Payment received',
      first:
        'Hello Priya Raman, thank you: we received the payment of $7,400.00 on your company’s invoice for order 6650f1c2a1b2c3d4e5f60718, so nothing more is owed for it. It left us on December 5, 2026 at 08:00 UTC with DHL Freight.',
    },
  ],
  [
    "the store's order-paid mail names the buyer and their company, ready to ship",
    'order.paid.store',
    () => paidByCard(),
    {
      ...storePaidWords,
      first:
        'Order 6650f1c2a1b2c3d4e5f60718, placed by Priya Raman of Raman Fabrication Ltd, is paid: 5,000 × Hex Flange Bolt M8 x 40. It is ready to be prepared for shipping.',
    },
  ],
  [
    "the store's order-paid mail of an order on account that shipped before its invoice was paid",
    'order.paid.store',
    accountOrderPaidAfterShipping,
    {
      ...storePaidWords,
      first:
        'The invoice of order 6650f1c2a1b2c3d4e5f60718, placed by Priya Raman of Raman Fabrication Ltd on account, is paid: 5,000 × Hex Flange Bolt M8 x 40. It shipped on December 5, 2026 at 08:00 UTC.',
    },
  ],
  [
    'shipped, paid by card: carrier and tracking',
    'order.shipped',
    () =>
      paidByCard({
        status: 'shipped',
        ...shipment,
        history: [
          { status: 'unpaid', at: placedAt, by: buyerId, note: null },
          { status: 'paid', at: paidAt, by: 'stripe', note: null },
          { status: 'shipped', at: shippedAt, by: new ObjectId(), note: null },
        ],
      }),
    {
      ...shippedWords,
      first:
        'Hello Priya Raman, your 5,000 × Hex Flange Bolt M8 x 40 left us on December 5, 2026 at 08:00 UTC. Follow the delivery with DHL Freight using the tracking number below.',
    },
  ],
  [
    'shipped on account: the invoice follows',
    'order.shipped',
    () =>
      placedOrder({
        status: 'shipped',
        account: { ...onAccount, invoiceDueAt: shippedAt },
        ...shipment,
        history: [
          { status: 'confirmed', at: placedAt, by: buyerId, note: null },
          { status: 'shipped', at: shippedAt, by: new ObjectId(), note: null },
        ],
      }),
    {
      ...shippedWords,
      first:
        "Hello Priya Raman, your 5,000 × Hex Flange Bolt M8 x 40 left us on December 5, 2026 at 08:00 UTC. Follow the delivery with DHL Freight using the tracking number below. Nothing is to be paid now: your company's invoice follows, due 30 days after it.",
    },
  ],
];

describe('the order mails', () => {
  it.each(orderCases)('%s', async (_name, kind, doc, words) => {
    expectOpening(await renderOrder(kind, doc()), words);
  });

  it("the approvers' mail labels the PO number as the buyer's", async () => {
    const mail = await renderOrder('order.approval_requested', awaitingApproval());
    expect(mail.text).toContain("Buyer's PO number   PO-2026-00417");
    expect(mail.text).not.toContain('Your PO number');
  });

  it('the approved card order carries the pay link', async () => {
    const mail = await renderOrder('order.approved', placedOrder({ approval: decided() }));
    expect(mail.text).toContain(
      `Pay $7,400.00 ${origin}/dashboard/payment/6650f1c2a1b2c3d4e5f60718`,
    );
  });

  it('an order on account is never asked to pay, whichever mail announces it', async () => {
    for (const doc of [approvedOnAccount(), confirmedOnAccount()]) {
      const confirmed = await renderOrder('order.confirmed', doc);
      expect(confirmed.text).not.toMatch(/please pay|Pay \$/i);
      expect(confirmed.html).not.toContain('/dashboard/payment/');
      // Should one ever be mailed as placed or approved, it reads the same.
      for (const kind of ['order.placed', 'order.approved'] as const) {
        expect(opening(await renderOrder(kind, doc))).toEqual(opening(confirmed));
      }
    }
  });
});

// ---- Invoices on account, as lib/billing draws and issues them --------------------------------

const issuedAt = new Date('2026-12-05T08:01:00Z');

/** An invoice as lib/billing/issue.ts draws it from the order and opens it (with Stripe or not). */
function openInvoice(overrides: Partial<AccountInvoiceDoc> = {}): AccountInvoiceDoc & {
  number: string;
} {
  return {
    _id: new ObjectId('6650f1c2a1b2c3d4e5f6aaaa'),
    orderId: new ObjectId('6650f1c2a1b2c3d4e5f60718'),
    companyId,
    number: 'INV-2026-000124',
    lines: [
      {
        sku: 'HB-M8-40-ZP',
        name: 'Hex Flange Bolt M8 x 40',
        quantity: 5000,
        unitPriceCents: 148,
        totalCents: 740_000,
      },
    ],
    poNumber: 'PO-2026-00417',
    currency: 'usd',
    totalCents: 740_000,
    paidCents: 0,
    payments: [],
    paymentFailures: [],
    status: 'open',
    netDays: 30,
    createdAt: issuedAt,
    issuedAt,
    dueAt: new Date(issuedAt.getTime() + 30 * DAY),
    openedAt: issuedAt,
    stripe: {
      customerId: 'cus_123',
      invoiceId: 'in_1QabCDefGh',
      itemsAdded: 1,
      hostedInvoiceUrl: 'https://invoice.stripe.com/i/acct_1/test_123',
      invoicePdf: null,
    },
    sync: { attempts: 1, round: 0, nextAttemptAt: null, lastError: null },
    remindersSent: [],
    events: [],
    updatedAt: issuedAt,
    ...overrides,
  } as AccountInvoiceDoc & { number: string };
}

const renderInvoice = (
  moment: InvoiceMailMoment,
  doc: AccountInvoiceDoc & { number: string },
  now: Date,
) =>
  renderInvoiceMail(moment, invoiceMailData(doc, 'Raman Fabrication Ltd', { origin, now }), {
    origin,
    storeName,
  });

type InvoiceCase = [
  name: string,
  moment: InvoiceMailMoment,
  doc: () => AccountInvoiceDoc & { number: string },
  now: Date,
  words: Words,
];

const payOnline = 'on its payment page, by bank transfer or from a US bank account.';

const invoiceCases: InvoiceCase[] = [
  [
    'issued: how much, by when, and how to pay it',
    'issued',
    () => openInvoice(),
    issuedAt,
    {
      subject: 'Forgeline Parts invoice INV-2026-000124: $7,400.00 due January 4, 2027',
      preview:
        'Here is the invoice for Raman Fabrication Ltd’s order on account: $7,400.00, due January 4, 2027.',
      heading: 'Invoice INV-2026-000124',
      first: `Here is the invoice for Raman Fabrication Ltd’s order on account: $7,400.00, due January 4, 2027. Pay it by the due date ${payOnline}`,
    },
  ],
  [
    'issued without Stripe: how to pay it without a payment page',
    'issued',
    () => openInvoice({ stripe: null }),
    issuedAt,
    {
      subject: 'Forgeline Parts invoice INV-2026-000124: $7,400.00 due January 4, 2027',
      preview:
        'Here is the invoice for Raman Fabrication Ltd’s order on account: $7,400.00, due January 4, 2027.',
      heading: 'Invoice INV-2026-000124',
      first:
        'Here is the invoice for Raman Fabrication Ltd’s order on account: $7,400.00, due January 4, 2027. Pay it by the due date by bank transfer or cheque, quoting INV-2026-000124; its page in your account says how.',
    },
  ],
  [
    'three days before it is due, part paid: what is still owed',
    'before_due',
    () => openInvoice({ paidCents: 200_000 }),
    new Date('2027-01-01T08:01:00Z'),
    {
      subject: 'Reminder: Forgeline Parts invoice INV-2026-000124 is due January 4, 2027',
      preview: 'A reminder that $5,400.00 on invoice INV-2026-000124 is due on January 4, 2027.',
      heading: 'Invoice INV-2026-000124 is due in 3 days',
      first: `A reminder that $5,400.00 on invoice INV-2026-000124 is due on January 4, 2027. Pay it by the due date ${payOnline}`,
    },
  ],
  [
    'due today',
    'due',
    () => openInvoice(),
    new Date('2027-01-04T08:01:00Z'),
    {
      subject: 'Forgeline Parts invoice INV-2026-000124 is due today: $7,400.00',
      preview: '$7,400.00 on invoice INV-2026-000124 is due today, January 4, 2027.',
      heading: 'Invoice INV-2026-000124 is due today',
      first: `$7,400.00 on invoice INV-2026-000124 is due today, January 4, 2027. Pay it ${payOnline}`,
    },
  ],
  [
    'overdue: how late, how to pay, and what being late does',
    'overdue',
    () => openInvoice(),
    new Date('2027-01-11T09:00:00Z'),
    {
      subject:
        'Overdue: Forgeline Parts invoice INV-2026-000124 ($7,400.00) was due January 4, 2027',
      preview: '$7,400.00 on invoice INV-2026-000124 was due on January 4, 2027, 7 days ago.',
      heading: 'Invoice INV-2026-000124 is overdue',
      first: `$7,400.00 on invoice INV-2026-000124 was due on January 4, 2027, 7 days ago. Pay it ${payOnline} Until it is paid, new orders on account may be refused; paying by card still works.`,
    },
  ],
];

describe('the invoice mails', () => {
  it.each(invoiceCases)('%s', async (_name, moment, doc, now, words) => {
    expectOpening(await renderInvoice(moment, doc(), now), words);
  });

  it('a mail about an invoice just issued cannot have crossed its payment', async () => {
    const issued = await renderInvoice('issued', openInvoice(), issuedAt);
    expect(issued.text).not.toContain('Already paid?');
    const reminder = await renderInvoice('due', openInvoice(), new Date('2027-01-04T08:01:00Z'));
    expect(reminder.text).toContain('Already paid?');
  });

  it('counts one day late in the singular', async () => {
    const late = await renderInvoice('overdue', openInvoice(), new Date('2027-01-05T09:00:00Z'));
    expect(opening(late).preview).toContain('January 4, 2027, 1 day ago.');
  });
});

// ---- Company invitations, as lib/companies/invitations.ts writes them -------------------------

function invitation(overrides: Partial<CompanyInvitationDoc> = {}): CompanyInvitationDoc {
  const invitedAt = new Date('2026-12-01T10:00:00Z');
  return {
    _id: new ObjectId(),
    companyId,
    email: 'sam@raman-fab.example',
    role: 'buyer',
    approvalLimitCents: 500_000,
    invitedBy: new ObjectId(),
    inviterName: 'Olu Raman',
    companyName: 'Raman Fabrication Ltd',
    invitedAt,
    expiresAt: new Date(invitedAt.getTime() + 7 * DAY),
    tokenHash: 'hash',
    tokenSeed: 'seed',
    open: true,
    ...overrides,
  };
}

const renderInvitation = (doc: CompanyInvitationDoc) =>
  renderInvitationMail(invitationMailData(doc, 'tok_123', origin), { origin, storeName });

describe('the invitation mail', () => {
  it('says as what the person is invited, then who invites them and to which company', async () => {
    const mail = await renderInvitation(invitation());
    expectOpening(mail, {
      subject: 'Invitation to join a company account on Forgeline Parts',
      preview: 'An invitation to order for a company account on Forgeline Parts.',
      heading: 'An invitation to a company account on Forgeline Parts',
      first:
        'You are invited to join a company’s account on Forgeline Parts as a buyer: you would place orders for the company. Who invites you, and to which company, is below.',
    });
    // Right below, labelled: the company, the inviter, the role and the limit, then how to join.
    expect(screenLines(mail.html).slice(3, 13)).toEqual([
      'Company',
      'Raman Fabrication Ltd',
      'Invited by',
      'Olu Raman',
      'Role',
      'Buyer',
      'Approval limit',
      '$5,000.00 an order; a larger order waits for an approver',
      'Link valid until',
      'December 8, 2026 at 10:00 UTC',
    ]);
    expect(textLines(mail.text).slice(3, 9)).toEqual([
      'Company            Raman Fabrication Ltd',
      'Invited by         Olu Raman',
      'Role               Buyer',
      'Approval limit     $5,000.00 an order; a larger order waits for an approver',
      'Link valid until   December 8, 2026 at 10:00 UTC',
      'To join, open the link and sign in with this email address, or create an account with it.',
    ]);
    expect(mail.text).toContain(`Join the company ${origin}/dashboard/company/join?token=tok_123`);
  });

  it.each([
    [
      'owner',
      'as an owner: you would run the company’s account with its other owners (its members, addresses, orders, approvals and invoices)',
    ],
    [
      'approver',
      'as an approver: you would approve or reject colleagues’ orders above their limits',
    ],
    ['accounts', 'in accounts: you would see the company’s orders and invoices, and pay them'],
  ] as const)('says what an invited %s does', async (role, words) => {
    const mail = await renderInvitation(invitation({ role, approvalLimitCents: null }));
    expect(opening(mail).text[2]).toBe(
      `You are invited to join a company’s account on Forgeline Parts ${words}. Who invites you, and to which company, is below.`,
    );
    expect(opening(mail).html[2]).toBe(opening(mail).text[2]);
  });
});

// ---- Quotes, as lib/quotes writes them -------------------------------------------------------

const requestedAt = new Date('2026-12-01T11:00:00Z');

function quote(overrides: Partial<QuoteDoc> = {}): QuoteDoc {
  return {
    _id: new ObjectId(),
    reference: 'Q-2026-000017',
    productId: new ObjectId(),
    productName: 'Hex Flange Bolt M8 x 40',
    sku: 'HB-M8-40-ZP',
    userId: buyerId,
    userName: 'Priya Raman',
    email: 'priya@raman-fab.example',
    quantity: 50_000,
    neededBy: new Date('2027-01-15T00:00:00Z'),
    address: 'Raman Fabrication Ltd\n14 Foundry Lane\nSheffield S1 2AB',
    phone: '01142345678',
    status: 'requested',
    createdAt: requestedAt,
    ...overrides,
  };
}

const renderQuote = (kind: QuoteMailKind, doc: QuoteDoc) =>
  renderQuoteMail(kind, quoteMailData(doc), { origin, storeName });

type QuoteCase = [name: string, kind: QuoteMailKind, doc: () => QuoteDoc, words: Words];

const quoteCases: QuoteCase[] = [
  [
    'requested, to the store: who asks for what, and how to answer',
    'quote.requested.store',
    () => quote(),
    {
      subject: 'Quote requested Q-2026-000017: 50,000 × Hex Flange Bolt M8 x 40',
      preview: 'A price is asked for 50,000 × Hex Flange Bolt M8 x 40.',
      heading: 'Quote requested: Q-2026-000017',
      first:
        'Priya Raman asks for a quote for 50,000 × Hex Flange Bolt M8 x 40. Answer it with a unit price and a valid-until date, or decline it, from the quotes page.',
    },
  ],
  [
    'answered: the price, until when, and how to accept it',
    'quote.answered',
    () =>
      quote({
        status: 'answered',
        unitPriceCents: 11,
        validUntil: new Date('2026-12-15T00:00:00Z'),
        answeredAt: new Date('2026-12-02T09:00:00Z'),
      }),
    {
      subject: 'Your Forgeline Parts quote Q-2026-000017 for Hex Flange Bolt M8 x 40: $0.11 a unit',
      preview: '$0.11 a unit for 50,000 × Hex Flange Bolt M8 x 40.',
      heading: 'Your quote is ready',
      first:
        'Hello Priya Raman, we can supply 50,000 × Hex Flange Bolt M8 x 40 at $0.11 a unit, $5,500.00 in all. The offer holds until the end of December 15, 2026 (UTC). Accept it on the quotes page to place the order, then pay it as any order.',
    },
  ],
  [
    'declined: the reason is below, and what the buyer can do instead',
    'quote.declined',
    () =>
      quote({
        status: 'declined',
        declineReason: 'Lead time too long.',
        declinedAt: new Date('2026-12-02T09:00:00Z'),
      }),
    {
      subject: 'Your Forgeline Parts quote Q-2026-000017 for Hex Flange Bolt M8 x 40 was declined',
      preview: 'We cannot quote 50,000 × Hex Flange Bolt M8 x 40.',
      heading: 'We cannot quote this request',
      first:
        'Hello Priya Raman, we are sorry: we cannot offer 50,000 × Hex Flange Bolt M8 x 40 as requested (Q-2026-000017). Our reason is below. You may still order them from the catalogue at its prices, or ask again for another quantity or date.',
    },
  ],
];

describe('the quote mails', () => {
  it.each(quoteCases)('%s', async (_name, kind, doc, words) => {
    expectOpening(await renderQuote(kind, doc()), words);
  });

  it('the declined mail gives the reason right after its opening', async () => {
    const mail = await renderQuote(
      'quote.declined',
      quote({ status: 'declined', declineReason: 'Lead time too long.' }),
    );
    expect(textLines(mail.text).slice(3, 5)).toEqual(['REASON', 'Lead time too long.']);
  });
});

// ---- Order lists, as lib/cart/share.ts records a list sent to a colleague ---------------------

describe('the order-list mail', () => {
  it('a list sent to a colleague: who sent what, and that nothing is ordered yet', async () => {
    const mail = await renderListSharedMail(
      {
        fromName: 'Olu Raman',
        lines: [
          { sku: 'HB-M8-40-ZP', name: 'Hex Flange Bolt M8 x 40', quantity: 5000 },
          { sku: null, name: 'Spring Washer M8', quantity: 5000 },
        ],
        link: orderListLink(origin),
      },
      { origin, storeName },
    );
    expectOpening(mail, {
      subject: 'A colleague added parts to your order list on Forgeline Parts',
      preview:
        'Parts from a colleague are in your order list on Forgeline Parts; nothing is ordered yet.',
      heading: 'A colleague sent you their order list',
      first:
        'Olu Raman sent you 2 lines of their order list on Forgeline Parts. They are in your order list now, added to what you already had. Nothing is ordered yet.',
    });
  });
});
