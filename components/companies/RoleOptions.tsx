import { formatMoney } from '@/lib/core/money';
import { COMPANY_ROLES, COMPANY_ROLE_LABELS } from '@/lib/companies/shared';
import { companyWording as words } from '@/lib/core/b2b-wording/company';

/** The options of a role select: every role of the table, with what it may do (in a few words). */
export function RoleOptions() {
  return COMPANY_ROLES.map((role) => (
    <option key={role} value={role}>
      {COMPANY_ROLE_LABELS[role]} ({words.roleSummaries[role]})
    </option>
  ));
}

/**
 * The approval limit as the forms show it to be typed over: `2500.00`, or empty for none. Here,
 * not with the forms' zod schemas (form-schemas.ts), which the forms load on first use.
 */
export function typedLimit(cents: number | null): string {
  return cents === null ? '' : (cents / 100).toFixed(2);
}

/** An approval limit as people read it: an amount, or "No limit". */
export function limitText(cents: number | null): string {
  return cents === null ? words.limits.none : formatMoney(cents);
}
