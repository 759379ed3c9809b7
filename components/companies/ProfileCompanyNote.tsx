import Link from 'next/link';
import { COMPANY_ROLE_LABELS, type CompanyRole } from '@/lib/companies/shared';
import { companyWording as words } from '@/lib/core/b2b-wording/company';

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
        {words.profileNote.company} <span className="font-semibold">{membership.name}</span>{' '}
        {words.profileNote.role(COMPANY_ROLE_LABELS[membership.role])}{' '}
        <Link href="/dashboard/company" className="font-medium text-brand-700 underline">
          {words.profileNote.goToCompany}
        </Link>
      </p>
    );
  }
  if (!profileCompany) return null;
  return (
    <div className="mt-4 max-w-xl rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm text-slate-800">
      <p>
        {words.profileNote.namesCompany} <span className="font-semibold">{profileCompany}</span>
        {words.profileNote.afterName} {words.profileNote.createPrompt}
      </p>
      <Link
        href="/dashboard/company"
        className="mt-2 inline-block font-medium text-brand-700 underline"
      >
        {words.profileNote.createLink}
      </Link>
    </div>
  );
}
