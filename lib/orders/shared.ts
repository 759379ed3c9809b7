/**
 * The client-safe public face of lib/orders for components: labels, pure rules and formatting, light enough for any page.
 * Nothing here imports server-only code.
 */
export * from './lifecycle';
export type { BankAccountDetails, BankTransferInstructions } from './bank-transfer-shared';
