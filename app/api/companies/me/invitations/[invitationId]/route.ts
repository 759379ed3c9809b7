import { handle } from '@/lib/api/handle';
import { revokeInvitationOp } from '@/lib/companies/api';
import { revokeInvitation } from '@/lib/companies';

/** DELETE /api/companies/me/invitations/{invitationId}: revokes it (owners). 204. */
export const DELETE = handle(revokeInvitationOp, async ({ user, params }) => {
  await revokeInvitation(user, params.invitationId);
  return new Response(null, { status: 204 });
});
