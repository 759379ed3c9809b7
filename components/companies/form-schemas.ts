import { z } from 'zod';
import { emailField } from '@/lib/accounts/schemas';
import { roleField } from '@/lib/companies/schemas';
import { companyWording as words } from '@/lib/core/b2b-wording/company';
import { TYPED_DOLLARS, typedDollarsToCents } from '@/lib/core/money';

/**
 * The company page's own form schemas (client-safe, loaded by the forms on first use): the
 * member and invitation forms take an approval limit in dollars as typed, which they send in
 * cents (`approvalLimitCents`; empty is no limit). Every other rule is the API's.
 */

/** A limit typed in dollars: empty is no limit (null), otherwise whole cents. */
function typedLimitField(amount: string, tooLarge: string) {
  return z
    .string()
    .trim()
    .refine((value) => value === '' || TYPED_DOLLARS.test(value), { error: amount })
    .transform((value) => (value === '' ? null : typedDollarsToCents(value)))
    .refine((cents) => cents === null || cents <= Number.MAX_SAFE_INTEGER, { error: tooLarge });
}

/** An approval limit typed in dollars: empty is no limit (null), otherwise whole cents. */
export const approvalLimitField = typedLimitField(words.limits.amount, words.limits.tooLarge);

/** A monthly limit typed in dollars: empty is no limit (null), otherwise whole cents. */
export const monthlyLimitField = typedLimitField(
  words.limits.monthlyAmount,
  words.limits.monthlyTooLarge,
);

/** An owner's change of a member: their role, approval limit and monthly limit. */
export const memberFormSchema = z.object({
  role: roleField,
  approvalLimit: approvalLimitField,
  monthlyLimit: monthlyLimitField,
});
export type MemberFormInput = z.input<typeof memberFormSchema>;
export type MemberFormValues = z.output<typeof memberFormSchema>;

/** An owner's invitation: whom (email), as what, and their approval limit. */
export const inviteFormSchema = z.object({
  email: emailField,
  role: roleField,
  approvalLimit: approvalLimitField,
});
export type InviteFormInput = z.input<typeof inviteFormSchema>;
export type InviteFormValues = z.output<typeof inviteFormSchema>;

/** A shipping address as its dialog holds it (checked by the API's own schema). */
export type AddressFormValues = { label: string; address: string; phone: string; default: boolean };

/** The company's own fields, as typed: the API's schema (lib/companies/schemas) checks them. */
export type CompanyFormValues = { name: string; taxId: string; billingAddress: string };
