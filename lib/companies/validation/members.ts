import { z } from 'zod';
import { emailField } from '@/lib/accounts/schemas';
import { fieldMessages as f } from '@/lib/core/messages';
import { COMPANY_ROLES } from '../roles';

/** A member's role and approval limit, as the members and invitations endpoints take them. */

export const memberMessages = {
  role: `Role must be one of ${COMPANY_ROLES.join(', ')}`,
  limitNumber: 'Approval limit must be a whole number of cents, or null for no limit',
  limitNegative: 'Approval limit must not be negative',
  limitTooLarge: 'Approval limit is too large',
  monthlyNumber: 'Monthly limit must be a whole number of cents, or null for no limit',
  monthlyNegative: 'Monthly limit must not be negative',
  monthlyTooLarge: 'Monthly limit is too large',
  tokenRequired: f.required('Token'),
} as const;

export const roleField = z.enum(COMPANY_ROLES, { error: memberMessages.role });

/** A limit in cents, a whole number from 0 to Number.MAX_SAFE_INTEGER; null: no limit. */
function limitInCents(notNumber: string, negative: string, tooLarge: string) {
  return z
    .number({ error: notNumber })
    .int({ error: notNumber })
    .min(0, negative)
    .max(Number.MAX_SAFE_INTEGER, tooLarge)
    .nullable();
}

/** The most one order may total without an approval. */
export const approvalLimitField = limitInCents(
  memberMessages.limitNumber,
  memberMessages.limitNegative,
  memberMessages.limitTooLarge,
);

/** The most a member's orders of one calendar month (UTC) may total without an approval. */
export const monthlyLimitField = limitInCents(
  memberMessages.monthlyNumber,
  memberMessages.monthlyNegative,
  memberMessages.monthlyTooLarge,
);

/**
 * PATCH /api/companies/me/members/{userId}: the role, the approval limit, the monthly limit,
 * or any of them together.
 */
export const updateMemberSchema = z
  .strictObject({
    role: roleField.optional(),
    approvalLimitCents: approvalLimitField.optional(),
    monthlyLimitCents: monthlyLimitField.optional(),
  })
  .refine(
    (value) =>
      value.role !== undefined ||
      value.approvalLimitCents !== undefined ||
      value.monthlyLimitCents !== undefined,
    { error: 'Give a role, an approval limit, a monthly limit, or any of them' },
  );

export type UpdateMemberInput = z.infer<typeof updateMemberSchema>;

/** POST /api/companies/me/invitations: who is invited, as what (no limit unless given). */
export const inviteMemberSchema = z.strictObject({
  email: emailField,
  role: roleField,
  approvalLimitCents: approvalLimitField.optional(),
});

export type InviteMemberInput = z.infer<typeof inviteMemberSchema>;

/** POST /api/companies/invitations/accept: the token of the invitation's link. */
export const acceptInvitationSchema = z.strictObject({
  token: z
    .string({ error: memberMessages.tokenRequired })
    .min(1, memberMessages.tokenRequired)
    .max(200, f.tooLong('Token')),
});

export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;
