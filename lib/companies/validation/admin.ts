import { z } from 'zod';
import { fieldMessages, messages } from '@/lib/core/messages';
import { pageParams, urlParam } from '@/lib/core/validation/pagination';
import { COMPANY_ROLES } from '../roles';

/**
 * The store admin's side of company accounts: the query of the company list
 * (GET /api/admin/companies and /dashboard/companies) and the member an admin adds for support
 * (POST /api/admin/companies/{companyId}/members). Client-safe.
 */

/** The longest search text of the company list. */
export const MAX_COMPANY_SEARCH_LENGTH = 100;

/** Companies per page of the admin list unless `limit` says otherwise. */
export const DEFAULT_ADMIN_COMPANY_LIMIT = 25;

/** The largest approval limit, in cents: far above any order, below 2^53. */
export const MAX_APPROVAL_LIMIT_CENTS = 1_000_000_000_000_000;

/**
 * `?q=` (part of the company name, any case), `?page=` and `?limit=`. An empty `q` is none; a
 * repeated parameter counts by its first value.
 */
export const adminCompanyQuerySchema = z.object({
  q: z.preprocess(
    urlParam,
    z
      .string()
      .max(
        MAX_COMPANY_SEARCH_LENGTH,
        `Search text must be at most ${MAX_COMPANY_SEARCH_LENGTH} characters`,
      )
      .optional(),
  ),
  ...pageParams(),
});

export type AdminCompanyQuery = z.output<typeof adminCompanyQuerySchema>;

const v = messages.validation;

/**
 * The email of an existing account: any address the store holds (Google accounts included),
 * so only its shape is checked here; whether an account has it is the server's answer.
 */
const accountEmailField = z
  .string({ error: v.emailRequired })
  .trim()
  .min(1, { error: v.emailRequired, abort: true })
  .max(254, fieldMessages.tooLong('Email'))
  .regex(/^[^\s@]+@[^\s@]+$/, v.emailInvalid)
  .transform((email) => email.toLowerCase());

/** A limit in cents of the member an admin adds (`what`: its name); absent or null: none. */
const limitField = (what: string) =>
  z
    .number({ error: `${what} must be a whole number of cents` })
    .int(`${what} must be a whole number of cents`)
    .min(0, `${what} cannot be negative`)
    .max(MAX_APPROVAL_LIMIT_CENTS, fieldMessages.tooLong(what))
    .nullable()
    .optional()
    .transform((value) => value ?? null);

/** POST /api/admin/companies/{companyId}/members. */
export const adminAddMemberSchema = z.strictObject({
  email: accountEmailField,
  role: z.enum(COMPANY_ROLES, { error: 'Choose owner, approver, buyer or accounts' }),
  approvalLimitCents: limitField('Approval limit'),
  monthlyLimitCents: limitField('Monthly limit'),
});

export type AdminAddMemberInput = z.input<typeof adminAddMemberSchema>;
/** The member an admin adds, as parsed (callers in code may leave out the monthly limit: none). */
export type AdminAddMember = Omit<z.output<typeof adminAddMemberSchema>, 'monthlyLimitCents'> & {
  monthlyLimitCents?: number | null;
};
