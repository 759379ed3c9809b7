import 'server-only';
import { ObjectId } from 'mongodb';
import { paymentsConfigured } from '@/lib/core/stripe';
import { knownStripeCustomer } from '@/lib/core/stripe-customers';
import { bankAccountOf } from '@/lib/orders';
import type { BankAccountDetails } from '@/lib/orders/shared';
import { findBillingCustomer, saveBankDetails } from './store';
import { customerFundingInstructions } from './stripe';
import { errorText, logger } from '@/lib/core/log';

/**
 * The bank account a company sends its transfers to, for an invoice's page: the funding
 * instructions of its Stripe customer (a virtual account of its own, so that Stripe matches
 * what arrives to the company and applies it to its open invoices), read from Stripe the first
 * time and kept. Null without Stripe, before the company's first invoice reached Stripe, or
 * while Stripe cannot be reached (the page then points to the hosted payment page alone).
 */
export async function companyBankDetails(companyId: string): Promise<BankAccountDetails[] | null> {
  if (!paymentsConfigured()) return null;
  const account = await findBillingCustomer(new ObjectId(companyId));
  if (account?.bankDetails?.length) return account.bankDetails;
  const customerId = await knownStripeCustomer(`company:${companyId}`);
  if (!customerId) return null;
  try {
    const instructions = await customerFundingInstructions(customerId);
    const details = instructions.bank_transfer.financial_addresses.map(bankAccountOf);
    if (details.length) await saveBankDetails(new ObjectId(companyId), details);
    return details.length ? details : null;
  } catch (error) {
    logger.error(`[billing] no bank details for company ${companyId}: ${errorText(error)}`);
    return null;
  }
}
