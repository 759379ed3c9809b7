'use client';

import { useRouter } from 'next/navigation';
import { DetailRows } from '@/components/ui/DetailRows';
import { FormDialogButton } from '@/components/ui/FormDialogButton';
import { callApi } from '@/lib/client/api';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import type { UpdateCompanyInput } from '@/lib/companies/schemas';
import { COMPANY_ROLE_LABELS, type MyCompany } from '@/lib/companies/shared';
import { companyWording as words } from '@/lib/core/b2b-wording/company';
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
            { term: words.details.taxId, value: company.taxId ?? words.details.noTaxId },
            {
              term: words.details.billingAddress,
              value: company.billingAddress,
              className: 'whitespace-pre-line text-slate-900',
            },
            {
              term: words.details.members,
              value: company.memberCount.toLocaleString('en-US'),
            },
            {
              term: words.details.yourRole,
              value: COMPANY_ROLE_LABELS[membership.role],
              testId: 'my-role',
            },
            {
              term: words.details.yourApprovalLimit,
              value: limitText(membership.approvalLimitCents),
            },
            {
              term: words.details.yourMonthlyLimit,
              value: limitText(membership.monthlyLimitCents),
            },
            { term: words.details.memberSince, value: formatDay(membership.joinedAt) },
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
    notice: words.details.saved,
    send: (values) => callApi('/api/companies/me', jsonInit('PATCH', values)),
    after: () => router.refresh(),
  });
  return (
    <FormDialogButton
      label={words.details.editButton}
      buttonClassName="btn-secondary px-3 py-1.5"
      title={words.details.editTitle}
      submitLabel={words.common.save}
      busyLabel={words.common.saving}
      {...form.dialog}
    >
      <CompanyFields idPrefix="edit-company" register={form.register} errors={form.errors} />
    </FormDialogButton>
  );
}
