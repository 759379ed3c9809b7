import Link from 'next/link';
import { billingWording } from '@/lib/core/b2b-wording/billing';

const words = billingWording.noInvoices;

/**
 * What the invoices and statement pages say to someone who has none to read: no company yet, or
 * a role in it that does not handle its invoices (owners and accounts members do).
 */
export function NoInvoices({ companyName }: { companyName: string | null }) {
  return (
    <p className="mt-4 max-w-2xl text-slate-700" role="status">
      {companyName ? words.notAllowed(companyName) : words.noCompany}{' '}
      <Link href="/dashboard/company" className="font-medium text-brand-700 underline">
        {companyName ? words.seeCompany : words.createOrJoin}
      </Link>
    </p>
  );
}
