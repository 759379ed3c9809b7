import { NextResponse } from 'next/server';
import { failure } from '@/lib/core/errors';
import { emailParam, route } from '@/lib/api/handler';
import { requireAdmin } from '@/lib/accounts';
import { changeAdminRole, findUserByEmail, makeAdmin } from '@/lib/accounts';
import { roleChangeFailure } from '../../role-change';

type Params = { email: string };

/** PUT /api/user/admin/{email} (admin): makes the user an admin. */
export const PUT = route<Params>(async (request, { params }) => {
  const { email } = await params;
  await requireAdmin(request);
  const user = await makeAdmin(emailParam(email));
  if (!user) throw failure('user.not_found');
  return NextResponse.json({ email: user.email, role: user.role });
});

/**
 * DELETE /api/user/admin/{email} (admin): takes the admin role away (the user stays, as a
 * buyer). Never from the last admin, also when admins demote each other at the same moment;
 * demoting yourself works while another admin remains. An address in ADMIN_EMAILS is an admin
 * by configuration, which the database cannot overrule: 409. The demoted person keeps their
 * session, and loses the admin rights on their next request (the role is read from the
 * database every time).
 */
export const DELETE = route<Params>(async (request, { params }) => {
  const { email } = await params;
  await requireAdmin(request);
  const target = await findUserByEmail(emailParam(email));
  if (!target) throw failure('user.not_found');
  const outcome = await changeAdminRole(target.id, 'demote');
  if (outcome !== 'done') throw roleChangeFailure(outcome, 'demote', target.email);
  return NextResponse.json({ email: target.email, role: 'user' });
});
