import { handle } from '@/lib/api/handle';
import { issueAccessTokenOp, removeUserOp } from '@/lib/accounts/api';
import { failure } from '@/lib/api/errors';
import { changeAdminRole, findUserByEmail, issueAccessToken } from '@/lib/accounts';
import { endMembershipOfAccount } from '@/lib/companies';
import { roleChangeFailure } from '../role-change';

/**
 * PUT /api/user/{email}: the signed-in person's own access token (`{ token }`, kept by the
 * browser as `accessToken`). The user record
 * already exists (created at sign-up or by the first Google sign-in); the path email must be
 * the caller's own, never anyone else's. Only a session cookie may ask: an access token never
 * issues or renews another, so a stolen one ends with its 24 hours, or earlier when the sign-in
 * it was issued with signs out.
 */
export const PUT = handle(issueAccessTokenOp, ({ session }) =>
  // The token belongs to this sign-in: signing it out refuses the token too.
  ({ token: issueAccessToken(session.user, session.sessionId) }),
);

/**
 * DELETE /api/user/{email} (admin): removes a user. Never yourself, never the last admin, also
 * when two admins remove each other at the same moment (`changeAdminRole`). Their company
 * membership ends first, by the companies' rules (`endMembershipOfAccount`: never the last
 * owner of a company with other members), and is put back when the account stays after all.
 */
export const DELETE = handle(removeUserOp, async ({ user: admin, params }) => {
  const target = await findUserByEmail(params.email);
  if (!target) throw failure('user.not_found');
  if (target.id === admin.id) throw failure('user.cannot_remove_self');
  const membership = await endMembershipOfAccount(target.id, target.email);
  const outcome = await changeAdminRole(target.id, 'remove');
  if (outcome !== 'done') {
    await membership?.restore();
    throw roleChangeFailure(outcome, 'remove', target.email);
  }
  await membership?.finish();
  return { deletedCount: 1 };
});
