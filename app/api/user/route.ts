import { handle } from '@/lib/api/handle';
import { listUsersOp } from '@/lib/accounts/api';
import { listUsers } from '@/lib/accounts';

/** GET /api/user (admin): every user, without secrets. */
export const GET = handle(listUsersOp, async () => {
  const users = await listUsers();
  return users.map(({ id, email, name, role, image }) => ({ _id: id, email, name, role, image }));
});
