import { handle } from '@/lib/api/handle';
import { listMembersOp } from '@/lib/companies/api';
import { membersWithMonth } from '@/lib/orders';

/**
 * GET /api/companies/me/members: every member of the caller's company (lib/companies), with
 * what each member's orders of this month total so far (lib/orders).
 */
export const GET = handle(listMembersOp, ({ user }) => membersWithMonth(user));
