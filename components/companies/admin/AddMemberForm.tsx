'use client';

import { useRouter } from 'next/navigation';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import { postJson } from '@/lib/client/api';
import { applyFieldErrors } from '@/lib/client/form-errors';
import { COMPANY_ROLES, COMPANY_ROLE_LABELS } from '@/lib/companies/shared';
import { companyWording as words } from '@/lib/core/b2b-wording/company';
import type { AdminAddMember, AdminAddMemberInput } from '@/lib/companies/schemas';
import { useLazyForm } from '@/components/forms/useLazyForm';
import { Field } from '@/components/ui/Field';
import { toast } from '@/components/ui/toast';

/** The form's zod schema, loaded once the page is up (lib/client/lazy-resolver.ts). */
const resolver = lazyZodResolver<AdminAddMemberInput, AdminAddMember>(() =>
  import('@/lib/companies/schemas').then((module) => module.adminAddMemberSchema),
);

/** Refusals about the person the email names, shown under the email field. */
const EMAIL_REFUSALS = new Set(['not_found', 'conflict']);

/**
 * A company's admin page: an admin adds an existing account to the company by its email, with
 * a role (support). The server's field errors and refusals (no such account, a member of
 * another company or of this one already) are shown under the email.
 */
export function AddMemberForm({ companyId }: { companyId: string }) {
  const router = useRouter();
  const { register, handleSubmit, setError, reset, errors, isSubmitting } = useLazyForm(resolver, {
    defaultValues: { email: '', role: 'buyer' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const result = await postJson<{ email: string }>(
      `/api/admin/companies/${companyId}/members`,
      values,
    );
    if (result.ok) {
      toast.success(words.admin.addMember.done(result.data.email));
      reset();
      router.refresh();
      return;
    }
    applyFieldErrors(setError, result, ['email', 'role']);
    if (result.fields) return;
    if (EMAIL_REFUSALS.has(result.code)) setError('email', { message: result.message });
    else toast.error(result.message);
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="add-member-heading"
      className="mt-4 grid gap-4 sm:grid-cols-[2fr_1fr_auto] sm:items-start"
    >
      <Field
        id="add-member-email"
        label={words.admin.addMember.email}
        error={errors.email?.message}
      >
        <input type="email" autoComplete="off" {...register('email')} />
      </Field>
      <Field id="add-member-role" label={words.admin.addMember.role} error={errors.role?.message}>
        <select {...register('role')}>
          {COMPANY_ROLES.map((role) => (
            <option key={role} value={role}>
              {COMPANY_ROLE_LABELS[role]}
            </option>
          ))}
        </select>
      </Field>
      <button type="submit" className="btn-primary sm:mt-6" disabled={isSubmitting}>
        {isSubmitting ? words.admin.addMember.busy : words.admin.addMember.submit}
      </button>
    </form>
  );
}
