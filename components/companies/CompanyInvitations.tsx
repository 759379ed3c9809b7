'use client';

import { useState } from 'react';
import { useLazyForm } from '@/components/forms/useLazyForm';
import { Field, FormError } from '@/components/ui/Field';
import { RowHeader, Td } from '@/components/ui/Table';
import { ScrollTable } from './ScrollTable';
import { toast } from '@/components/ui/toast';
import { useConfirm } from '@/components/ui/useConfirm';
import { callApi } from '@/lib/client/api';
import { applyFieldErrors } from '@/lib/client/form-errors';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import {
  COMPANY_ROLE_LABELS,
  INVITATION_TTL_DAYS,
  type CompanyInvitation,
} from '@/lib/companies/shared';
import { companyWording as words } from '@/lib/core/b2b-wording/company';
import { formatDay } from '@/lib/core/dates';
import type { InviteFormInput, InviteFormValues } from './form-schemas';
import { limitText, RoleOptions } from './RoleOptions';

import { useApiList } from './useApiList';
import { asFormFields, jsonInit } from './useDialogForm';

const INVITATIONS_URL = '/api/companies/me/invitations';

/** The invitation form's schema, loaded once the page is up. */
const inviteResolver = lazyZodResolver<InviteFormInput, InviteFormValues>(() =>
  import('./form-schemas').then((module) => module.inviteFormSchema),
);

const inviteFields = ['email', 'role', 'approvalLimit'] as const;

/** A new invitation: a buyer without a limit until the owner says otherwise. */
const inviteDefaults: InviteFormInput = { email: '', role: 'buyer', approvalLimit: '' };

/**
 * An owner's invitations: "Invite a member" (email, role, optional approval limit; the store
 * mails them a link valid for 7 days) and the invitations still open, each with Revoke.
 */
export function CompanyInvitations({ initial }: { initial: CompanyInvitation[] }) {
  const { state, reload } = useApiList<CompanyInvitation>(INVITATIONS_URL, initial);
  return (
    <>
      <InviteMember onInvited={reload} />
      <section aria-labelledby="invitations-title" className="mt-10">
        <h2 id="invitations-title" className="text-lg font-semibold text-slate-900">
          {words.invitations.open.heading}
        </h2>
        {state.status === 'failed' ? (
          <FormError className="mt-3" message={state.message} />
        ) : state.items.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">{words.invitations.open.none}</p>
        ) : (
          <ScrollTable
            label={words.invitations.open.tableLabel}
            className="mt-3"
            columns={Object.values(words.invitations.open.columns)}
          >
            {state.items.map((invitation) => (
              <tr key={invitation._id}>
                <RowHeader className="break-all">{invitation.email}</RowHeader>
                <Td>{COMPANY_ROLE_LABELS[invitation.role]}</Td>
                <Td className="whitespace-nowrap">{limitText(invitation.approvalLimitCents)}</Td>
                <Td className="whitespace-nowrap">{formatDay(invitation.invitedAt)}</Td>
                <Td className="whitespace-nowrap">{formatDay(invitation.expiresAt)}</Td>
                <Td>
                  <RevokeInvitation invitation={invitation} onRevoked={reload} />
                </Td>
              </tr>
            ))}
          </ScrollTable>
        )}
      </section>
    </>
  );
}

function InviteMember({ onInvited }: { onInvited: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, errors, isSubmitting } = useLazyForm(
    inviteResolver,
    { defaultValues: inviteDefaults },
  );

  const onSubmit = handleSubmit(async ({ email, role, approvalLimit }) => {
    setFailure(null);
    const result = asFormFields(
      await callApi(
        INVITATIONS_URL,
        jsonInit('POST', {
          email,
          role,
          ...(approvalLimit === null ? {} : { approvalLimitCents: approvalLimit }),
        }),
      ),
    );
    if (result.ok) {
      toast.success(words.invitations.sent(email));
      reset();
      onInvited();
      return;
    }
    applyFieldErrors(setError, result, inviteFields);
    setFailure(result.message);
  });

  return (
    <section aria-labelledby="invite-title" className="mt-10 max-w-xl">
      <h2 id="invite-title" className="text-lg font-semibold text-slate-900">
        {words.invitations.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{words.invitations.intro(INVITATION_TTL_DAYS)}</p>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="invite-title"
        className="mt-4 grid gap-4 sm:grid-cols-2"
      >
        <Field
          id="invite-email"
          label={words.invitations.email}
          error={errors.email?.message}
          className="sm:col-span-2"
        >
          <input type="email" autoComplete="off" {...register('email')} />
        </Field>
        <Field id="invite-role" label={words.invitations.role} error={errors.role?.message}>
          <select {...register('role')}>
            <RoleOptions />
          </select>
        </Field>
        <Field
          id="invite-limit"
          label={
            <>
              {words.invitations.approvalLimit}{' '}
              <span className="font-normal text-slate-600">{words.common.optional}</span>
            </>
          }
          hint={words.invitations.approvalLimitHint}
          error={errors.approvalLimit?.message}
        >
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            {...register('approvalLimit')}
          />
        </Field>
        <div className="sm:col-span-2">
          <FormError message={failure} className="mb-3" />
          <button type="submit" className="btn-primary" disabled={isSubmitting}>
            {isSubmitting ? words.invitations.sending : words.invitations.send}
          </button>
        </div>
      </form>
    </section>
  );
}

function RevokeInvitation({
  invitation,
  onRevoked,
}: {
  invitation: CompanyInvitation;
  onRevoked: () => void;
}) {
  const { confirm, dialog } = useConfirm();
  const [busy, setBusy] = useState(false);
  const revoke = async () => {
    const confirmed = await confirm({
      title: words.invitations.revoke.title,
      text: words.invitations.revoke.text(invitation.email),
      confirmLabel: words.invitations.revoke.button,
    });
    if (!confirmed) return;
    setBusy(true);
    const result = await callApi(
      `${INVITATIONS_URL}/${encodeURIComponent(invitation._id)}`,
      jsonInit('DELETE'),
    );
    setBusy(false);
    if (result.ok) toast.success(words.invitations.revoke.done(invitation.email));
    else toast.error(result.message);
    onRevoked();
  };
  return (
    <>
      <button
        type="button"
        className="btn-secondary px-3 py-1 text-xs"
        aria-label={words.invitations.revoke.ariaLabel(invitation.email)}
        disabled={busy}
        onClick={revoke}
      >
        {words.invitations.revoke.button}
      </button>
      {dialog}
    </>
  );
}
