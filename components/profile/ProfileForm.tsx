'use client';

import { useRouter } from 'next/navigation';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import { MAX_COMPANY_LENGTH, MAX_TAX_ID_LENGTH } from '@/lib/core/validation/limits';
import type { ProfileInput, ProfileValues } from '@/lib/accounts/schemas';
import { messages } from '@/lib/core/messages';
import { callApi } from '@/lib/client/api';
import { applyFieldErrors } from '@/lib/client/form-errors';
import { useLazyForm } from '@/components/forms/useLazyForm';
import { toast } from '@/components/ui/toast';
import { Field } from '@/components/ui/Field';

/** The form's zod schema, loaded once the page is up (lib/client/lazy-resolver.ts). */
const resolver = lazyZodResolver<ProfileInput, ProfileValues>(() =>
  import('@/lib/accounts/schemas').then((module) => module.profileSchema),
);

const fields = [
  { name: 'education', label: 'Education', type: 'text', autoComplete: 'off' },
  { name: 'location', label: 'Location', type: 'text', autoComplete: 'address-level2' },
  { name: 'link', label: 'Link', type: 'url', autoComplete: 'url' },
] as const;

/** Every field the API may name in a validation failure. */
const formFields = ['name', 'education', 'location', 'link', 'company', 'taxId'] as const;

/**
 * My Profile: the specification's fields (all required), then the optional business fields
 * that invoices show. An empty business field is saved as "none".
 */
export function ProfileForm({ initial }: { initial: ProfileInput }) {
  const router = useRouter();
  const { register, handleSubmit, setError, errors, isSubmitting } = useLazyForm(resolver, {
    defaultValues: initial,
  });

  const onSubmit = handleSubmit(async (values) => {
    const result = await callApi(`/api/userdetail/${encodeURIComponent(initial.email)}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      // An empty business field clears what was stored.
      body: JSON.stringify({ ...values, company: values.company ?? '', taxId: values.taxId ?? '' }),
    });
    if (result.ok) {
      toast.success(messages.profile.updated);
      router.refresh();
    } else {
      applyFieldErrors(setError, result, formFields);
      toast.error(result.message);
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mt-6 max-w-xl space-y-4"
      aria-label="My Profile"
    >
      <Field id="profile-name" label="Name" error={errors.name?.message}>
        <input type="text" autoComplete="name" {...register('name')} />
      </Field>
      <Field id="profile-email" label="Email">
        <input type="email" readOnly className="bg-slate-50" {...register('email')} />
      </Field>
      {fields.map((field) => (
        <Field
          key={field.name}
          id={`profile-${field.name}`}
          label={field.label}
          error={errors[field.name]?.message}
        >
          <input type={field.type} autoComplete={field.autoComplete} {...register(field.name)} />
        </Field>
      ))}
      <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">
          Business details <span className="font-normal text-slate-500">(optional)</span>
        </legend>
        <p className="text-sm text-slate-600">Printed on your invoices when you fill them in.</p>
        {/* "Company", not "Company name": the label must not contain the Name field's label. */}
        <Field id="profile-company" label="Company" error={errors.company?.message}>
          <input
            type="text"
            autoComplete="organization"
            maxLength={MAX_COMPANY_LENGTH}
            {...register('company')}
          />
        </Field>
        <Field
          id="profile-taxId"
          label="Tax ID / VAT number"
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
      </fieldset>
      <button type="submit" className="btn-primary" disabled={isSubmitting}>
        Submit
      </button>
    </form>
  );
}
