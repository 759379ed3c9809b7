import type { Metadata } from 'next';
import Link from 'next/link';
import { StaticPage } from '@/components/layout/StaticPage';
import { pageMetadata, storeName } from '@/lib/core/site';

export const metadata: Metadata = pageMetadata({
  title: 'Warranty',
  description: `How ${storeName} handles parts that do not meet their specification: inspection records, reporting a problem, and replacement or refund.`,
  path: '/warranty',
});

export default function WarrantyPage() {
  return (
    <StaticPage
      title="Warranty"
      lead={`${storeName} stands behind the parts it makes: every lot is inspected before it ships, and a part that does not meet its stated specification is our problem to put right.`}
      sections={[
        {
          heading: 'Inspection',
          body: (
            <p>
              Each lot ships with its inspection record, so you can check what you received against
              what we measured.
            </p>
          ),
        },
        {
          heading: 'Reporting a problem',
          body: (
            <p>
              If parts do not meet their specification,{' '}
              <Link className="text-brand-700 underline" href="/contactus">
                write to us
              </Link>{' '}
              as soon as you find it, with the order, the part, the quantity affected and what you
              measured or saw. Please keep the parts until we have agreed what happens to them.
            </p>
          ),
        },
        {
          heading: 'What we do',
          body: (
            <p>
              We review the report and the lot&apos;s records. Where parts are confirmed not to meet
              their specification, we replace them or refund them. Wear from use, parts used outside
              their stated ratings, and parts modified after delivery are not covered. Terms agreed
              in writing for a particular order take precedence over this page.
            </p>
          ),
        },
      ]}
    />
  );
}
