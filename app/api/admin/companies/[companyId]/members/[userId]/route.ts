import { handle } from '@/lib/api/handle';
import { adminRemoveCompanyMember } from '@/lib/companies';
import { removeAdminCompanyMemberOp } from '@/lib/companies/api';

/**
 * DELETE /api/admin/companies/{companyId}/members/{userId} (admins): the member leaves the
 * company; its last owner stays (409 `company.last_owner`).
 */
export const DELETE = handle(removeAdminCompanyMemberOp, async ({ params }) => {
  await adminRemoveCompanyMember(params.companyId, params.userId);
  return new Response(null, { status: 204 });
});
