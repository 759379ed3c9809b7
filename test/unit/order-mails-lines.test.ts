import { ObjectId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import type { OrderDoc } from '@/lib/orders/collections';
import {
  orderMailData,
  type OrderMailData,
  type OrderMailLine,
} from '@/lib/orders/mail/order-data';
import { renderOrderMail, type OrderMailKind } from '@/lib/orders/mail/order-mails';
import { MAIL_LINES } from '@/lib/orders/mail/templates/order-parts';

// The order mails of an order of several lines: each lists the lines (part number, name,
// quantity, line total), at most MAIL_LINES of them, then how many more with a link to the
// order page.

const origin = 'https://parts.forgeline.test';
const storeName = 'Forgeline Parts';
const id = '6650f1c2a1b2c3d4e5f60718';
const orderPage = `${origin}/dashboard/order/${id}`;

/** Line n (1-based). */
function lineOf(n: number): OrderMailLine {
  const quantity = 100 * n;
  return {
    partNumber: `PN-${String(n).padStart(4, '0')}-ZP`,
    name: `Hex bolt item ${n}`,
    quantity,
    unitPriceCents: 25,
    totalCents: quantity * 25,
  };
}

function orderOf(count: number): OrderMailData {
  const lines = Array.from({ length: count }, (_, index) => lineOf(index + 1));
  return {
    id,
    buyer: { name: 'Priya Raman', email: 'priya@example.com', phone: '01142345678' },
    product: { name: `Hex bolt item 1 and ${count - 1} more parts`, partNumber: 'PN-0001-ZP' },
    quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    unitPriceCents: 25,
    totalCents: lines.reduce((sum, line) => sum + line.totalCents, 0),
    lines,
    deliveryAddress: '14 Foundry Lane\nSheffield S1 2AB',
    purchaseOrderNumber: 'PO-2026-00417',
    placedAt: new Date('2026-12-02T09:30:00Z'),
    payBy: new Date('2026-12-04T09:30:00Z'),
    payment: {
      transactionId: 'pi_3QxYzABCdef0123',
      paidAt: new Date('2026-12-03T14:05:00Z'),
      invoiceNumber: 'INV-2026-000123',
    },
    shipment: {
      carrier: 'DHL Freight',
      trackingNumber: 'JD014600006281234567',
      shippedAt: new Date('2026-12-05T08:00:00Z'),
    },
    cancellation: null,
  };
}

const kinds: OrderMailKind[] = [
  'order.placed',
  'order.paid',
  'order.shipped',
  'order.cancelled',
  'order.paid.store',
  'order.approval_requested',
  'order.approved',
];

const render = (kind: OrderMailKind, data: OrderMailData) =>
  renderOrderMail(kind, data, { origin, storeName });

/** Every href of an HTML mail. */
const links = (html: string) =>
  [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));

describe('the mails of a 25-line order', () => {
  it.each(kinds)(
    '%s lists the first 20 lines, says 5 more and links the order page',
    async (kind) => {
      expect(MAIL_LINES).toBe(20);
      const order = orderOf(25);
      const mail = await render(kind, order);
      for (const version of [mail.html, mail.text]) {
        for (const line of order.lines!.slice(0, 20)) {
          expect(version).toContain(line.partNumber);
          expect(version).toMatch(new RegExp(`${line.name}(?!\\d)`));
          expect(version).toContain(line.quantity.toLocaleString('en-US'));
          expect(version).toContain(`$${(line.totalCents / 100).toFixed(2)}`);
        }
        for (const line of order.lines!.slice(20)) {
          expect(version).not.toContain(line.partNumber);
          expect(version).not.toMatch(new RegExp(`${line.name}(?!\\d)`));
        }
        expect(version).toContain('and 5 more lines');
        expect(version).toContain(order.id);
        expect(version).toContain('$8,125.00'); // the order's total: 32,500 units at $0.25
      }
      expect(links(mail.html)).toContain(orderPage);
      expect(mail.text).toContain(orderPage);
      // Every link still starts from the origin.
      for (const href of links(mail.html)) expect(href.startsWith(origin)).toBe(true);
      // The lines keep their order.
      expect(mail.text.indexOf('PN-0001-ZP')).toBeLessThan(mail.text.indexOf('PN-0020-ZP'));
    },
  );

  it('lists all 20 lines of a 20-line order, and counts one more line in the singular', async () => {
    const twenty = await render('order.paid', orderOf(20));
    expect(twenty.text).toContain('PN-0020-ZP');
    expect(twenty.text).not.toContain('more line');
    expect(links(twenty.html)).not.toContain(orderPage);
    const more = await render('order.paid', orderOf(21));
    expect(more.text).not.toContain('PN-0021-ZP');
    expect(more.text).toContain('and 1 more line: see all 21 lines of order');
    expect(links(more.html)).toContain(orderPage);
  });

  it('says what was ordered as a count of parts and units', async () => {
    const placed = await render('order.placed', orderOf(25));
    expect(placed.text).toContain('we have reserved 25 parts (32,500 units) for you');
    const store = await render('order.paid.store', orderOf(25));
    expect(store.text).toContain(
      'Order 6650f1c2a1b2c3d4e5f60718, placed by Priya Raman, is paid: 25 parts (32,500 units).',
    );
    const shipped = await render('order.shipped', orderOf(25));
    expect(shipped.text).toContain('your 25 parts (32,500 units) left us');
  });
});

describe('the mails of an order of a few lines', () => {
  it.each(kinds)('%s lists every line, with no "more" and no order-page link', async (kind) => {
    const order = orderOf(3);
    const mail = await render(kind, order);
    for (const line of order.lines!) {
      expect(mail.text).toContain(line.partNumber);
      expect(mail.text).toContain(line.name);
    }
    expect(mail.text).not.toContain('more lines');
    expect(links(mail.html)).not.toContain(orderPage);
  });

  it('shows a dash for a line without a part number', async () => {
    const order = orderOf(2);
    order.lines![1] = { ...order.lines![1]!, partNumber: null };
    const mail = await render('order.paid', order);
    expect(mail.text).toContain('PN-0001-ZP');
    expect(mail.text).toContain('—');
  });
});

describe('orderMailData', () => {
  const createdAt = new Date('2026-12-02T09:30:00Z');
  const base = {
    _id: new ObjectId(id),
    productId: new ObjectId(),
    userId: new ObjectId(),
    userName: 'Priya Raman',
    email: 'priya@example.com',
    picture: '/images/products/hex-flange-bolt.webp',
    description: '2 parts in one order: see its lines',
    minimumOrderQuantity: 100,
    availableQuantity: 10_000,
    address: '14 Foundry Lane',
    phone: '01142345678',
    status: 'unpaid' as const,
    history: [],
    paid: false,
    createdAt,
  };

  it("takes an order's lines, its part numbers as copied onto them", () => {
    const doc: OrderDoc = {
      ...base,
      lines: [
        {
          productId: new ObjectId(),
          sku: 'PN-1',
          name: 'Hex bolt',
          picture: '',
          quantity: 100,
          unitPriceCents: 25,
          totalCents: 2_500,
        },
        {
          productId: new ObjectId(),
          sku: null,
          name: 'Washer',
          picture: '',
          quantity: 200,
          unitPriceCents: 5,
          totalCents: 1_000,
        },
      ],
      quantity: 300,
      name: 'Hex bolt and 1 more part',
      unitPriceCents: 25,
      totalCents: 3_500,
      sku: 'PN-1',
    };
    expect(orderMailData(doc, 48).lines).toEqual([
      {
        partNumber: 'PN-1',
        name: 'Hex bolt',
        quantity: 100,
        unitPriceCents: 25,
        totalCents: 2_500,
      },
      { partNumber: null, name: 'Washer', quantity: 200, unitPriceCents: 5, totalCents: 1_000 },
    ]);
  });

  it('gives an order from before lines its one line', () => {
    const doc: OrderDoc = {
      ...base,
      quantity: 5_000,
      name: 'Hex Flange Bolt M8',
      unitPriceCents: 148,
      totalCents: 740_000,
    };
    expect(orderMailData(doc, 48).lines).toEqual([
      {
        partNumber: null,
        name: 'Hex Flange Bolt M8',
        quantity: 5_000,
        unitPriceCents: 148,
        totalCents: 740_000,
      },
    ]);
  });
});
