import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Actor } from '../support/users';

// A store without Stripe (no STRIPE_SECRET_KEY) still sells on account: the invoice job issues
// each invoice locally (open, due on the company's net days, no hosted page), mails it to the
// members who handle the company's invoices, and a store admin records the payments received
// (a cheque, a wire) or voids it.

vi.hoisted(() => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_WEBHOOK_SECRET;
  delete process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY;
  delete process.env.STRIPE_API_BASE;
});

const DAY = 24 * 60 * 60 * 1000;

const users = await import('../support/users');
const make = await import('../support/factories');
const { json } = await import('../support/orders');
const db = await import('../support/db');
const billing = await import('@/lib/billing');
const { collections: billingCollections } = await import('@/lib/billing/collections');
const companies = await import('@/lib/companies');
const terms = await import('@/lib/terms');
const { termsSchema } = await import('@/lib/terms/schemas');
const orders = await import('@/lib/orders');
const { settleBackgroundWork } = await import('@/lib/core/background');
const payRoute = await import('@/app/api/admin/invoices/[id]/payments/route');
const voidRoute = await import('@/app/api/admin/invoices/[id]/void/route');
const oneRoute = await import('@/app/api/invoices/[id]/route');

let admin: Actor;
let owner: Actor;
let buyer: Actor;
let accounts: Actor;
let companyId: string;

beforeAll(async () => {
  const actors = await Promise.all(
    ['Ada Admin', 'Olive Owner', 'Bea Buyer', 'Cal Accounts'].map(async (name, index) => {
      const actor = await users.createActor(index === 0 ? 'admin' : 'user', name);
      await make.verifyEmail(actor.user);
      return { ...actor, user: { ...actor.user, emailVerified: true } };
    }),
  );
  [admin, owner, buyer, accounts] = actors as [Actor, Actor, Actor, Actor];
  const company = await companies.createCompanyFor(owner.user, {
    name: 'Offline Works Ltd',
    taxId: 'GB123456789',
    billingAddress: '1 Ledger Row, Leeds',
  });
  companyId = company._id;
  for (const [member, role] of [
    [buyer, 'buyer'],
    [accounts, 'accounts'],
  ] as const) {
    await companies.adminAddCompanyMember(companyId, {
      email: member.user.email,
      role,
      approvalLimitCents: null,
    });
  }
  await terms.setCompanyTerms(
    admin.user,
    companyId as never,
    termsSchema.parse({
      mode: 'net',
      netDays: 45,
      creditLimitCents: 100_000_000,
      invoiceOn: 'order',
    }),
  );
});

afterAll(async () => {
  await settleBackgroundWork();
  await db.closeConnection();
});

async function orderOnAccount(): Promise<string> {
  const product = await make.makeProduct({ price: 3.1, availableQuantity: 100_000 });
  const id = await orders.placeOrderOfLines(
    buyer.user,
    {
      address: '12 Foundry Lane, Sheffield',
      phone: '01142345678',
      poNumber: 'PO-LOCAL',
      paymentMethod: 'account',
      lines: [{ productId: product._id, quantity: 1_000 }],
    },
    users.STORE_ORIGIN,
  );
  await settleBackgroundWork();
  await billing.runInvoiceJob();
  return id;
}

const invoiceOf = async (orderId: string) =>
  billingCollections(await db.getDb()).accountInvoices.findOne({ orderId: new ObjectId(orderId) });

const post = (
  route: typeof payRoute | typeof voidRoute,
  path: string,
  id: string,
  body?: unknown,
) =>
  json(
    route.POST(
      users.request(path, {
        method: 'POST',
        headers: admin.session,
        ...(body !== undefined ? { json: body } : {}),
      }),
      users.params({ id }),
    ),
  );

describe('without Stripe', () => {
  it('issues the invoice locally, due on the company’s net days, and mails it to its handlers', async () => {
    const orderId = await orderOnAccount();
    const invoice = await invoiceOf(orderId);
    expect(invoice).toMatchObject({ status: 'open', stripe: null, totalCents: 310_000 });
    expect(invoice!.number).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(invoice!.dueAt.getTime() - invoice!.issuedAt.getTime()).toBe(45 * DAY);
    const read = await json(
      oneRoute.GET(
        users.request(`/api/invoices/${invoice!._id}`, { headers: accounts.session }),
        users.params({ id: invoice!._id.toHexString() }),
      ),
    );
    expect(read.body).toMatchObject({ status: 'open', hostedInvoiceUrl: null, invoicePdf: null });

    // The "issued" mail went to the owner and the accounts member (not the buyer).
    const kinds = await billing.loadBillingMailKinds();
    const mail = await kinds['billing.invoice_issued']!(invoice!, {
      id: 'x',
      kind: 'billing.invoice_issued',
      to: accounts.user.email,
      origin: users.STORE_ORIGIN,
      createdAt: new Date(),
      attempts: 0,
    });
    expect(mail).toMatchObject({
      to: accounts.user.email,
      subject: expect.stringContaining(invoice!.number!),
    });
    expect(mail!.text).toContain('$3,100.00');
    expect(mail!.text).toContain(`/dashboard/invoices/${invoice!._id}`);
  });

  it('is paid by the payments a store admin records, and settles its order', async () => {
    const orderId = await orderOnAccount();
    const invoice = (await invoiceOf(orderId))!;
    const id = invoice._id.toHexString();
    const path = `/api/admin/invoices/${id}/payments`;
    const first = await post(payRoute, path, id, { amountCents: 100_000, reference: 'Cheque 1' });
    expect(first.body).toMatchObject({ status: 'open', openCents: 210_000 });
    expect((await orders.findOrder(orderId))!.paid).toBe(false);
    const last = await post(payRoute, path, id, { amountCents: 210_000, reference: 'Wire 2' });
    expect(last.body).toMatchObject({ status: 'paid', openCents: 0 });
    expect(await orders.findOrder(orderId)).toMatchObject({ paid: true });
    expect((await invoiceOf(orderId))!.settleOutcome).toBe('paid');
  });

  it('is voided by a store admin, its credit given back', async () => {
    const orderId = await orderOnAccount();
    const invoice = (await invoiceOf(orderId))!;
    const before = await terms.termsOfCompany(companyId);
    const id = invoice._id.toHexString();
    const voided = await post(voidRoute, `/api/admin/invoices/${id}/void`, id);
    expect(voided.body).toMatchObject({ status: 'void' });
    expect((await terms.termsOfCompany(companyId)).exposureCents).toBe(
      before.exposureCents - invoice.totalCents,
    );
  });
});
