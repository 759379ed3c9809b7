import Link from 'next/link';

/**
 * What the invoices and statement pages say to someone who has none to read: no company yet, or
 * a role in it that does not handle its invoices (owners and accounts members do).
 */
export function NoInvoices({ companyName }: { companyName: string | null }) {
  return (
    <p className="mt-4 max-w-2xl text-slate-700" role="status">
      {companyName
        ? `Your role in ${companyName} does not show its invoices: its owners and accounts members see and pay them.`
        : 'You do not belong to a company yet. Invoices on account are a company’s: create or join one.'}{' '}
      <Link href="/dashboard/company" className="font-medium text-brand-700 underline">
        {companyName ? 'See your company' : 'Create or join a company'}
      </Link>
    </p>
  );
}
