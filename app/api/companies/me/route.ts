import { handle } from '@/lib/api/handle';
import { getMyCompanyOp, updateMyCompanyOp } from '@/lib/companies/api';
import { myCompany, updateMyCompany } from '@/lib/companies';

/** GET /api/companies/me: the caller's company; PATCH: its own fields (owners). */
export const GET = handle(getMyCompanyOp, ({ user }) => myCompany(user));
export const PATCH = handle(updateMyCompanyOp, ({ user, body }) => updateMyCompany(user, body));
