import { handle } from '@/lib/api/handle';
import { adminAddCompanyMember } from '@/lib/companies';
import { addAdminCompanyMemberOp } from '@/lib/companies/api';

/**
 * POST /api/admin/companies/{companyId}/members (admins, for support): an existing account,
 * by its email, joins the company with the role given.
 */
export const POST = handle(addAdminCompanyMemberOp, ({ params, body }) =>
  adminAddCompanyMember(params.companyId, body),
);
