import { z } from 'zod';
import type { User } from '@/lib/accounts/store/users';
import { fieldMessages as f } from '@/lib/core/messages';
import { nameField } from '@/lib/accounts/validation/auth';
import { MAX_COMPANY_LENGTH, MAX_TAX_ID_LENGTH } from '@/lib/core/validation/limits';
import { printable, PRINTABLE_TEXT } from '@/lib/core/validation/text';

const required = (label: string, max = 200) =>
  z
    .string({ error: f.required(label) })
    .trim()
    .min(1, { error: f.required(label), abort: true })
    .max(max, f.tooLong(label));

/** A required one-line text of the profile, printable (lib/core/validation/text.ts). */
const requiredText = (label: string, max = 200) => printable(required(label, max), label);

export { MAX_COMPANY_LENGTH, MAX_TAX_ID_LENGTH };
/** A tax id or VAT number as printed on invoices: ASCII letters, digits, spaces, dots, dashes. */
export const TAX_ID_PATTERN = /^[A-Za-z0-9 .-]*$/;

/**
 * An optional business field of the profile, trimmed. What it means for the stored value: a
 * text sets it, an empty text or null removes it, and leaving the key out keeps what is stored
 * (so a client that sends only the specification's fields does not erase it).
 */
const optionalText = (max: number, tooLong: string, pattern: RegExp, patternMessage: string) =>
  z
    .string({ error: patternMessage })
    .trim()
    .max(max, tooLong)
    .regex(pattern, patternMessage)
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));

/**
 * My Profile: the specification's fields, every one required (the link a web address), and
 * the optional business fields shown on invoices: company name and tax id / VAT number.
 */
export const profileSchema = z.strictObject({
  name: nameField,
  email: z.string().trim().max(254),
  education: requiredText('Education'),
  location: requiredText('Location'),
  link: required('Link', 500).pipe(z.url({ protocol: /^https?$/, error: f.webLink })),
  company: optionalText(
    MAX_COMPANY_LENGTH,
    f.profile.companyTooLong,
    PRINTABLE_TEXT,
    f.profile.companyPrintable,
  ),
  taxId: optionalText(
    MAX_TAX_ID_LENGTH,
    f.profile.taxIdTooLong,
    TAX_ID_PATTERN,
    f.profile.taxIdCharacters,
  ),
});

export type ProfileInput = z.input<typeof profileSchema>;
export type ProfileValues = z.output<typeof profileSchema>;

/**
 * A person's profile as GET and PUT /api/userdetail/{email} answer it and My Profile's form
 * starts from: every field a text, '' where nothing is stored.
 */
export function profileDetails(
  user: Pick<User, 'name' | 'email' | 'profile' | 'company' | 'taxId'>,
) {
  return {
    name: user.name,
    email: user.email,
    education: user.profile?.education ?? '',
    location: user.profile?.location ?? '',
    link: user.profile?.link ?? '',
    company: user.company ?? '',
    taxId: user.taxId ?? '',
  };
}
