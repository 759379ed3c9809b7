import { handle } from '@/lib/api/handle';
import { listMembersOp } from '@/lib/companies/api';
import { listMembers } from '@/lib/companies';

/** GET /api/companies/me/members: every member of the caller's company (lib/companies). */
export const GET = handle(listMembersOp, ({ user }) => listMembers(user));
