import { handle } from '@/lib/api/handle';
import { makeAdminOp, removeAdminOp } from '@/lib/accounts/api';
import { failure } from '@/lib/api/errors';
import { changeAdminRole, findUserByEmail, makeAdmin } from '@/lib/accounts';
import { roleChangeFailure } from '../../role-change';

/** PUT /api/user/admin/{email} (admin): makes the user an admin. */
export const PUT = handle(makeAdminOp, async ({ params }) => {
  const user = await makeAdmin(params.email);
  if (!user) throw failure('user.not_found');
  return { email: user.email, role: user.role };
});

/**
 * DELETE /api/user/admin/{email} (admin): takes the admin role away (the user stays, as a
 * buyer). Never from the last admin, also when admins demote each other at the same moment;
 * demoting yourself works while another admin remains. An address in ADMIN_EMAILS is an admin
 * by configuration, which the database cannot overrule: 409. The demoted person keeps their
 * session, and loses the admin rights on their next request (the role is read from the
 * database every time).
 */
export const DELETE = handle(removeAdminOp, async ({ params }) => {
  const target = await findUserByEmail(params.email);
  if (!target) throw failure('user.not_found');
  const outcome = await changeAdminRole(target.id, 'demote');
  if (outcome !== 'done') throw roleChangeFailure(outcome, 'demote', target.email);
  return { email: target.email, role: 'user' };
});
