/**
 * Money is integer cents inside the storefront: documents store cents and every amount is
 * computed in cents. Data objects and the API carry dollars (two decimals at most), converted
 * only at that edge with `toCents` and `centsToDollars`. Every amount a person reads is written
 * by `formatMoney`. Client-safe.
 */

/** Exact cents of a dollar amount with at most two decimals (as every stored price has). */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Dollars of an amount in cents, for data objects and the API: 1480 -> 14.8. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/**
 * An amount for people, `$13,250,000.00`, by integer arithmetic: no division result is
 * rounded, so any safe-integer amount prints exactly. The one money formatter of the store
 * (pages, forms, mails, the invoice, messages).
 */
export function formatMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  const rest = whole % 100;
  // An exact multiple of 100 divided by 100: the quotient is an integer, computed exactly.
  const dollars = (whole - rest) / 100;
  return `${sign}$${dollars.toLocaleString('en-US')}.${String(rest).padStart(2, '0')}`;
}

/** Dollars as people type them in a form: `2500`, `2,500.50`; at most two decimals. */
export const TYPED_DOLLARS = /^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;

/** The cents of an amount typed as `TYPED_DOLLARS` allows (the caller has checked it). */
export function typedDollarsToCents(text: string): number {
  return toCents(Number(text.replace(/,/g, '')));
}
