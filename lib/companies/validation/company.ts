import { z } from 'zod';
import { TAX_ID_PATTERN } from '@/lib/accounts/schemas';
import { fieldMessages as f } from '@/lib/core/messages';
import { MAX_COMPANY_LENGTH, MAX_TAX_ID_LENGTH } from '@/lib/core/validation/limits';
import { printable } from '@/lib/core/validation/text';

/** The company's own fields, as POST /api/companies and PATCH /api/companies/me take them. */

const nameField = printable(
  z
    .string({ error: f.required('Company name') })
    .trim()
    .min(1, { error: f.required('Company name'), abort: true })
    .max(MAX_COMPANY_LENGTH, f.profile.companyTooLong),
  'Company name',
);

/** A tax id or VAT number as invoices print it; empty or null is none. */
const taxIdField = z
  .string({ error: f.profile.taxIdCharacters })
  .trim()
  .max(MAX_TAX_ID_LENGTH, f.profile.taxIdTooLong)
  .regex(TAX_ID_PATTERN, f.profile.taxIdCharacters)
  .nullable()
  .optional()
  .transform((value) => value || null);

/** The billing address invoices print: printable, on several lines. */
const billingAddressField = printable(
  z
    .string({ error: f.required('Billing address') })
    .trim()
    .min(1, { error: f.required('Billing address'), abort: true })
    .max(300, f.tooLong('Billing address')),
  'Billing address',
  { multiline: true },
);

/** POST /api/companies. */
export const createCompanySchema = z.strictObject({
  name: nameField,
  taxId: taxIdField,
  billingAddress: billingAddressField,
});

export type CreateCompanyInput = z.infer<typeof createCompanySchema>;

/** PATCH /api/companies/me: any of the fields; a tax id set to null or '' is removed. */
export const updateCompanySchema = z
  .strictObject({
    name: nameField.optional(),
    taxId: z
      .string({ error: f.profile.taxIdCharacters })
      .trim()
      .max(MAX_TAX_ID_LENGTH, f.profile.taxIdTooLong)
      .regex(TAX_ID_PATTERN, f.profile.taxIdCharacters)
      .nullable()
      .optional(),
    billingAddress: billingAddressField.optional(),
  })
  .refine((value) => Object.keys(value).length > 0, {
    error: 'Give at least one of name, taxId, billingAddress',
  });

export type UpdateCompanyInput = z.infer<typeof updateCompanySchema>;
