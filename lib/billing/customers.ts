import 'server-only';
import { ObjectId } from 'mongodb';
import { companyBillingParty, companyEmailsWithActions } from '@/lib/companies';
import { wakeJob } from '@/lib/core/jobs';
import { errorText, logger } from '@/lib/core/log';
import { paymentsConfigured, stripeUnavailable } from '@/lib/core/stripe';
import {
  customerInStep,
  onPayerChanged,
  stalePayers,
  stripeCustomerFor,
} from '@/lib/core/stripe-customers';
import { INVOICE_ACTIONS } from './rules';
import { INVOICE_JOB } from './settle';
import { saveCustomerTaxId } from './store';
import { customerParams, StripeCallFailed, syncCustomerTaxId, updateCustomer } from './stripe';

/**
 * The company's Stripe customer belongs to the company: it is made from the company (its name,
 * billing address and tax id) with its invoice recipients (its accounts members, else its
 * owners), whichever member or job first needs it (a bank transfer's intent, an invoice on
 * account), and never carries a member's own name. It is kept in step with the company: when
 * its profile or its members change (lib/companies marks it, `payerChanged`), the invoice job
 * updates it at Stripe, and every use first compares what it would send with what was sent
 * last (`customerInStep`), so an invoice is never issued to a stale address.
 */

/** The company's invoice recipients: its accounts members, else its owners (longest-standing first). */
export async function invoiceRecipients(companyId: string): Promise<string[]> {
  const [handlers, owners] = await Promise.all([
    companyEmailsWithActions(companyId, INVOICE_ACTIONS),
    companyEmailsWithActions(companyId, ['manageCompany']),
  ]);
  const ownerEmails = new Set(owners);
  const accounts = handlers.filter((email) => !ownerEmails.has(email));
  return accounts.length > 0 ? accounts : owners;
}

/** What the company's customer is to say now; null when the company is gone. */
async function companyProfile(companyId: string) {
  const party = await companyBillingParty(companyId);
  if (!party) return null;
  const recipients = await invoiceRecipients(party.id);
  return {
    params: customerParams({
      companyId: party.id,
      name: party.name,
      recipients,
      billingAddress: party.billingAddress,
    }),
    taxId: party.taxId,
  };
}

/**
 * The company's Stripe customer id, made from the company the first time and brought in step
 * with it (name, address, recipients, tax id) whenever it changed since it was last told.
 * Throws when Stripe fails (a `StripeCallFailed`, or the kernel's refusal on creating).
 */
export async function companyStripeCustomer(companyId: string): Promise<string> {
  const profile = await companyProfile(companyId);
  if (!profile) throw new Error(`The company ${companyId} is gone.`);
  const key = `company:${companyId}`;
  const customerId = await stripeCustomerFor(key, () => profile.params);
  await customerInStep(key, customerId, profile, async () => {
    await updateCustomer(customerId, profile.params);
    const taxId = await syncCustomerTaxId(customerId, profile.taxId);
    if (taxId) await saveCustomerTaxId(new ObjectId(companyId), customerId, taxId);
  });
  return customerId;
}

/**
 * The company's customer for a payment a member asked for (a bank transfer's intent): as
 * `companyStripeCustomer`, Stripe's failure a 502 a person can read.
 */
export async function companyCustomerForPayment(companyId: string): Promise<string> {
  try {
    return await companyStripeCustomer(companyId);
  } catch (error) {
    if (error instanceof StripeCallFailed) throw stripeUnavailable(error.cause);
    throw error;
  }
}

/** The invoice job's part: brings every company customer marked stale in step (up to 50). */
export async function syncStaleCompanyCustomers(): Promise<number> {
  // Without Stripe they stay marked, and follow once it is configured again.
  if (!paymentsConfigured()) return 0;
  let synced = 0;
  for (const key of await stalePayers('company', 50)) {
    const companyId = key.slice('company:'.length);
    try {
      await companyStripeCustomer(companyId);
      synced += 1;
    } catch (error) {
      // Tried again on the next run.
      logger.warn(
        `[billing] the Stripe customer of ${key} is not in step yet: ${errorText(error)}`,
      );
    }
  }
  return synced;
}

// A change of a company (lib/companies) wakes the invoice job, which brings its customer in step.
onPayerChanged('company', () => wakeJob(INVOICE_JOB));
