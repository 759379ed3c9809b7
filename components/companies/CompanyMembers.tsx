'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Field, FormError } from '@/components/ui/Field';
import { FormDialogButton } from '@/components/ui/FormDialogButton';
import { RowHeader, Td } from '@/components/ui/Table';
import { ScrollTable } from './ScrollTable';
import { toast } from '@/components/ui/toast';
import { useConfirm } from '@/components/ui/useConfirm';
import { callApi } from '@/lib/client/api';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import {
  can,
  COMPANY_ROLE_LABELS,
  type CompanyMemberWithMonth,
  type CompanyRole,
} from '@/lib/companies/shared';
import { companyWording as words } from '@/lib/core/b2b-wording/company';
import { formatDay } from '@/lib/core/dates';
import { formatMoney } from '@/lib/core/money';
import type { MemberFormInput, MemberFormValues } from './form-schemas';
import { limitText, RoleOptions, typedLimit } from './RoleOptions';

import { useApiList } from './useApiList';
import { jsonInit, useDialogForm } from './useDialogForm';

const MEMBERS_URL = '/api/companies/me/members';

/** The member dialog's schema (role, limit in dollars), loaded once the page is up. */
const memberResolver = lazyZodResolver<MemberFormInput, MemberFormValues>(() =>
  import('./form-schemas').then((module) => module.memberFormSchema),
);

const memberUrl = (userId: string) => `${MEMBERS_URL}/${encodeURIComponent(userId)}`;

/**
 * The company's members: name, email, role, approval limit, monthly limit, what their orders of
 * this month total so far, and since when. Owners (manageMembers) change a member's role and
 * limits and remove members; anyone but the last owner may leave the company.
 */
export function CompanyMembers({
  initial,
  myUserId,
  myRole,
}: {
  initial: CompanyMemberWithMonth[];
  myUserId: string;
  myRole: CompanyRole;
}) {
  const { state, reload } = useApiList<CompanyMemberWithMonth>(MEMBERS_URL, initial);
  const manage = can(myRole, 'manageMembers');
  const router = useRouter();
  const changed = () => {
    reload();
    router.refresh();
  };

  return (
    <section aria-labelledby="members-title" className="mt-10">
      <h2 id="members-title" className="text-lg font-semibold text-slate-900">
        {words.members.heading}
      </h2>
      {manage ? <p className="mt-1 text-sm text-slate-600">{words.members.intro}</p> : null}
      {state.status === 'failed' ? (
        <FormError className="mt-3" message={state.message} />
      ) : (
        <>
          <ScrollTable
            label={words.members.tableLabel}
            className="mt-3"
            columns={[
              words.members.columns.member,
              words.members.columns.role,
              words.members.columns.approvalLimit,
              words.members.columns.monthlyLimit,
              words.members.columns.thisMonth,
              words.members.columns.joined,
              ...(manage ? [words.members.columns.actions] : []),
            ]}
          >
            {state.items.map((member) => (
              <tr key={member.userId}>
                <RowHeader className="min-w-48">
                  {member.name}
                  {member.userId === myUserId ? (
                    <span className="ml-1 font-normal text-slate-600">{words.members.you}</span>
                  ) : null}
                  <span className="block font-normal break-all text-slate-600">{member.email}</span>
                </RowHeader>
                <Td>{COMPANY_ROLE_LABELS[member.role]}</Td>
                <Td className="whitespace-nowrap">{limitText(member.approvalLimitCents)}</Td>
                <Td className="whitespace-nowrap">{limitText(member.monthlyLimitCents)}</Td>
                <Td className="whitespace-nowrap">{formatMoney(member.monthSpentCents)}</Td>
                <Td className="whitespace-nowrap">{formatDay(member.joinedAt)}</Td>
                {manage ? (
                  <Td>
                    <div className="flex flex-wrap gap-2">
                      <EditMember member={member} onChanged={changed} />
                      {member.userId === myUserId ? null : (
                        <RemoveMember member={member} onRemoved={changed} />
                      )}
                    </div>
                  </Td>
                ) : null}
              </tr>
            ))}
          </ScrollTable>
          <LeaveCompany
            myUserId={myUserId}
            myRole={myRole}
            owners={state.items.filter((member) => member.role === 'owner').length}
          />
        </>
      )}
    </section>
  );
}

/** The member dialog's limits, each typed in dollars (empty: no limit). */
const LIMIT_FIELDS = [
  {
    name: 'approvalLimit',
    suffix: 'limit',
    label: words.members.edit.approvalLimit,
    hint: words.members.edit.approvalLimitHint,
  },
  {
    name: 'monthlyLimit',
    suffix: 'monthly',
    label: words.members.edit.monthlyLimit,
    hint: words.members.edit.monthlyLimitHint,
  },
] as const;

/** An owner's dialog for one member: their role and limits (empty: no limit). */
function EditMember({
  member,
  onChanged,
}: {
  member: CompanyMemberWithMonth;
  onChanged: () => void;
}) {
  const form = useDialogForm(memberResolver, {
    defaultValues: {
      role: member.role,
      approvalLimit: typedLimit(member.approvalLimitCents),
      monthlyLimit: typedLimit(member.monthlyLimitCents),
    },
    fields: ['role', 'approvalLimit', 'monthlyLimit'],
    notice: words.members.edit.saved(member.name),
    send: ({ role, approvalLimit, monthlyLimit }) =>
      callApi(
        memberUrl(member.userId),
        jsonInit('PATCH', {
          role,
          approvalLimitCents: approvalLimit,
          monthlyLimitCents: monthlyLimit,
        }),
      ),
    after: onChanged,
  });
  const id = `member-${member.userId}`;
  return (
    <FormDialogButton
      label={words.common.edit}
      ariaLabel={words.members.edit.ariaLabel(member.name)}
      buttonClassName="btn-secondary px-3 py-1 text-xs"
      title={words.members.edit.title(member.name)}
      submitLabel={words.common.save}
      busyLabel={words.common.saving}
      {...form.dialog}
    >
      <p className="text-sm text-slate-600">{member.email}</p>
      <Field id={`${id}-role`} label={words.members.edit.role} error={form.errors.role?.message}>
        <select {...form.register('role')}>
          <RoleOptions />
        </select>
      </Field>
      {LIMIT_FIELDS.map(({ name, suffix, label, hint }) => (
        <Field
          key={name}
          id={`${id}-${suffix}`}
          label={label}
          hint={hint}
          error={form.errors[name]?.message}
        >
          <input type="text" inputMode="decimal" autoComplete="off" {...form.register(name)} />
        </Field>
      ))}
    </FormDialogButton>
  );
}

/** An owner's Remove button: after a confirmation, the member leaves the company. */
function RemoveMember({
  member,
  onRemoved,
}: {
  member: CompanyMemberWithMonth;
  onRemoved: () => void;
}) {
  const { confirm, dialog } = useConfirm();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    const confirmed = await confirm({
      title: words.members.remove.title(member.name),
      text: words.members.remove.text(member),
      confirmLabel: words.members.remove.button,
    });
    if (!confirmed) return;
    setBusy(true);
    const result = await callApi(memberUrl(member.userId), jsonInit('DELETE'));
    setBusy(false);
    if (result.ok) {
      toast.success(words.members.remove.done(member.name));
    } else {
      toast.error(result.message);
    }
    onRemoved();
  };
  return (
    <>
      <button
        type="button"
        className="btn-danger px-3 py-1 text-xs"
        aria-label={words.members.remove.ariaLabel(member.name)}
        disabled={busy}
        onClick={remove}
      >
        {words.members.remove.button}
      </button>
      {dialog}
    </>
  );
}

/**
 * Leave company: for every member but the last owner (an owner may leave while another member
 * owns the company too). Afterwards the page offers to create a company again.
 */
function LeaveCompany({
  myUserId,
  myRole,
  owners,
}: {
  myUserId: string;
  myRole: CompanyRole;
  owners: number;
}) {
  const router = useRouter();
  const { confirm, dialog } = useConfirm();
  const [busy, setBusy] = useState(false);
  if (myRole === 'owner' && owners < 2) return null;
  const leave = async () => {
    const confirmed = await confirm({
      title: words.members.leave.title,
      text: words.members.leave.text,
      confirmLabel: words.members.leave.button,
    });
    if (!confirmed) return;
    setBusy(true);
    const result = await callApi(memberUrl(myUserId), jsonInit('DELETE'));
    setBusy(false);
    if (result.ok) {
      toast.success(words.members.leave.done);
    } else {
      toast.error(result.message);
    }
    router.refresh();
  };
  return (
    <div className="mt-4">
      <button type="button" className="btn-secondary" disabled={busy} onClick={leave}>
        {words.members.leave.button}
      </button>
      {dialog}
    </div>
  );
}
