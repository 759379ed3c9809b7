import 'server-only';
import { randomUUID } from 'node:crypto';
import {
  CURRENCY,
  isStripeInvalidRequest,
  isStripeMissing,
  isStripeServerError,
  Stripe,
  stripeClient,
} from '@/lib/core/stripe';
import { formatMoney } from '@/lib/core/money';
import type { AccountInvoiceDoc, AccountInvoiceLineDoc } from './collections';
import { stripeLineDescription, stripeTaxId } from './rules';

/**
 * Invoices on account at Stripe Invoicing: the company's customer (one, with its tax id), the
 * invoice (`send_invoice`, due `netDays` after it is finalised, numbered by the store, the PO
 * number in a custom field, payable by US bank account and bank transfer to the customer's
 * balance), one invoice item per line, finalisation, voiding and marking paid out of band.
 *
 * Every call carries an idempotency key made of the store's own ids (the invoice, the line, the
 * company) and the invoice's `round` (see InvoiceSyncDoc): a retried call after a timeout finds
 * what the first one did, and a call after Stripe failed on its side (which Stripe remembers
 * under its key for a day) is made afresh.
 */

export type StripeInvoice = Stripe.Invoice;

/** The payment methods an invoice on account offers: ACH debit and bank transfer. */
export const INVOICE_PAYMENT_METHODS = ['us_bank_account', 'customer_balance'] as const;

/** A failed Stripe call, told apart the way the job needs: try again with new keys, or the same. */
export class StripeCallFailed extends Error {
  constructor(
    readonly step: string,
    readonly cause: unknown,
    /** Stripe answered an error of its own (5xx): its idempotency keys remember it. */
    readonly serverError: boolean,
  ) {
    super(`${step}: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

async function call<T>(step: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new StripeCallFailed(step, error, isStripeServerError(error));
  }
}

/** The key of one step of one invoice's push, in this round. */
export function invoiceKey(invoice: Pick<AccountInvoiceDoc, '_id' | 'sync'>, step: string): string {
  return `invoice-${invoice._id.toHexString()}-r${invoice.sync.round}-${step}`;
}

/**
 * What the company's Stripe customer is created and kept in step with: the company's name and
 * billing address, and its invoice recipients. Stripe Invoicing mails an invoice to the
 * customer's `email`: the first recipient; all of them are kept in the `invoiceRecipients`
 * metadata (Stripe's additional recipients are set in its Dashboard only).
 */
export function customerParams(input: {
  companyId: string;
  name: string;
  recipients: readonly string[];
  billingAddress: string;
}): Stripe.CustomerCreateParams & Stripe.CustomerUpdateParams {
  return {
    name: input.name.slice(0, 256),
    email: input.recipients[0] ?? '',
    // One free-text address: Stripe prints line1 and line2; the rest of the lines follow.
    address: addressLines(input.billingAddress),
    metadata: {
      companyId: input.companyId,
      invoiceRecipients: input.recipients.join(', ').slice(0, 500),
    },
  };
}

/** Gives the company's customer its name, address and recipients as they are now. */
export async function updateCustomer(
  customerId: string,
  params: Stripe.CustomerUpdateParams,
): Promise<void> {
  await call('customers.update', () => stripeClient().customers.update(customerId, params));
}

/**
 * Makes the customer's tax ids at Stripe the company's one (or none): the others are deleted,
 * the company's added when missing. Answers what became of it, or null without one.
 */
export async function syncCustomerTaxId(
  customerId: string,
  taxId: string | null,
): Promise<Awaited<ReturnType<typeof addCustomerTaxId>> | null> {
  const wanted = stripeTaxId(taxId);
  const known = await call('customers.listTaxIds', () =>
    stripeClient().customers.listTaxIds(customerId, { limit: 100 }),
  );
  const same = (one: Stripe.TaxId) =>
    wanted && one.type === wanted.type && one.value === wanted.value;
  for (const one of known.data) {
    if (same(one)) continue;
    await call('customers.deleteTaxId', () =>
      stripeClient().customers.deleteTaxId(customerId, one.id),
    );
  }
  if (!taxId) return null;
  if (known.data.some(same)) return wanted;
  // A retry lists again first, so a fresh key never adds it twice.
  return addCustomerTaxId(customerId, taxId, `customer-${customerId}-tax-id-${randomUUID()}`);
}

function addressLines(text: string): Stripe.AddressParam {
  const lines = text
    .split(/\r?\n|,\s*/)
    .map((line) => line.trim())
    .filter(Boolean);
  return {
    line1: lines[0] ?? text.slice(0, 200),
    ...(lines.length > 1 ? { line2: lines.slice(1).join(', ').slice(0, 200) } : {}),
  };
}

/**
 * Gives the customer the company's tax id: `{ type, value }` when Stripe took it, `{ refused }`
 * when the id has no format Stripe recognises here, or Stripe refused it (the invoice goes on
 * without it: the store's own pages print it).
 */
export async function addCustomerTaxId(
  customerId: string,
  taxId: string,
  idempotencyKey: string,
): Promise<{ value: string; type: string } | { value: string; refused: string }> {
  const known = stripeTaxId(taxId);
  if (!known)
    return { value: taxId, refused: 'not a format Stripe recognises (EU or UK VAT, US EIN)' };
  try {
    await stripeClient().customers.createTaxId(
      customerId,
      { type: known.type as Stripe.TaxIdCreateParams.Type, value: known.value },
      { idempotencyKey },
    );
    return known;
  } catch (error) {
    if (isStripeInvalidRequest(error)) {
      return { value: taxId, refused: error.message.slice(0, 200) };
    }
    throw new StripeCallFailed('customers.createTaxId', error, isStripeServerError(error));
  }
}

/** Creates the Stripe invoice of a local draft: a draft at Stripe too, with no items yet. */
export async function createStripeInvoice(
  invoice: AccountInvoiceDoc,
  customerId: string,
): Promise<StripeInvoice> {
  if (!invoice.number) throw new Error('An invoice is created at Stripe with its number.');
  return call('invoices.create', () =>
    stripeClient().invoices.create(
      {
        customer: customerId,
        currency: CURRENCY,
        collection_method: 'send_invoice',
        days_until_due: invoice.netDays,
        number: invoice.number!,
        auto_advance: false,
        pending_invoice_items_behavior: 'exclude',
        ...(invoice.poNumber
          ? { custom_fields: [{ name: 'PO number', value: invoice.poNumber.slice(0, 140) }] }
          : {}),
        payment_settings: {
          payment_method_types: [...INVOICE_PAYMENT_METHODS],
          payment_method_options: {
            customer_balance: {
              funding_type: 'bank_transfer',
              bank_transfer: { type: 'us_bank_transfer' },
            },
          },
        },
        metadata: { orderId: invoice.orderId.toHexString(), invoiceId: invoice._id.toHexString() },
      },
      { idempotencyKey: invoiceKey(invoice, 'create') },
    ),
  );
}

/** Adds one line of the invoice to its Stripe invoice, as one item of the line's amount. */
export async function addInvoiceItem(
  invoice: AccountInvoiceDoc,
  customerId: string,
  stripeInvoiceId: string,
  index: number,
  line: AccountInvoiceLineDoc,
): Promise<void> {
  await call(`invoiceItems.create #${index + 1}`, () =>
    stripeClient().invoiceItems.create(
      {
        customer: customerId,
        invoice: stripeInvoiceId,
        currency: CURRENCY,
        amount: line.totalCents,
        description: stripeLineDescription(line, formatMoney(line.unitPriceCents)),
        metadata: {
          orderId: invoice.orderId.toHexString(),
          invoiceId: invoice._id.toHexString(),
          line: String(index + 1),
        },
      },
      { idempotencyKey: invoiceKey(invoice, `item-${index}`) },
    ),
  );
}

/**
 * Finalises the Stripe invoice (it becomes `open`, with its hosted page, PDF and due date).
 * When Stripe refuses because it is finalised already (an earlier attempt's answer was lost),
 * the invoice as it is now is answered.
 */
export async function finalizeStripeInvoice(
  invoice: AccountInvoiceDoc,
  stripeInvoiceId: string,
): Promise<StripeInvoice> {
  try {
    return await stripeClient().invoices.finalizeInvoice(
      stripeInvoiceId,
      { auto_advance: false },
      { idempotencyKey: invoiceKey(invoice, 'finalize') },
    );
  } catch (error) {
    if (!isStripeInvalidRequest(error)) {
      throw new StripeCallFailed('invoices.finalizeInvoice', error, isStripeServerError(error));
    }
    const current = await call('invoices.retrieve', () =>
      stripeClient().invoices.retrieve(stripeInvoiceId),
    );
    if (current.status === 'draft') {
      throw new StripeCallFailed('invoices.finalizeInvoice', error, false);
    }
    return current;
  }
}

/**
 * Calls Stripe once with `key`, and once more with a fresh key after Stripe failed on its side
 * (it would answer the same key with the same failure for a day): for calls that Stripe itself
 * refuses to repeat (voiding, paying), so a second key cannot do the work twice.
 */
async function withFreshKeyAfterFailure<T>(
  step: string,
  key: string,
  run: (key: string) => Promise<T>,
): Promise<T> {
  try {
    return await run(key);
  } catch (error) {
    if (!isStripeServerError(error)) throw new StripeCallFailed(step, error, false);
  }
  return call(step, () => run(`${key}-after-failure-${randomUUID()}`));
}

/**
 * Voids the Stripe invoice: `voided`, or `paid` when Stripe says it is paid already (it can then
 * not be voided), `open` when Stripe refused for another reason and it is still open.
 */
export async function voidStripeInvoice(
  invoice: AccountInvoiceDoc,
  stripeInvoiceId: string,
): Promise<'voided' | 'paid' | 'open'> {
  try {
    await withFreshKeyAfterFailure('invoices.voidInvoice', `invoice-${invoice._id}-void`, (key) =>
      stripeClient().invoices.voidInvoice(stripeInvoiceId, {}, { idempotencyKey: key }),
    );
    return 'voided';
  } catch (error) {
    if (!(error instanceof StripeCallFailed) || error.serverError) throw error;
    if (!isStripeInvalidRequest(error.cause)) throw error;
  }
  const current = await retrieveStripeInvoice(stripeInvoiceId);
  if (!current || current.status === 'void') return 'voided';
  if (current.status === 'draft') {
    // Never finalised: a Stripe draft is never sent nor payable; delete it.
    await call('invoices.del', () => stripeClient().invoices.del(stripeInvoiceId)).catch(
      () => undefined,
    );
    return 'voided';
  }
  return current.status === 'paid' ? 'paid' : 'open';
}

/**
 * Marks the Stripe invoice paid out of band (a payment a store admin recorded): `marked`, or
 * `already` when Stripe has it paid (or voided) already.
 */
export async function markStripeInvoicePaid(
  invoice: AccountInvoiceDoc,
  stripeInvoiceId: string,
): Promise<'marked' | 'already'> {
  try {
    await withFreshKeyAfterFailure(
      'invoices.pay',
      `invoice-${invoice._id}-paid-out-of-band`,
      (key) =>
        stripeClient().invoices.pay(
          stripeInvoiceId,
          { paid_out_of_band: true },
          { idempotencyKey: key },
        ),
    );
    return 'marked';
  } catch (error) {
    if (!(error instanceof StripeCallFailed) || error.serverError) throw error;
    if (!isStripeInvalidRequest(error.cause)) throw error;
  }
  const current = await retrieveStripeInvoice(stripeInvoiceId);
  if (current && (current.status === 'paid' || current.status === 'void')) return 'already';
  throw new StripeCallFailed(
    'invoices.pay',
    new Error(`Stripe invoice is ${current?.status}`),
    false,
  );
}

/** The Stripe invoice, or null when Stripe has none with this id. */
export async function retrieveStripeInvoice(id: string): Promise<StripeInvoice | null> {
  try {
    return await stripeClient().invoices.retrieve(id);
  } catch (error) {
    if (isStripeMissing(error)) return null;
    throw new StripeCallFailed('invoices.retrieve', error, isStripeServerError(error));
  }
}

/** The bank account Stripe gives a customer for bank transfers (its funding instructions). */
export async function customerFundingInstructions(
  customerId: string,
): Promise<Stripe.FundingInstructions> {
  return call('funding instructions', () =>
    stripeClient().customers.createFundingInstructions(customerId, {
      funding_type: 'bank_transfer',
      bank_transfer: { type: 'us_bank_transfer' },
      currency: CURRENCY,
    }),
  );
}
