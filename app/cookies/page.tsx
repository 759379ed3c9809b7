import type { Metadata } from 'next';
import { StaticPage } from '@/components/layout/StaticPage';
import { pageMetadata, storeName } from '@/lib/core/site';

export const metadata: Metadata = pageMetadata({
  title: 'Cookie policy',
  description: `The cookies ${storeName} sets: only those that keep you signed in and protect sign-in. No advertising or analytics cookies.`,
  path: '/cookies',
});

export default function CookiesPage() {
  return (
    <StaticPage
      title="Cookie policy"
      lead={`${storeName} uses only the cookies that signing in needs. We use no advertising, analytics or tracking cookies.`}
      sections={[
        {
          heading: 'Cookies we set',
          body: (
            <ul className="list-disc space-y-2 pl-5">
              <li>
                <strong>Session cookie</strong>: keeps you signed in. It is set when you sign in and
                ends when you sign out, or after seven days at the latest.
              </li>
              <li>
                <strong>Sign-in protection</strong>: short-lived cookies that protect the sign-in
                forms against forged requests and remember where to return after signing in
                (including with Google).
              </li>
            </ul>
          ),
        },
        {
          heading: 'Stored in your browser',
          body: (
            <p>
              After signing in, the store keeps an access token for its own requests in your
              browser&apos;s local storage. It expires after 24 hours and is removed when you sign
              out.
            </p>
          ),
        },
        {
          heading: 'Payments',
          body: (
            <p>
              When you pay by card, the card form is provided by our payment provider, which may set
              its own cookies for fraud prevention under its own policy.
            </p>
          ),
        },
      ]}
    />
  );
}
