import type { Metadata } from 'next';
import Link from 'next/link';
import { StaticPage } from '@/components/layout/StaticPage';
import { pageMetadata, storeName } from '@/lib/core/site';

export const metadata: Metadata = pageMetadata({
  title: 'About us',
  description: `Who ${storeName} is: a parts manufacturer that machines, inspects and ships its own gears, bearings and fittings directly to businesses.`,
  path: '/about',
});

export default function AboutPage() {
  return (
    <StaticPage
      title="About us"
      lead={`${storeName} is a parts manufacturer. We sell what we make directly to the businesses that use it, in bulk and without a distributor in between.`}
      sections={[
        {
          heading: 'What we make',
          body: (
            <p>
              Gears, bearings, fasteners, hydraulic and pipe fittings, valves, bushings, springs and
              power-transmission parts. Every part in this store comes off our own lines: we forge,
              machine, heat-treat and inspect it ourselves.
            </p>
          ),
        },
        {
          heading: 'How we sell',
          body: (
            <>
              <p>
                This store is for business buyers. Each part has a minimum order quantity, shown on
                its card, and the price you see is our factory price. You pay by card when you place
                an order and can follow payment and delivery from your dashboard.
              </p>
              <p>
                Each lot ships with its inspection record. For drawings, quantities beyond the stock
                shown or anything else,{' '}
                <Link className="text-brand-700 underline" href="/contactus">
                  write to us
                </Link>
                .
              </p>
            </>
          ),
        },
        {
          heading: 'Find a part',
          body: (
            <p>
              Browse or search the whole catalogue by name or part number on the{' '}
              <Link className="text-brand-700 underline" href="/products">
                products page
              </Link>
              .
            </p>
          ),
        },
      ]}
    />
  );
}
