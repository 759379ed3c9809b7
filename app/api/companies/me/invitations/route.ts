import { handle } from '@/lib/api/handle';
import { inviteMemberOp, listInvitationsOp } from '@/lib/companies/api';
import { inviteLimit, inviteMember, listInvitations } from '@/lib/companies';
import { linkOrigin } from '@/lib/security';

/**
 * GET /api/companies/me/invitations: the open invitations of the caller's company (owners);
 * POST: invites an email as a role, mailing it a link to join (queued with the invitation).
 */
export const GET = handle(listInvitationsOp, ({ user }) => listInvitations(user));
export const POST = handle(
  inviteMemberOp,
  ({ user, body }) => inviteMember(user, body, linkOrigin()),
  { limits: ({ user }) => [{ limit: inviteLimit, key: user.id }] },
);
