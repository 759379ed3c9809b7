import Link from 'next/link';
import { COMPANY_ROLE_LABELS, type CompanyRole } from '@/lib/companies/shared';

/**
 * My Profile's note about company accounts: a member reads their company and role, with a
 * link to it; someone without a company whose profile names one is offered to create it (the
 * form is prefilled from the profile). Nothing for anyone else: they use the store as before.
 */
export function ProfileCompanyNote({
  membership,
  profileCompany,
}: {
  membership: { name: string; role: CompanyRole } | null;
  profileCompany: string;
}) {
  if (membership) {
    return (
      <p className="mt-4 max-w-xl rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800">
        Company: <span className="font-semibold">{membership.name}</span> (
        {COMPANY_ROLE_LABELS[membership.role]}).{' '}
        <Link href="/dashboard/company" className="font-medium text-brand-700 underline">
          Go to your company
        </Link>
      </p>
    );
  }
  if (!profileCompany) return null;
  return (
    <div className="mt-4 max-w-xl rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm text-slate-800">
      <p>
        Your profile names a company, <span className="font-semibold">{profileCompany}</span>.
        Create your company account to invite colleagues and share orders.
      </p>
      <Link
        href="/dashboard/company"
        className="mt-2 inline-block font-medium text-brand-700 underline"
      >
        Create your company
      </Link>
    </div>
  );
}
