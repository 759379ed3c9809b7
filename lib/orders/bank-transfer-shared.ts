/** The client-safe shapes of a bank transfer (lib/orders/bank-transfer.ts), for pages and forms. */

/** One bank account to send the transfer to, as Stripe gives it. */
export interface BankAccountDetails {
  /** `aba` (a US account: routing and account number) or `swift` (an international wire). */
  type: string;
  bankName: string | null;
  accountHolderName: string | null;
  accountNumber: string | null;
  routingNumber: string | null;
  swiftCode: string | null;
  /** The networks that reach it: `ach`, `domestic_wire_us`, `swift`. */
  networks: string[];
}

/** What the payer needs to send the transfer. */
export interface BankTransferInstructions {
  /** What is still to arrive, in cents (the whole amount until something arrived). */
  amountRemainingCents: number;
  amountCents: number;
  currency: string;
  /** To quote in the transfer, so that it is matched to this order. */
  reference: string | null;
  /** Stripe's own page of the same instructions. */
  hostedInstructionsUrl: string | null;
  accounts: BankAccountDetails[];
}
