import { pageHeaders } from '@/lib/api/pagination';
import { handle, reply } from '@/lib/api/handle';
import { adminCompanyPage } from '@/lib/companies';
import { listAdminCompaniesOp } from '@/lib/companies/api';
import { openOrderCountsByCompany } from '@/lib/orders';

/**
 * GET /api/admin/companies (admins): one page of the companies by name, each with its member
 * count and its open orders (unpaid, awaiting approval, paid or processing). `?q=` keeps the
 * names containing the text in any case; `?page=` and `?limit=` page as GET /api/review does,
 * with `X-Total-Count` and `Link`. A bad parameter answers 400.
 */
export const GET = handle(
  listAdminCompaniesOp,
  async ({ request, query }) => {
    const result = await adminCompanyPage(query);
    const open = await openOrderCountsByCompany(result.companyIds);
    const items = result.items.map(({ createdAt, ...company }) => ({
      ...company,
      openOrderCount: open.get(company._id) ?? 0,
      createdAt,
    }));
    return reply(items, { status: 200, headers: pageHeaders(new URL(request.url), result) });
  },
  { everyQueryValue: true },
);
