import { handle } from '@/lib/api/handle';
import { companyOrdersFor } from '@/lib/orders';
import { listCompanyOrdersOp } from '@/lib/orders/api';

/** GET /api/companies/me/orders: the orders of the caller's company, with who placed each. */
export const GET = handle(listCompanyOrdersOp, async ({ user, query }) => ({
  items: await companyOrdersFor(user, query.status ? { status: query.status } : {}),
}));
