'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useLazyForm } from '@/components/forms/useLazyForm';
import { FormError } from '@/components/ui/Field';
import { toast } from '@/components/ui/toast';
import { postJson } from '@/lib/client/api';
import { applyFieldErrors } from '@/lib/client/form-errors';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import type { CreateCompanyInput } from '@/lib/companies/schemas';
import { companyWording as words } from '@/lib/core/b2b-wording/company';
import { CompanyFields, companyFormFields } from './CompanyFields';
import type { CompanyFormValues } from './form-schemas';

/** POST /api/companies' schema, loaded once the page is up (lib/client/lazy-resolver.ts). */
const resolver = lazyZodResolver<CompanyFormValues, CreateCompanyInput>(() =>
  import('@/lib/companies/schemas').then((module) => module.createCompanySchema),
);

/**
 * "Create your company": its name, tax id and billing address, the first two prefilled from
 * My Profile's business details. The person becomes its owner; the page then shows the company.
 */
export function CreateCompanyForm({ initial }: { initial: CompanyFormValues }) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, errors, isSubmitting } = useLazyForm(resolver, {
    defaultValues: initial,
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const result = await postJson('/api/companies', values);
    if (result.ok) {
      toast.success(words.create.created);
      router.refresh();
      return;
    }
    applyFieldErrors(setError, result, companyFormFields);
    setFailure(result.message);
  });

  return (
    <section aria-labelledby="create-company-title" className="mt-6 max-w-xl">
      <h2 id="create-company-title" className="text-lg font-semibold text-slate-900">
        {words.create.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{words.create.intro}</p>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="create-company-title"
        className="mt-4 space-y-4"
      >
        <CompanyFields idPrefix="create-company" register={register} errors={errors} />
        <FormError message={failure} />
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? words.create.submitting : words.create.submit}
        </button>
      </form>
    </section>
  );
}
