import { handle } from '@/lib/api/handle';
import { isAdminOp } from '@/lib/accounts/api';
import { findUserByEmail } from '@/lib/accounts';

/** GET /api/admin/{email}: `{ admin }` for your own email, or for any email if you are admin. */
export const GET = handle(isAdminOp, async ({ user, params: { email } }) => {
  const target = user.email === email ? user : await findUserByEmail(email);
  return { admin: target?.role === 'admin' };
});
