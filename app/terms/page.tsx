import type { Metadata } from 'next';
import Link from 'next/link';
import { StaticPage } from '@/components/layout/StaticPage';
import { env } from '@/lib/core/env';
import { UNVERIFIED_MAX_UNPAID_ORDERS } from '@/lib/orders';
import { pageMetadata, storeName } from '@/lib/core/site';

const unpaidHours = env.UNPAID_ORDER_TTL_HOURS;
const unverifiedMinutes = env.UNVERIFIED_HOLD_MINUTES;

export const metadata: Metadata = pageMetadata({
  title: 'Terms of sale',
  description: `How ordering from ${storeName} works: business buyers, minimum order quantities, card payment, unpaid orders and delivery.`,
  path: '/terms',
});

export default function TermsPage() {
  return (
    <StaticPage
      title="Terms of sale"
      lead={`These are the plain rules of buying from ${storeName} through this store. A written contract or quote agreed with us for a particular order takes precedence over this page.`}
      sections={[
        {
          heading: 'Who can order',
          body: (
            <p>
              We sell to businesses. To order you need an account, and you order at least the
              minimum quantity shown for each part.
            </p>
          ),
        },
        {
          heading: 'Prices and payment',
          body: (
            <p>
              Prices are shown in US dollars per piece and the total of an order is calculated by
              our server from the current price. An order is paid by card through our payment
              provider; we do not see or store your card number.
            </p>
          ),
        },
        {
          heading: 'Unpaid orders',
          body: (
            <p>
              Placing an order reserves its stock. An order that stays unpaid for more than{' '}
              {unpaidHours} hours is cancelled and its stock released. Until you have verified your
              email address, an unpaid order holds its stock for {unverifiedMinutes} minutes and you
              can hold at most {UNVERIFIED_MAX_UNPAID_ORDERS} unpaid orders; paying at once works as
              usual. Each order&apos;s payment page shows when it must be paid by. You can delete an
              unpaid order yourself from your dashboard.
            </p>
          ),
        },
        {
          heading: 'Delivery',
          body: (
            <p>
              We ship paid orders to the address given with the order, with the lot&apos;s
              inspection record. Delivery times and freight are confirmed with you per order.
            </p>
          ),
        },
        {
          heading: 'Questions',
          body: (
            <p>
              For anything about an order,{' '}
              <Link className="text-brand-700 underline" href="/contactus">
                contact us
              </Link>
              . See also our{' '}
              <Link className="text-brand-700 underline" href="/warranty">
                warranty
              </Link>
              .
            </p>
          ),
        },
      ]}
    />
  );
}
