import 'server-only';
import type { Stripe } from '@/lib/core/stripe';
import type { BankAccountDetails, BankTransferInstructions } from './bank-transfer-shared';
import { findUserById } from '@/lib/accounts';
import { fundedHoldUntil } from './rules';
import { findOrder, recordBankTransferFunding } from './store';
import type { PaymentIntent } from './stripe';

/**
 * Bank-transfer PaymentIntents as Stripe describes them (lib/orders/bank-transfer.ts makes
 * them): which intents they are, their instructions, and what a partial funding report records.
 */

/** Whether a PaymentIntent is a bank transfer's (customer balance) rather than a card's. */
export function isBankTransferIntent(
  intent: Pick<PaymentIntent, 'allowed_payment_method_types'>,
): boolean {
  return intent.allowed_payment_method_types?.includes('customer_balance') ?? false;
}

/** The instructions of a bank-transfer intent, or null while Stripe shows none. */
export function instructionsOf(intent: PaymentIntent): BankTransferInstructions | null {
  const shown =
    intent.next_action?.type === 'display_bank_transfer_instructions'
      ? intent.next_action.display_bank_transfer_instructions
      : null;
  if (!shown) return null;
  return {
    amountRemainingCents: shown.amount_remaining ?? intent.amount,
    amountCents: intent.amount,
    currency: shown.currency ?? intent.currency,
    reference: shown.reference,
    hostedInstructionsUrl: shown.hosted_instructions_url,
    accounts: (shown.financial_addresses ?? []).map(bankAccountOf),
  };
}

/** One bank account of Stripe's instructions (an intent's, or a customer's funding instructions). */
export function bankAccountOf(
  address:
    | Stripe.PaymentIntent.NextAction.DisplayBankTransferInstructions.FinancialAddress
    | Stripe.FundingInstructions.BankTransfer.FinancialAddress,
): BankAccountDetails {
  const aba = address.aba;
  const swift = address.swift;
  return {
    type: address.type,
    bankName: aba?.bank_name ?? swift?.bank_name ?? null,
    accountHolderName: aba?.account_holder_name ?? swift?.account_holder_name ?? null,
    accountNumber: aba?.account_number ?? swift?.account_number ?? null,
    routingNumber: aba?.routing_number ?? null,
    swiftCode: swift?.swift_code ?? null,
    networks: [...(address.supported_networks ?? [])],
  };
}

/**
 * `payment_intent.partially_funded`: records what is still to arrive on the order the intent
 * pays (its own intent, unpaid), so the payment page shows the remainder, and holds a verified
 * placer's order for the rest to arrive (`fundedHoldUntil`). Answers whether it was recorded.
 */
export async function applyPartialFunding(
  intent: PaymentIntent,
  at: Date,
): Promise<'recorded' | 'ignored'> {
  const orderId = intent.metadata?.orderId;
  const remaining =
    intent.next_action?.type === 'display_bank_transfer_instructions'
      ? intent.next_action.display_bank_transfer_instructions?.amount_remaining
      : null;
  if (!orderId || typeof remaining !== 'number') return 'ignored';
  const order = await findOrder(orderId);
  if (!order) return 'ignored';
  const placer = order.userId ? await findUserById(order.userId) : null;
  const holdUntil = fundedHoldUntil(placer, at);
  return (await recordBankTransferFunding(orderId, intent.id, remaining, at, holdUntil))
    ? 'recorded'
    : 'ignored';
}
