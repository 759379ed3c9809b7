import type { Metadata } from 'next';
import { QuotesTable } from '@/components/quote/QuotesTable';
import { requirePageUser } from '@/lib/accounts';
import { quotesFor } from '@/lib/quotes';
import { DashboardSection } from '@/components/dashboard/DashboardSection';
import { quotesWording } from '@/lib/core/b2b-wording/quotes';

const words = quotesWording.page;

export const metadata: Metadata = { title: words.title };

/**
 * Quotes, for buyers and admins alike (not an admin page): a buyer's own requests for quote (for
 * one product, or for a whole order list with its lines), every quote for an admin, newest
 * first, each with what can be done with it now.
 */
export default async function QuotesPage() {
  const user = await requirePageUser('/dashboard/quotes');
  const admin = user.role === 'admin';
  const quotes = await quotesFor(user);
  return (
    <DashboardSection id="quotes-heading" title={words.title}>
      <p className="mt-1 text-sm text-slate-600">{admin ? words.introAdmin : words.intro}</p>
      <QuotesTable quotes={quotes} admin={admin} />
    </DashboardSection>
  );
}
