import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipients, startSmtpServer, type SmtpServer } from '../support/smtp';
import type { Actor } from '../support/users';

// The documents of an order of many lines, against the real engine and a real SMTP server:
// the "placed" mail of a 25-line order as the outbox sends it (20 lines, "and 5 more", a link
// to the order page), and the invoice of a paid order of several lines (every line, with its
// part number). The environment is set before any app module is imported (lib/core/env reads
// it once); card payments are recorded with the factories' payOrder.

const TRUSTED = 'https://parts.forgeline.test';

let smtp: SmtpServer;
let make: typeof import('../support/factories');
let users: typeof import('../support/users');
let db: typeof import('../support/db');
let background: typeof import('@/lib/core/background');
let orders: typeof import('@/lib/orders');
let invoices: typeof import('@/lib/invoices');
let userData: typeof import('@/lib/accounts/store/users');
let buyer: Actor;

beforeAll(async () => {
  smtp = await startSmtpServer();
  for (const name of [
    'STRIPE_SECRET_KEY',
    'NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_API_BASE',
  ]) {
    delete process.env[name];
  }
  Object.assign(process.env, {
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Forgeline Parts <orders@forgeline.test>',
    ORDERS_TO: 'Order desk <desk@forgeline.test>',
    AUTH_URL: TRUSTED,
    MAX_UNPAID_ORDERS: '100',
  });
  make = await import('../support/factories');
  users = await import('../support/users');
  db = await import('../support/db');
  background = await import('@/lib/core/background');
  orders = await import('@/lib/orders');
  invoices = await import('@/lib/invoices');
  userData = await import('@/lib/accounts/store/users');
  buyer = await users.createActor('user', 'Priya Raman');
  await userData.markEmailVerified(buyer.user.id, buyer.user.email);
});

afterAll(async () => {
  await background?.settleBackgroundWork();
  await smtp?.close();
  await db?.closeConnection();
});

/** `count` products of their own, part numbers `<prefix>-01`, `<prefix>-02`, ... */
async function products(count: number, prefix: string) {
  const made = [];
  for (let n = 1; n <= count; n += 1) {
    made.push(
      await make.makeProduct({
        name: `Socket screw ${prefix} item ${n}`,
        sku: `${prefix}-${String(n).padStart(2, '0')}`,
        price: 0.5,
        minimumOrderQuantity: 500,
        availableQuantity: 10_000,
      }),
    );
  }
  return made;
}

describe('an order of 25 lines', () => {
  it('is mailed once, listing 20 lines, "and 5 more" and a link to the order page', async () => {
    const parts = await products(25, 'MAIL25');
    const id = await orders.placeOrderOfLines(
      // As the session reads the account now: its email verified in beforeAll.
      { ...buyer.user, emailVerified: true },
      {
        lines: parts.map((product, index) => ({
          productId: product._id,
          quantity: 500 + 10 * index,
        })),
        address: '14 Foundry Lane, Sheffield',
        phone: '01142345678',
      },
      TRUSTED,
    );
    await background.settleBackgroundWork();

    const mails = smtp.messages.filter((mail) => mail.text?.includes(id));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(recipients(mail!)).toEqual([buyer.user.email.toLowerCase()]);
    expect(mail!.subject).toContain('Socket screw MAIL25 item 1 and 24 more parts');
    for (const version of [mail!.text!, mail!.html as string]) {
      for (const product of parts.slice(0, 20)) expect(version).toContain(product.sku);
      for (const product of parts.slice(20)) expect(version).not.toContain(product.sku);
      expect(version).toContain('and 5 more lines');
      expect(version).toContain(`${TRUSTED}/dashboard/order/${id}`);
    }
    expect(mail!.text).toContain('we have reserved 25 parts (15,500 units) for you');
  });
});

describe('the invoice of an order of several lines', () => {
  it('lists every line with its part number, quantity and amount', async () => {
    const parts = await products(3, 'INV3');
    const order = await make.makeOrderOfLines(
      buyer.user,
      parts.map((product, index) => ({ product, quantity: 500 * (index + 1) })),
      { paidWith: 'pi_lines_invoice_1' },
    );
    const { fileName, pdf } = await invoices.invoiceFor(buyer.user, order._id);
    expect(fileName).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), {
      mergePages: true,
    });
    for (const [index, product] of parts.entries()) {
      expect(text).toContain(`${product.sku} Socket screw INV3 item ${index + 1}`);
      expect(text).toContain(`${(500 * (index + 1)).toLocaleString('en-US')} $0.50`);
    }
    expect(text).toContain('Total (USD) $1,500.00');
  });
});
