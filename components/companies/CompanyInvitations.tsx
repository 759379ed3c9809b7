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
import { COMPANY_ROLE_LABELS, type CompanyInvitation } from '@/lib/companies/shared';
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
          Open invitations
        </h2>
        {state.status === 'failed' ? (
          <FormError className="mt-3" message={state.message} />
        ) : state.items.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">No invitation is waiting for an answer.</p>
        ) : (
          <ScrollTable
            label="Invitations waiting for an answer"
            className="mt-3"
            columns={['Email', 'Role', 'Approval limit', 'Invited', 'Expires', 'Actions']}
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
      toast.success(`Invitation sent to ${email}.`);
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
        Invite a member
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        We email them a link to join, valid for 7 days. They accept it signed in with this email
        address (or after signing up with it).
      </p>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="invite-title"
        className="mt-4 grid gap-4 sm:grid-cols-2"
      >
        <Field
          id="invite-email"
          label="Email"
          error={errors.email?.message}
          className="sm:col-span-2"
        >
          <input type="email" autoComplete="off" {...register('email')} />
        </Field>
        <Field id="invite-role" label="Role" error={errors.role?.message}>
          <select {...register('role')}>
            <RoleOptions />
          </select>
        </Field>
        <Field
          id="invite-limit"
          label={
            <>
              Approval limit ($) <span className="font-normal text-slate-600">(optional)</span>
            </>
          }
          hint="Empty: no limit."
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
            {isSubmitting ? 'Sending…' : 'Send invitation'}
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
      title: 'Revoke this invitation?',
      text: `The link sent to ${invitation.email} stops working. You can invite them again later.`,
      confirmLabel: 'Revoke',
    });
    if (!confirmed) return;
    setBusy(true);
    const result = await callApi(
      `${INVITATIONS_URL}/${encodeURIComponent(invitation._id)}`,
      jsonInit('DELETE'),
    );
    setBusy(false);
    if (result.ok) toast.success(`The invitation to ${invitation.email} is revoked.`);
    else toast.error(result.message);
    onRevoked();
  };
  return (
    <>
      <button
        type="button"
        className="btn-secondary px-3 py-1 text-xs"
        aria-label={`Revoke the invitation to ${invitation.email}`}
        disabled={busy}
        onClick={revoke}
      >
        Revoke
      </button>
      {dialog}
    </>
  );
}
