'use client';

import { useRouter } from 'next/navigation';
import { DetailRows } from '@/components/ui/DetailRows';
import { FormDialogButton } from '@/components/ui/FormDialogButton';
import { callApi } from '@/lib/client/api';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import type { UpdateCompanyInput } from '@/lib/companies/schemas';
import { COMPANY_ROLE_LABELS, type MyCompany } from '@/lib/companies/shared';
import { formatDay } from '@/lib/core/dates';
import { CompanyFields, companyFormFields } from './CompanyFields';
import type { CompanyFormValues } from './form-schemas';
import { limitText } from './RoleOptions';
import { jsonInit, useDialogForm } from './useDialogForm';

/** PATCH /api/companies/me's schema, loaded once the page is up. */
const resolver = lazyZodResolver<CompanyFormValues, UpdateCompanyInput>(() =>
  import('@/lib/companies/schemas').then((module) => module.updateCompanySchema),
);

/**
 * The company's own details and the person's place in it (role, approval limit, since when);
 * with `canEdit` (manageCompany), an "Edit details" dialog.
 */
export function CompanyDetails({ company, canEdit }: { company: MyCompany; canEdit: boolean }) {
  const { membership } = company;
  return (
    <section
      aria-labelledby="company-details-title"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="company-details-title" className="text-lg font-semibold text-slate-900">
          {company.name}
        </h2>
        {canEdit ? <EditCompany company={company} /> : null}
      </div>
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
        <DetailRows
          termClassName="font-medium text-slate-600"
          rows={[
            { term: 'Tax ID / VAT number', value: company.taxId ?? 'None' },
            {
              term: 'Billing address',
              value: company.billingAddress,
              className: 'whitespace-pre-line text-slate-900',
            },
            {
              term: 'Members',
              value: company.memberCount.toLocaleString('en-US'),
            },
            { term: 'Your role', value: COMPANY_ROLE_LABELS[membership.role], testId: 'my-role' },
            {
              term: 'Your approval limit',
              value: limitText(membership.approvalLimitCents),
            },
            {
              term: 'Your monthly limit',
              value: limitText(membership.monthlyLimitCents),
            },
            { term: 'Member since', value: formatDay(membership.joinedAt) },
          ]}
        />
      </dl>
    </section>
  );
}

function EditCompany({ company }: { company: MyCompany }) {
  const router = useRouter();
  const form = useDialogForm(resolver, {
    defaultValues: {
      name: company.name,
      taxId: company.taxId ?? '',
      billingAddress: company.billingAddress,
    },
    fields: companyFormFields,
    notice: 'Company details saved.',
    send: (values) => callApi('/api/companies/me', jsonInit('PATCH', values)),
    after: () => router.refresh(),
  });
  return (
    <FormDialogButton
      label="Edit details"
      buttonClassName="btn-secondary px-3 py-1.5"
      title="Edit company details"
      submitLabel="Save"
      busyLabel="Saving…"
      {...form.dialog}
    >
      <CompanyFields idPrefix="edit-company" register={form.register} errors={form.errors} />
    </FormDialogButton>
  );
}
