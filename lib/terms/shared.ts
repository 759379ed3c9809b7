/**
 * The client-safe face of lib/terms (paying on account): the rules of due dates, aging, holds,
 * credit and reminders, which pages and the server share. Nothing here imports server-only code.
 */
export * from './rules';

/** A company's payment terms as the store admin's page and the API show them. */
export interface TermsView {
  mode: 'prepay' | 'net';
  netDays: import('./rules').NetDays | null;
  creditLimitCents: number | null;
  invoiceOn: import('./rules').InvoiceMoment;
  holdAfterDaysOverdue: number;
  /** What the company owes and has on order on account, in cents. */
  exposureCents: number;
  /** The credit left, in cents (0 on prepay). */
  availableCents: number;
  onHold: boolean;
}
