import { handle } from '@/lib/api/handle';
import { approvalsFor } from '@/lib/orders';
import { listApprovalsOp } from '@/lib/orders/api';

/** GET /api/approvals: the orders of the caller's company awaiting approval (approvers, owners). */
export const GET = handle(listApprovalsOp, async ({ user }) => ({
  items: await approvalsFor(user),
}));
