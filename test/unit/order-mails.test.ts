import { ObjectId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { orderMailData, type OrderMailData } from '@/lib/orders/mail/order-data';
import { renderOrderMail, type OrderMailKind } from '@/lib/orders/mail/order-mails';
import { mailOrigin } from '@/lib/core/mail/render';

// The order mails rendered as the outbox renders them, from plain data: every mail carries the
// order's key facts in both versions, and every link is absolute on the origin it was given.

const origin = 'https://parts.forgeline.test';
const storeName = 'Forgeline Parts';
const id = '6650f1c2a1b2c3d4e5f60718';

function order(overrides: Partial<OrderMailData> = {}): OrderMailData {
  return {
    id,
    buyer: { name: 'Priya Raman', email: 'priya@example.com', phone: '01142345678' },
    product: { name: 'Hex Flange Bolt M8 <zinc & plated>', partNumber: 'HB-M8-40-ZP' },
    quantity: 5000,
    unitPriceCents: 148,
    totalCents: 740_000,
    deliveryAddress: 'Raman Fabrication Ltd\n14 Foundry Lane\nSheffield S1 2AB',
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
    ...overrides,
  };
}

const render = (kind: OrderMailKind, data = order()) =>
  renderOrderMail(kind, data, { origin, storeName });

/** Every href of an HTML mail. */
function links(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
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

describe('every order mail', () => {
  it.each(kinds)('%s shows the order, its amounts and the delivery address', async (kind) => {
    const mail = await render(kind);
    for (const version of [mail.html, mail.text]) {
      expect(version).toContain(storeName);
      expect(version).toContain(id);
      expect(version).toContain('HB-M8-40-ZP');
      expect(version).toContain('5,000');
      expect(version).toContain('$1.48');
      expect(version).toContain('$7,400.00');
      expect(version).toContain('PO-2026-00417');
      expect(version).toContain('14 Foundry Lane');
    }
    // React escapes what the order holds; the text version shows it as typed.
    expect(mail.html).toContain('Hex Flange Bolt M8 &lt;zinc &amp; plated&gt;');
    expect(mail.html).not.toContain('<zinc');
    expect(mail.text).toContain('Hex Flange Bolt M8 <zinc & plated>');
    // The address keeps its lines in the text version.
    expect(mail.text).toContain('Raman Fabrication Ltd\n14 Foundry Lane\nSheffield S1 2AB');
    expect(mail.subject).toContain('Hex Flange Bolt M8');
  });

  it.each(kinds)('%s links only to absolute addresses on the given origin', async (kind) => {
    const mail = await render(kind);
    const hrefs = links(mail.html);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href.startsWith(`${origin}`)).toBe(true);
  });

  it.each(kinds)('%s leaves the PO number out when the buyer gave none', async (kind) => {
    const mail = await render(kind, order({ purchaseOrderNumber: null }));
    for (const version of [mail.html, mail.text, mail.subject]) {
      expect(version).not.toContain('PO-2026-00417');
      expect(version).not.toMatch(/PO number|\(PO /);
    }
  });

  it.each(kinds)('%s keeps what the buyer typed out of its subject and preview', async (kind) => {
    const hostile = 'URGENT pay at https://evil.example/pay';
    const mail = await render(
      kind,
      order({
        buyer: { name: `${hostile} now`, email: 'x@example.com', phone: '0114' },
        purchaseOrderNumber: hostile,
      }),
    );
    expect(mail.subject).not.toMatch(/URGENT|evil\.example/);
    // The line an inbox lists beside the subject.
    const preview = mail.html.match(/<div[^>]*display:none[^>]*>([^<]*)/)?.[1];
    expect(preview).toBeTruthy();
    expect(preview).not.toMatch(/URGENT|evil\.example/);
    expect(mail.text).toContain(hostile);
  });

  it.each(kinds)('%s leaves the part number out for a product without one', async (kind) => {
    const mail = await render(kind, order({ product: { name: 'Old Bolt', partNumber: null } }));
    expect(mail.text).not.toContain('Part number');
    expect(mail.text).toContain('Old Bolt');
  });
});

describe('the order-placed mail', () => {
  it('asks for the total with an absolute link to the payment page, and says by when', async () => {
    const mail = await render('order.placed', order({ payment: null, shipment: null }));
    const payLink = `${origin}/dashboard/payment/${id}`;
    expect(links(mail.html)).toContain(payLink);
    expect(mail.text).toContain(`Pay $7,400.00 ${payLink}`);
    expect(mail.text).toContain('December 4, 2026 at 09:30 UTC');
    expect(mail.subject).toBe(
      'Your Forgeline Parts order for Hex Flange Bolt M8 <zinc & plated>: $7,400.00 to pay',
    );
  });
});

describe('the payment-received mail', () => {
  it('is a receipt: amount, transaction, invoice number and the invoice link', async () => {
    const mail = await render('order.paid');
    const invoice = `${origin}/api/orders/${id}/invoice`;
    expect(links(mail.html)).toContain(invoice);
    expect(mail.text).toContain(invoice);
    for (const version of [mail.html, mail.text]) {
      expect(version).toContain('pi_3QxYzABCdef0123');
      expect(version).toContain('INV-2026-000123');
      expect(version).toContain('December 3, 2026 at 14:05 UTC');
    }
    expect(mail.subject).toContain('(invoice INV-2026-000123)');
  });

  it('still links the invoice before an invoice number is assigned', async () => {
    const mail = await render(
      'order.paid',
      order({ payment: { transactionId: 'pi_1', paidAt: null, invoiceNumber: null } }),
    );
    expect(links(mail.html)).toContain(`${origin}/api/orders/${id}/invoice`);
    expect(mail.text).not.toContain('Invoice number');
    expect(mail.subject).not.toContain('invoice');
  });
});

describe('the shipped mail', () => {
  it('names the carrier and the tracking number', async () => {
    const mail = await render('order.shipped');
    for (const version of [mail.html, mail.text]) {
      expect(version).toContain('DHL Freight');
      expect(version).toContain('JD014600006281234567');
    }
    expect(mail.subject).toContain('has shipped');
  });
});

describe('the cancellation mail', () => {
  const cancelled = (reason: 'deleted' | 'cancelled_by_store' | 'expired', paid = false) =>
    render(
      'order.cancelled',
      order({
        payment: paid ? order().payment : null,
        shipment: null,
        cancellation: { reason, at: new Date('2026-12-04T09:31:00Z') },
      }),
    );

  it('says the buyer cancelled it, nothing charged', async () => {
    const mail = await cancelled('deleted');
    expect(mail.text).toContain('as you asked');
    expect(mail.text).toContain('Nothing was charged');
  });

  it('says it expired unpaid, and by when it should have been paid', async () => {
    const mail = await cancelled('expired');
    expect(mail.text).toContain('Your unpaid order has expired');
    expect(mail.text).toContain('was not paid by December 4, 2026 at 09:30 UTC');
    expect(mail.text).toContain('Nothing was charged');
  });

  it('says the store cancelled it, and speaks of a refund only when it was paid', async () => {
    const unpaid = await cancelled('cancelled_by_store');
    expect(unpaid.text).toContain('we had to cancel order');
    expect(unpaid.text).toContain('Nothing was charged');
    const paid = await cancelled('cancelled_by_store', true);
    expect(paid.text).toContain('refund');
    expect(paid.text).toContain('pi_3QxYzABCdef0123');
  });
});

describe("the store's order-paid mail", () => {
  it('names the buyer, the payment and links Manage Orders and the invoice', async () => {
    const mail = await render('order.paid.store');
    for (const version of [mail.html, mail.text]) {
      expect(version).toContain('Priya Raman');
      expect(version).toContain('priya@example.com');
      expect(version).toContain('01142345678');
      expect(version).toContain('pi_3QxYzABCdef0123');
    }
    expect(mail.text).toContain("Buyer's PO number");
    expect(links(mail.html)).toEqual(
      expect.arrayContaining([
        `${origin}/dashboard/manageorder`,
        `${origin}/api/orders/${id}/invoice`,
      ]),
    );
    expect(mail.subject).toBe('Order paid: $7,400.00 for Hex Flange Bolt M8 <zinc & plated>');
  });
});

describe('origins and order records', () => {
  it('builds links from the origin alone and refuses anything but http(s)', async () => {
    expect(mailOrigin('https://parts.forgeline.test/some/path?x=1')).toBe(origin);
    expect(mailOrigin('http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    for (const bad of ['/dashboard', 'javascript:alert(1)', 'parts.forgeline.test', ''])
      expect(() => mailOrigin(bad)).toThrow(TypeError);
    const mail = await renderOrderMail('order.placed', order(), {
      origin: 'http://127.0.0.1:3000/',
      storeName,
    });
    expect(links(mail.html)).toContain(`http://127.0.0.1:3000/dashboard/payment/${id}`);
  });

  it('reads the mail data from an order document, with the pay-by time and no stale facts', () => {
    const createdAt = new Date('2026-12-02T09:30:00Z');
    const doc = {
      _id: new ObjectId(id),
      productId: new ObjectId(),
      userId: new ObjectId(),
      userName: 'Priya Raman',
      email: 'priya@example.com',
      quantity: 5000,
      name: 'Hex Flange Bolt M8',
      picture: '/images/products/hex-flange-bolt.webp',
      description: 'Bolts',
      minimumOrderQuantity: 500,
      availableQuantity: 10_000,
      unitPriceCents: 148,
      totalCents: 740_000,
      address: '14 Foundry Lane',
      phone: '01142345678',
      status: 'unpaid' as const,
      history: [{ status: 'unpaid' as const, at: createdAt, by: 'system' as const, note: null }],
      paid: false,
      createdAt,
    };
    const unpaid = orderMailData(doc, 48);
    expect(unpaid).toMatchObject({
      id,
      product: { name: 'Hex Flange Bolt M8', partNumber: null },
      purchaseOrderNumber: null,
      payBy: new Date('2026-12-04T09:30:00Z'),
      payment: null,
      shipment: null,
      cancellation: null,
    });
    const paidAt = new Date('2026-12-03T14:05:00Z');
    const paid = orderMailData(
      {
        ...doc,
        status: 'paid',
        paid: true,
        transactionId: 'pi_1',
        paidAt,
        sku: 'HB-M8',
        poNumber: '  PO-7 ',
      },
      48,
    );
    expect(paid.payment).toEqual({ transactionId: 'pi_1', paidAt, invoiceNumber: null });
    expect(paid.product.partNumber).toBe('HB-M8');
    expect(paid.purchaseOrderNumber).toBe('PO-7');
    const expired = orderMailData(
      { ...doc, status: 'cancelled', cancelledAt: paidAt, cancelReason: 'expired' },
      48,
    );
    expect(expired.cancellation).toEqual({ reason: 'expired', at: paidAt });
  });
});
