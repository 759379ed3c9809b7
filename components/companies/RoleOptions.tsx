import { formatMoney } from '@/lib/core/money';
import { COMPANY_ROLES, COMPANY_ROLE_LABELS } from '@/lib/companies/shared';

/** What each role may do, in a few words, beside its name in the role selects. */
export const ROLE_SUMMARIES = {
  owner: 'everything',
  approver: 'approves orders',
  buyer: 'places orders',
  accounts: 'sees and pays invoices',
} as const;

/** The options of a role select: every role of the table, with what it may do. */
export function RoleOptions() {
  return COMPANY_ROLES.map((role) => (
    <option key={role} value={role}>
      {COMPANY_ROLE_LABELS[role]} ({ROLE_SUMMARIES[role]})
    </option>
  ));
}

/** An approval limit as people read it: an amount, or "No limit". */
export function limitText(cents: number | null): string {
  return cents === null ? 'No limit' : formatMoney(cents);
}
