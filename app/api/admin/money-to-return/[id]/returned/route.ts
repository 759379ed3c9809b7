import { handle } from '@/lib/api/handle';
import { markMoneyToReturnReturned } from '@/lib/billing';
import { markMoneyReturnedOp } from '@/lib/billing/api';

/**
 * POST /api/admin/money-to-return/{id}/returned (admins): marks money to return as returned to
 * its payer, once, with who, when and an optional note.
 */
export const POST = handle(markMoneyReturnedOp, ({ user, params, body }) =>
  markMoneyToReturnReturned(user, params.id, body),
);
