import { handle } from '@/lib/api/handle';
import { removeMemberOp, updateMemberOp } from '@/lib/companies/api';
import { removeMember, updateMember } from '@/lib/companies';

/**
 * PATCH /api/companies/me/members/{userId}: a member's role or approval limit (owners);
 * DELETE: removes the member (owners), or the caller leaves. 204.
 */
export const PATCH = handle(updateMemberOp, ({ user, params, body }) =>
  updateMember(user, params.userId, body),
);
export const DELETE = handle(removeMemberOp, async ({ user, params }) => {
  await removeMember(user, params.userId);
  return new Response(null, { status: 204 });
});
