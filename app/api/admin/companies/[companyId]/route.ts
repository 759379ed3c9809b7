import { ObjectId } from 'mongodb';
import { handle } from '@/lib/api/handle';
import { adminCompany } from '@/lib/companies';
import { getAdminCompanyOp } from '@/lib/companies/api';
import { recentCompanyOrders } from '@/lib/orders';

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
