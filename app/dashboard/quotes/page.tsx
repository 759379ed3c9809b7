import type { Metadata } from 'next';
import { QuotesTable } from '@/components/quote/QuotesTable';
import { requirePageUser } from '@/lib/accounts';
import { quotesFor } from '@/lib/quotes';
import { DashboardSection } from '@/components/dashboard/DashboardSection';

export const metadata: Metadata = { title: 'Quotes' };

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
    <DashboardSection id="quotes-heading" title="Quotes">
      <p className="mt-1 text-sm text-slate-600">
        {admin
          ? 'Requests for quote from every buyer: answer them with a unit price (one per line for an order list) and a date it holds until, or decline them.'
          : 'Your requests for quote, for one product or a whole order list. Accept an answered quote before it expires to place the order at the quoted prices.'}
      </p>
      <QuotesTable quotes={quotes} admin={admin} />
    </DashboardSection>
  );
}
