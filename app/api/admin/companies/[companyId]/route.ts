import { ObjectId } from 'mongodb';
import { handle } from '@/lib/api/handle';
import { adminCompany } from '@/lib/companies';
import { getAdminCompanyOp } from '@/lib/companies/api';
import { recentCompanyOrders } from '@/lib/orders';
import { assignPriceList } from '@/lib/pricing';
import { assignCompanyPriceListOp } from '@/lib/pricing/api';

/** How many of a company's newest orders its admin view shows. */
const RECENT_ORDERS = 20;

/**
 * GET /api/admin/companies/{companyId} (admins): the company, its members with their accounts'
 * names and emails, and its newest orders; 404 `company.not_found` for an unknown id.
 */
export const GET = handle(getAdminCompanyOp, async ({ params }) => {
  const company = await adminCompany(params.companyId);
  const orders = await recentCompanyOrders(new ObjectId(company._id), RECENT_ORDERS);
  return {
    ...company,
    orders: orders.map(({ _id, createdAt, status, totalCents, placedBy }) => ({
      _id,
      createdAt,
      status,
      totalCents,
      placedBy,
    })),
  };
});

/**
 * PATCH /api/admin/companies/{companyId} (admins): `{ priceListId }`, the price list the company
 * buys at (null: none), kept by lib/pricing; 404 for an unknown company or list.
 */
export const PATCH = handle(assignCompanyPriceListOp, ({ user, params, body }) =>
  assignPriceList(user, params.companyId, body),
);
