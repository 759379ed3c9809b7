import { handle } from '@/lib/api/handle';
import { companyTerms, setCompanyTerms } from '@/lib/terms';
import { getCompanyTermsOp, setCompanyTermsOp } from '@/lib/terms/api';

/** GET /api/admin/companies/{companyId}/terms (admins): the company's payment terms. */
export const GET = handle(getCompanyTermsOp, ({ params }) => companyTerms(params.companyId));

/** PATCH /api/admin/companies/{companyId}/terms (admins): prepay, or net terms with a limit. */
export const PATCH = handle(setCompanyTermsOp, ({ user, params, body }) =>
  setCompanyTerms(user, params.companyId, body),
);
