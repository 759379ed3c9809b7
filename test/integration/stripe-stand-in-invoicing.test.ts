import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  payHostedInvoice,
  startStripeStandIn,
  startStripeWebhookReceiver,
  stripeFaultSwitch,
  type StripeStandIn,
  type StripeWebhookReceiver,
} from '../support/stripe';

// The Stripe stand-in (e2e/stand-ins/stripe.mjs) speaking Stripe Invoicing, customers, tax ids
// and bank transfers through the customer balance, driven by the real `stripe` SDK. Its
// webhooks go to a local endpoint that checks each `Stripe-Signature` with the SDK's
// `webhooks.constructEvent`, as the store does. Everything listens on 127.0.0.1 and is stopped
// at the end. The app is not involved: this proves the stand-in speaks Stripe's wire format.

let standIn: StripeStandIn;
let stripe: Stripe;
let receiver: StripeWebhookReceiver;
/** The same SDK without retries, for the fault switch's 500s. */
let once: Stripe;

beforeAll(async () => {
  receiver = await startStripeWebhookReceiver(new Stripe('sk_test_webhook_receiver'));
  ({ standIn, stripe } = await startStripeStandIn({ webhookUrl: receiver.url }));
  const base = new URL(standIn.url);
  once = new Stripe(standIn.env.STRIPE_SECRET_KEY, {
    host: base.hostname,
    port: Number(base.port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});

afterAll(async () => {
  await standIn?.stop();
  await receiver?.close();
});

/** The Stripe error a call fails with (fails the test if it succeeds). */
async function stripeError(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return error;
    throw error;
  }
  throw new Error('expected the call to fail with a Stripe error');
}

/** The first signed webhook of `type` about the object `objectId` that passes `match`. */
function webhook<T extends Stripe.Event>(
  type: T['type'],
  objectId: string,
  match: (object: T['data']['object']) => boolean = () => true,
): Promise<T> {
  return receiver.waitFor<T>((event) => {
    const object = event.data.object as { id?: string };
    return event.type === type && object.id === objectId && match(event.data.object);
  });
}

function newCustomer(companyId = `co-${randomUUID()}`): Promise<Stripe.Customer> {
  return stripe.customers.create({
    name: 'Acme Fabrication LLC',
    email: 'payables@acme.test',
    phone: '+15555550100',
    description: 'Company account',
    address: {
      line1: '100 Industrial Way',
      city: 'Dayton',
      state: 'OH',
      postal_code: '45402',
      country: 'US',
    },
    metadata: { companyId },
  });
}

describe('customers and tax ids', () => {
  it('creates, reads and updates a customer, with signed customer.created and customer.updated', async () => {
    const companyId = `co-${randomUUID()}`;
    const customer = await newCustomer(companyId);
    expect(customer).toMatchObject({
      object: 'customer',
      name: 'Acme Fabrication LLC',
      email: 'payables@acme.test',
      phone: '+15555550100',
      description: 'Company account',
      address: {
        line1: '100 Industrial Way',
        line2: null,
        city: 'Dayton',
        state: 'OH',
        postal_code: '45402',
        country: 'US',
      },
      metadata: { companyId },
      balance: 0,
      livemode: false,
      next_invoice_sequence: 1,
      tax_exempt: 'none',
    });
    expect(customer.id).toMatch(/^cus_/);
    expect(customer.invoice_prefix).toMatch(/^[A-Z0-9]{8}$/);
    expect(await stripe.customers.retrieve(customer.id)).toEqual(
      expect.objectContaining({ id: customer.id, name: customer.name }),
    );

    const updated = await stripe.customers.update(customer.id, {
      name: 'Acme Fabrication Inc.',
      metadata: { accountsEmail: 'ap@acme.test' },
    });
    expect(updated.name).toBe('Acme Fabrication Inc.');
    expect(updated.metadata).toEqual({ companyId, accountsEmail: 'ap@acme.test' });

    const created = await webhook<Stripe.CustomerCreatedEvent>('customer.created', customer.id);
    expect(created.data.object.metadata).toEqual({ companyId });
    const changed = await webhook<Stripe.CustomerUpdatedEvent>('customer.updated', customer.id);
    expect(changed.data.object.name).toBe('Acme Fabrication Inc.');
    expect(changed.data.previous_attributes).toMatchObject({ name: 'Acme Fabrication LLC' });
    expect(receiver.rejected).toBe(0);
  });

  it('adds tax ids, lists them, and refuses a malformed one or an unknown customer', async () => {
    const customer = await newCustomer();
    const ein = await stripe.customers.createTaxId(customer.id, {
      type: 'us_ein',
      value: '12-3456789',
    });
    expect(ein).toMatchObject({
      object: 'tax_id',
      type: 'us_ein',
      value: '12-3456789',
      country: 'US',
      customer: customer.id,
      owner: { type: 'customer', customer: customer.id },
      verification: null,
    });
    expect(ein.id).toMatch(/^txi_/);
    const vat = await stripe.customers.createTaxId(customer.id, {
      type: 'eu_vat',
      value: 'DE123456789',
    });
    expect(vat).toMatchObject({ country: 'DE', verification: { status: 'pending' } });

    const list = await stripe.customers.listTaxIds(customer.id);
    expect(list.data.map((taxId) => taxId.id)).toEqual([vat.id, ein.id]);
    const expanded = await stripe.customers.retrieve(customer.id, { expand: ['tax_ids'] });
    expect((expanded as Stripe.Customer).tax_ids?.data).toHaveLength(2);

    const malformed = await stripeError(
      stripe.customers.createTaxId(customer.id, { type: 'us_ein', value: '123' }),
    );
    expect(malformed).toMatchObject({ statusCode: 400, code: 'tax_id_invalid', param: 'value' });
    const unknown = await stripeError(
      stripe.customers.createTaxId('cus_nobody', { type: 'us_ein', value: '12-3456789' }),
    );
    expect(unknown).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    expect(unknown.message).toBe("No such customer: 'cus_nobody'");

    const event = await webhook<Stripe.CustomerTaxIdCreatedEvent>(
      'customer.tax_id.created',
      ein.id,
    );
    expect(event.data.object.value).toBe('12-3456789');
  });
});

describe('invoices', () => {
  it('finalizes a draft of 20 items: totals in integer cents, its number, a hosted page and a PDF', async () => {
    const customer = await newCustomer();
    await stripe.customers.createTaxId(customer.id, { type: 'us_ein', value: '98-7654321' });
    const number = `FL-${Date.now().toString(36).toUpperCase()}`;
    const draft = await stripe.invoices.create({
      customer: customer.id,
      collection_method: 'send_invoice',
      days_until_due: 30,
      auto_advance: false,
      number,
      currency: 'usd',
      description: 'Order 1042',
      footer: 'Thank you for your business.',
      custom_fields: [
        { name: 'PO number', value: 'PO-7781' },
        { name: 'Order', value: '1042' },
      ],
      pending_invoice_items_behavior: 'exclude',
      payment_settings: { payment_method_types: ['card', 'us_bank_account', 'customer_balance'] },
      metadata: { orderId: 'order-1042' },
    });
    expect(draft).toMatchObject({
      object: 'invoice',
      status: 'draft',
      number,
      customer: customer.id,
      customer_name: 'Acme Fabrication LLC',
      customer_tax_ids: [{ type: 'us_ein', value: '98-7654321' }],
      collection_method: 'send_invoice',
      hosted_invoice_url: null,
      invoice_pdf: null,
      amount_due: 0,
      amount_paid: 0,
      amount_remaining: 0,
      total: 0,
      custom_fields: [
        { name: 'PO number', value: 'PO-7781' },
        { name: 'Order', value: '1042' },
      ],
      payment_settings: {
        payment_method_types: ['card', 'us_bank_account', 'customer_balance'],
      },
      lines: { object: 'list', data: [], has_more: false, total_count: 0 },
    });
    expect(draft.due_date).toBe(draft.created + 30 * 86_400);

    // Ten items of a whole amount, ten of a quantity times a unit price with half a cent.
    const expected: { amount: number; quantity: number; description: string }[] = [];
    for (let index = 0; index < 20; index += 1) {
      const description = `Part P-${1000 + index}`;
      if (index % 2 === 0) {
        const amount = 19_999 + index;
        await stripe.invoiceItems.create({
          customer: customer.id,
          invoice: draft.id,
          currency: 'usd',
          amount,
          description,
          metadata: { line: String(index) },
        });
        expected.push({ amount, quantity: 1, description });
      } else {
        const unit = 1000 + index + 0.5;
        await stripe.invoiceItems.create({
          customer: customer.id,
          invoice: draft.id,
          quantity: index,
          unit_amount_decimal: Stripe.Decimal.from(String(unit)),
          description,
          metadata: { line: String(index) },
        });
        expected.push({ amount: Math.round(index * unit), quantity: index, description });
      }
    }
    const total = expected.reduce((sum, line) => sum + line.amount, 0);

    const filled = await stripe.invoices.retrieve(draft.id);
    expect(filled).toMatchObject({
      status: 'draft',
      subtotal: total,
      total,
      amount_due: total,
      amount_remaining: total,
    });
    for (const amount of [filled.subtotal, filled.total, filled.amount_due]) {
      expect(Number.isInteger(amount)).toBe(true);
    }
    // As Stripe: the invoice carries its first 10 lines; the rest are listed.
    expect(filled.lines.data).toHaveLength(10);
    expect(filled.lines).toMatchObject({ has_more: true, total_count: 20 });
    const lines = await stripe.invoices.listLineItems(draft.id).autoPagingToArray({ limit: 100 });
    expect(
      lines.map((line) => ({
        amount: line.amount,
        quantity: line.quantity,
        description: line.description,
      })),
    ).toEqual(expected);
    expect(lines[3]?.metadata).toEqual({ line: '3' });
    expect(lines[3]?.pricing?.unit_amount_decimal?.toString()).toBe('1003.5');
    expect(lines.every((line) => line.invoice === draft.id)).toBe(true);

    const open = await stripe.invoices.finalizeInvoice(draft.id);
    const finalizedAt = open.status_transitions.finalized_at ?? 0;
    expect(open).toMatchObject({
      status: 'open',
      number,
      total,
      amount_due: total,
      amount_remaining: total,
      hosted_invoice_url: `${standIn.url}/__stand-in/hosted-invoices/${draft.id}`,
      invoice_pdf: `${standIn.url}/__stand-in/invoice-pdfs/${draft.id}.pdf`,
    });
    expect(open.due_date).toBe(finalizedAt + 30 * 86_400);
    const finalized = await webhook<Stripe.InvoiceFinalizedEvent>('invoice.finalized', draft.id);
    expect(finalized.data.object).toMatchObject({ status: 'open', number, total });

    const page = await fetch(open.hosted_invoice_url ?? '');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain(`Invoice ${number}`);
    expect(html).toContain(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(total / 100),
    );
    expect(html).toMatch(/<button[^>]*>Pay /);

    const pdf = await fetch(open.invoice_pdf ?? '');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    expect(text).toContain(`Invoice ${number}`);
    expect(text).toContain('Part P-1000');

    const again = await stripeError(stripe.invoices.finalizeInvoice(draft.id));
    expect(again).toMatchObject({ statusCode: 400, code: 'invoice_not_editable' });
    expect(again.message).toBe(
      "This invoice is already finalized, you can't re-finalize a non-draft invoice.",
    );
    const late = await stripeError(
      stripe.invoiceItems.create({ customer: customer.id, invoice: draft.id, amount: 100 }),
    );
    expect(late).toMatchObject({ statusCode: 400, code: 'invoice_not_editable' });

    const listed = await stripe.invoices.list({ customer: customer.id, status: 'open' });
    expect(listed.data.map((invoice) => invoice.id)).toEqual([draft.id]);
    expect(await stripe.invoices.list({ customer: customer.id, status: 'draft' })).toMatchObject({
      data: [],
    });
  });

  it('refuses what Stripe refuses when an invoice is created', async () => {
    const customer = await newCustomer();
    const deprecated = await stripeError(
      stripe.invoices.create({
        customer: customer.id,
        payment_settings: { payment_method_types: ['card', 'ach_credit_transfer'] },
      }),
    );
    expect(deprecated).toMatchObject({
      statusCode: 400,
      param: 'payment_settings[payment_method_types][1]',
    });
    const fields = await stripeError(
      stripe.invoices.create({
        customer: customer.id,
        custom_fields: [1, 2, 3, 4, 5].map((n) => ({ name: `F${n}`, value: 'x' })),
      }),
    );
    expect(fields).toMatchObject({ statusCode: 400, param: 'custom_fields' });
    const undated = await stripeError(
      stripe.invoices.create({ customer: customer.id, collection_method: 'send_invoice' }),
    );
    expect(undated).toMatchObject({ statusCode: 400, param: 'days_until_due' });
    const unknown = await stripeError(
      stripe.invoices.create({
        customer: customer.id,
        shipping_speed: 'fast',
      } as Stripe.InvoiceCreateParams),
    );
    expect(unknown).toMatchObject({
      statusCode: 400,
      type: 'StripeInvalidRequestError',
      code: 'parameter_unknown',
      param: 'shipping_speed',
      message: 'Received unknown parameter: shipping_speed',
    });
    const nested = await stripeError(
      stripe.customers.create({
        address: { line1: '1 Main St', planet: 'Earth' } as Stripe.AddressParam,
      }),
    );
    expect(nested).toMatchObject({ code: 'parameter_unknown', param: 'address[planet]' });
    const nobody = await stripeError(stripe.invoices.create({ customer: 'cus_nobody' }));
    expect(nobody).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'customer' });
    const missingInvoice = await stripeError(stripe.invoices.retrieve('in_nothing'));
    expect(missingInvoice).toMatchObject({ statusCode: 404, code: 'resource_missing' });

    // A pending item joins the customer's next invoice only when asked to.
    const pending = await stripe.invoiceItems.create({ customer: customer.id, amount: 4_200 });
    expect(pending.invoice).toBeNull();
    const without = await stripe.invoices.create({ customer: customer.id });
    expect(without.lines).toMatchObject({ data: [], total_count: 0 });
    const withItems = await stripe.invoices.create({
      customer: customer.id,
      pending_invoice_items_behavior: 'include',
    });
    expect(withItems).toMatchObject({ total: 4_200, lines: { total_count: 1 } });
  });

  it('creates an invoice and its items idempotently', async () => {
    const customer = await newCustomer();
    const key = randomUUID();
    const params: Stripe.InvoiceCreateParams = {
      customer: customer.id,
      collection_method: 'send_invoice',
      days_until_due: 15,
      metadata: { orderId: 'order-idem' },
    };
    const first = await stripe.invoices.create(params, { idempotencyKey: key });
    const second = await stripe.invoices.create(params, { idempotencyKey: key });
    expect(second.id).toBe(first.id);
    expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
    const ofCustomer = await stripe.invoices.list({ customer: customer.id });
    expect(ofCustomer.data).toHaveLength(1);

    const other = await stripeError(
      stripe.invoices.create({ ...params, days_until_due: 30 }, { idempotencyKey: key }),
    );
    expect(other).toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' });
    expect(other.message).toContain('Keys for idempotent requests can only be used with the same');

    const itemKey = randomUUID();
    const item = { customer: customer.id, invoice: first.id, amount: 12_345 };
    const a = await stripe.invoiceItems.create(item, { idempotencyKey: itemKey });
    const b = await stripe.invoiceItems.create(item, { idempotencyKey: itemKey });
    expect(b.id).toBe(a.id);
    expect(await stripe.invoices.retrieve(first.id)).toMatchObject({
      total: 12_345,
      lines: { total_count: 1 },
    });
  });

  it('voids an open invoice once (a void invoice cannot be paid) and deletes a draft', async () => {
    const customer = await newCustomer();
    const invoice = await stripe.invoices.create({
      customer: customer.id,
      collection_method: 'send_invoice',
      days_until_due: 30,
    });
    await stripe.invoiceItems.create({ customer: customer.id, invoice: invoice.id, amount: 5_000 });
    const draftVoid = await stripeError(stripe.invoices.voidInvoice(invoice.id));
    expect(draftVoid).toMatchObject({ statusCode: 400, code: 'status_transition_invalid' });
    await stripe.invoices.finalizeInvoice(invoice.id);

    const voided = await stripe.invoices.voidInvoice(invoice.id);
    expect(voided.status).toBe('void');
    expect(voided.status_transitions.voided_at).toEqual(expect.any(Number));
    const event = await webhook<Stripe.InvoiceVoidedEvent>('invoice.voided', invoice.id);
    expect(event.data.object.status).toBe('void');

    const twice = await stripeError(stripe.invoices.voidInvoice(invoice.id));
    expect(twice).toMatchObject({ statusCode: 400, code: 'status_transition_invalid' });
    const paid = await stripeError(stripe.invoices.pay(invoice.id, { paid_out_of_band: true }));
    expect(paid).toMatchObject({ statusCode: 400, code: 'status_transition_invalid' });
    await expect(payHostedInvoice(standIn.url, invoice.id)).rejects.toThrow(/void/);

    // A draft is deleted instead, with its items; a finalized invoice cannot be.
    const notDeleted = await stripeError(stripe.invoices.del(invoice.id));
    expect(notDeleted).toMatchObject({ statusCode: 400, code: 'invoice_not_editable' });
    const draft = await stripe.invoices.create({ customer: customer.id });
    const item = await stripe.invoiceItems.create({
      customer: customer.id,
      invoice: draft.id,
      amount: 700,
    });
    expect(await stripe.invoices.del(draft.id)).toMatchObject({
      id: draft.id,
      object: 'invoice',
      deleted: true,
    });
    await webhook<Stripe.InvoiceDeletedEvent>('invoice.deleted', draft.id);
    expect(await stripeError(stripe.invoices.retrieve(draft.id))).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    expect(await stripeError(stripe.invoiceItems.retrieve(item.id))).toMatchObject({
      statusCode: 404,
    });
  });

  it('sends, marks uncollectible, then records a payment out of band', async () => {
    const customer = await newCustomer();
    const invoice = await stripe.invoices.create({
      customer: customer.id,
      collection_method: 'send_invoice',
      days_until_due: 45,
    });
    await stripe.invoiceItems.create({
      customer: customer.id,
      invoice: invoice.id,
      amount: 75_000,
    });
    // Sending a draft finalizes it first, as Stripe does.
    const sent = await stripe.invoices.sendInvoice(invoice.id);
    expect(sent.status).toBe('open');
    await webhook<Stripe.InvoiceSentEvent>('invoice.sent', invoice.id);

    const bad = await stripe.invoices.markUncollectible(invoice.id);
    expect(bad.status).toBe('uncollectible');
    await webhook<Stripe.InvoiceMarkedUncollectibleEvent>(
      'invoice.marked_uncollectible',
      invoice.id,
    );

    const paid = await stripe.invoices.pay(invoice.id, { paid_out_of_band: true });
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 75_000, amount_remaining: 0 });
    const event = await webhook<Stripe.InvoicePaidEvent>('invoice.paid', invoice.id);
    expect(event.data.object.status_transitions.paid_at).toEqual(expect.any(Number));
  });

  it('is paid on the hosted page in two parts after a declined card, with signed events', async () => {
    const customer = await newCustomer();
    const invoice = await stripe.invoices.create({
      customer: customer.id,
      collection_method: 'send_invoice',
      days_until_due: 30,
    });
    await stripe.invoiceItems.create({
      customer: customer.id,
      invoice: invoice.id,
      amount: 30_000,
    });
    await stripe.invoiceItems.create({
      customer: customer.id,
      invoice: invoice.id,
      amount: 12_500,
    });
    await stripe.invoices.finalizeInvoice(invoice.id);

    const declined = await payHostedInvoice(standIn.url, invoice.id, { fail: true });
    expect(declined).toMatchObject({ status: 'open', amount_paid: 0, attempt_count: 1 });
    await webhook<Stripe.InvoicePaymentFailedEvent>('invoice.payment_failed', invoice.id);

    const part = await payHostedInvoice(standIn.url, invoice.id, { amount: 10_000 });
    expect(part).toMatchObject({ status: 'open', amount_paid: 10_000, amount_remaining: 32_500 });
    await expect(payHostedInvoice(standIn.url, invoice.id, { amount: 40_000 })).rejects.toThrow(
      /400/,
    );

    const rest = await payHostedInvoice(standIn.url, invoice.id);
    expect(rest).toMatchObject({ status: 'paid', amount_paid: 42_500, amount_remaining: 0 });
    const event = await webhook<Stripe.InvoicePaidEvent>('invoice.paid', invoice.id);
    expect(event.data.object).toMatchObject({ status: 'paid', amount_paid: 42_500 });
    expect(event.data.object.status_transitions.paid_at).toEqual(expect.any(Number));
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({
      status: 'paid',
      amount_paid: 42_500,
    });
    await expect(payHostedInvoice(standIn.url, invoice.id)).rejects.toThrow(/already paid/);
    expect(receiver.rejected).toBe(0);

    // The page's own form: a post answered with a redirect back to the page, now paid.
    const other = await stripe.invoices.create({
      customer: customer.id,
      collection_method: 'send_invoice',
      days_until_due: 30,
    });
    await stripe.invoiceItems.create({ customer: customer.id, invoice: other.id, amount: 999 });
    const { hosted_invoice_url: pageUrl } = await stripe.invoices.finalizeInvoice(other.id);
    const posted = await fetch(`${pageUrl}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'amount=',
      redirect: 'manual',
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(`/__stand-in/hosted-invoices/${other.id}`);
    expect(await (await fetch(pageUrl ?? '')).text()).toContain('This invoice is paid.');
  });
});

describe('bank transfers through the customer balance', () => {
  it('a $2,500,000.00 intent shows bank instructions and is funded in two transfers', async () => {
    const customer = await newCustomer();
    // The card maximum stays for card intents.
    const card = await stripeError(
      stripe.paymentIntents.create({ amount: 250_000_000, currency: 'usd' }),
    );
    expect(card).toMatchObject({ statusCode: 400, code: 'amount_too_large' });

    const intent = await stripe.paymentIntents.create({
      amount: 250_000_000,
      currency: 'usd',
      customer: customer.id,
      description: 'Order 2001',
      metadata: { orderId: 'order-2001' },
      // This API version's name for the types a payment may use (`payment_method_types` before).
      allowed_payment_method_types: ['customer_balance'],
      payment_method_data: { type: 'customer_balance' },
      payment_method_options: {
        customer_balance: {
          funding_type: 'bank_transfer',
          bank_transfer: { type: 'us_bank_transfer' },
        },
      },
      confirm: true,
    });
    expect(intent).toMatchObject({
      status: 'requires_action',
      customer: customer.id,
      allowed_payment_method_types: ['customer_balance'],
      payment_method_types: ['customer_balance'],
      payment_method_options: {
        customer_balance: {
          funding_type: 'bank_transfer',
          bank_transfer: { type: 'us_bank_transfer' },
        },
      },
    });
    expect(intent.next_action?.type).toBe('display_bank_transfer_instructions');
    const instructions = intent.next_action?.display_bank_transfer_instructions;
    expect(instructions).toMatchObject({
      amount_remaining: 250_000_000,
      currency: 'usd',
      type: 'us_bank_transfer',
      financial_addresses: [
        {
          type: 'aba',
          supported_networks: ['ach', 'domestic_wire_us'],
          aba: {
            account_number: expect.stringMatching(/^\d{6,17}$/),
            bank_name: expect.any(String),
            routing_number: expect.stringMatching(/^\d{9}$/),
          },
        },
      ],
    });
    const reference = instructions?.reference ?? '';
    expect(reference).toMatch(/^[A-Z0-9]{8,}$/);
    const page = await fetch(instructions?.hosted_instructions_url ?? '');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(reference);

    const funded = await stripe.testHelpers.customers.fundCashBalance(customer.id, {
      amount: 100_000_000,
      currency: 'usd',
      reference,
    });
    expect(funded).toMatchObject({
      object: 'customer_cash_balance_transaction',
      type: 'funded',
      net_amount: 100_000_000,
      funded: { bank_transfer: { reference, type: 'us_bank_transfer' } },
    });
    const partial = await webhook<Stripe.PaymentIntentPartiallyFundedEvent>(
      'payment_intent.partially_funded',
      intent.id,
    );
    expect(partial.data.object.status).toBe('requires_action');
    expect(partial.data.object.next_action?.display_bank_transfer_instructions).toMatchObject({
      amount_remaining: 150_000_000,
    });

    await stripe.testHelpers.customers.fundCashBalance(customer.id, {
      amount: 150_000_000,
      currency: 'usd',
    });
    const succeeded = await webhook<Stripe.PaymentIntentSucceededEvent>(
      'payment_intent.succeeded',
      intent.id,
    );
    expect(succeeded.data.object).toMatchObject({
      status: 'succeeded',
      amount: 250_000_000,
      amount_received: 250_000_000,
      metadata: { orderId: 'order-2001' },
    });
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({
      status: 'succeeded',
      next_action: null,
    });
    expect(await stripe.customers.retrieveCashBalance(customer.id)).toMatchObject({
      available: { usd: 0 },
    });
  });

  it('cash pays an open invoice that takes customer_balance when no intent waits for it', async () => {
    const customer = await newCustomer();
    const cardOnly = await stripe.invoices.create({
      customer: customer.id,
      collection_method: 'send_invoice',
      days_until_due: 30,
      payment_settings: { payment_method_types: ['card'] },
    });
    await stripe.invoiceItems.create({ customer: customer.id, invoice: cardOnly.id, amount: 500 });
    await stripe.invoices.finalizeInvoice(cardOnly.id);
    const invoice = await stripe.invoices.create({
      customer: customer.id,
      collection_method: 'send_invoice',
      days_until_due: 30,
      payment_settings: {
        payment_method_types: ['customer_balance'],
        payment_method_options: {
          customer_balance: {
            funding_type: 'bank_transfer',
            bank_transfer: { type: 'us_bank_transfer' },
          },
        },
      },
    });
    await stripe.invoiceItems.create({
      customer: customer.id,
      invoice: invoice.id,
      amount: 120_000_000,
    });
    await stripe.invoices.finalizeInvoice(invoice.id);

    await stripe.testHelpers.customers.fundCashBalance(customer.id, {
      amount: 20_000_000,
      currency: 'usd',
    });
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({
      status: 'open',
      amount_paid: 20_000_000,
      amount_remaining: 100_000_000,
    });
    await stripe.testHelpers.customers.fundCashBalance(customer.id, {
      amount: 100_000_100,
      currency: 'usd',
    });
    const paid = await webhook<Stripe.InvoicePaidEvent>('invoice.paid', invoice.id);
    expect(paid.data.object).toMatchObject({ status: 'paid', amount_paid: 120_000_000 });
    // The card-only invoice is left alone; the extra 100 cents wait in the balance.
    expect(await stripe.invoices.retrieve(cardOnly.id)).toMatchObject({ status: 'open' });
    expect(await stripe.customers.retrieveCashBalance(customer.id)).toMatchObject({
      available: { usd: 100 },
    });
  });
});

describe('the fault switch', () => {
  it('narrowed by companyId fails only the requests about that company', async () => {
    const companyA = `co-${randomUUID()}`;
    const companyB = `co-${randomUUID()}`;
    const a = await newCustomer(companyA);
    const b = await newCustomer(companyB);
    const invoiceA = await stripe.invoices.create({ customer: a.id });
    standIn.failRequests({ mode: 'error', companyId: companyA });
    try {
      expect((await once.customers.retrieve(b.id)).id).toBe(b.id);
      expect((await once.invoices.create({ customer: b.id })).customer).toBe(b.id);
      for (const call of [
        once.customers.retrieve(a.id),
        once.invoices.create({ customer: a.id }),
        once.invoices.finalizeInvoice(invoiceA.id),
        once.invoiceItems.create({ customer: a.id, amount: 100 }),
        once.testHelpers.customers.fundCashBalance(a.id, { amount: 100, currency: 'usd' }),
      ]) {
        expect(await stripeError(call)).toMatchObject({ statusCode: 500, type: 'StripeAPIError' });
      }
      expect(standIn.faultStatus()).toMatchObject({ companyId: companyA, orderId: null });
    } finally {
      standIn.clearFaults();
    }
    expect((await once.invoices.finalizeInvoice(invoiceA.id)).status).toBe('paid');

    // The same over HTTP, as a test in another process would, counted.
    const faults = stripeFaultSwitch(standIn.url);
    const before = (await faults.status()).failed;
    expect(await faults.fail({ mode: 'error', companyId: companyB, count: 1 })).toMatchObject({
      companyId: companyB,
      remaining: 1,
    });
    await stripeError(once.customers.update(b.id, { description: 'x' }));
    expect((await once.customers.update(b.id, { description: 'y' })).description).toBe('y');
    expect(await faults.status()).toMatchObject({ mode: null, failed: before + 1 });

    // orderId narrowing catches an invoice by its metadata[orderId]: creating it, any call on
    // it, an item added to it.
    const orderInvoice = await once.invoices.create({
      customer: b.id,
      metadata: { orderId: 'order-faulty' },
    });
    await faults.fail({ mode: 'error', orderId: 'order-faulty' });
    try {
      for (const call of [
        once.invoices.create({ customer: b.id, metadata: { orderId: 'order-faulty' } }),
        once.invoices.retrieve(orderInvoice.id),
        once.invoiceItems.create({ customer: b.id, invoice: orderInvoice.id, amount: 100 }),
      ]) {
        expect(await stripeError(call)).toMatchObject({ statusCode: 500 });
      }
      const fine = await once.invoices.create({
        customer: b.id,
        metadata: { orderId: 'order-fine' },
      });
      expect(fine.status).toBe('draft');
    } finally {
      await faults.clear();
    }
    expect((await once.invoices.retrieve(orderInvoice.id)).lines).toMatchObject({ total_count: 0 });
  });
});
