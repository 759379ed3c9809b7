'use client';

import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Field } from '@/components/ui/Field';
import { MAX_COMPANY_LENGTH, MAX_TAX_ID_LENGTH } from '@/lib/core/validation/limits';
import type { CompanyFormValues } from './form-schemas';

/** Every field of the company's own the API may name in a validation failure. */
export const companyFormFields = ['name', 'taxId', 'billingAddress'] as const;

/**
 * The company's own fields, in the create form and the edit dialog: its name, tax id (optional)
 * and the billing address invoices print.
 */
export function CompanyFields({
  idPrefix,
  register,
  errors,
}: {
  idPrefix: string;
  register: UseFormRegister<CompanyFormValues>;
  errors: FieldErrors<CompanyFormValues>;
}) {
  return (
    <>
      <Field id={`${idPrefix}-name`} label="Company name" error={errors.name?.message}>
        <input
          type="text"
          autoComplete="organization"
          maxLength={MAX_COMPANY_LENGTH}
          {...register('name')}
        />
      </Field>
      <Field
        id={`${idPrefix}-taxId`}
        label={
          <>
            Tax ID / VAT number <span className="font-normal text-slate-600">(optional)</span>
          </>
        }
        hint="Letters, digits, spaces, dots and dashes, e.g. DE 123456789."
        error={errors.taxId?.message}
      >
        <input
          type="text"
          autoComplete="off"
          spellCheck={false}
          maxLength={MAX_TAX_ID_LENGTH}
          {...register('taxId')}
        />
      </Field>
      <Field
        id={`${idPrefix}-billingAddress`}
        label="Billing address"
        hint="As invoices print it, on several lines."
        error={errors.billingAddress?.message}
      >
        <textarea rows={3} autoComplete="street-address" {...register('billingAddress')} />
      </Field>
    </>
  );
}
