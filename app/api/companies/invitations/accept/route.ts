import { handle } from '@/lib/api/handle';
import { acceptInvitationOp } from '@/lib/companies/api';
import { acceptInvitation, acceptInvitationLimit } from '@/lib/companies';

/**
 * POST /api/companies/invitations/accept: the signed-in person joins the company whose
 * invitation link carried the token; answers that company as GET /api/companies/me does.
 */
export const POST = handle(
  acceptInvitationOp,
  ({ user, body }) => acceptInvitation(user, body.token),
  { limits: ({ user }) => [{ limit: acceptInvitationLimit, key: user.id }] },
);
