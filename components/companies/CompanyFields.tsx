'use client';

import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Field } from '@/components/ui/Field';
import { companyWording as words } from '@/lib/core/b2b-wording/company';
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
      <Field id={`${idPrefix}-name`} label={words.fields.name} error={errors.name?.message}>
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
            {words.fields.taxId}{' '}
            <span className="font-normal text-slate-600">{words.common.optional}</span>
          </>
        }
        hint={words.fields.taxIdHint}
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
        label={words.fields.billingAddress}
        hint={words.fields.billingAddressHint}
        error={errors.billingAddress?.message}
      >
        <textarea rows={3} autoComplete="street-address" {...register('billingAddress')} />
      </Field>
    </>
  );
}
