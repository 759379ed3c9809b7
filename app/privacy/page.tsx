import type { Metadata } from 'next';
import Link from 'next/link';
import { StaticPage } from '@/components/layout/StaticPage';
import { pageMetadata, storeName } from '@/lib/core/site';

export const metadata: Metadata = pageMetadata({
  title: 'Privacy policy',
  description: `What personal data ${storeName} keeps about its buyers, why, who else handles it, and how to have it corrected or removed.`,
  path: '/privacy',
});

export default function PrivacyPage() {
  return (
    <StaticPage
      title="Privacy policy"
      lead={`${storeName} keeps the personal data it needs to run your account and fulfil your orders, and nothing for advertising.`}
      sections={[
        {
          heading: 'What we keep',
          body: (
            <ul className="list-disc space-y-2 pl-5">
              <li>
                Your account: name, email address and, for a password account, a salted hash of the
                password (never the password itself). If you sign in with Google, the name, email
                and picture Google shares with us.
              </li>
              <li>The profile details you choose to add on My Profile.</li>
              <li>
                Your orders: the parts and quantities, the delivery address and phone number, and
                whether the order is paid.
              </li>
              <li>
                Reviews you post, with the name, location and photo you give; they are shown
                publicly on the home page.
              </li>
              <li>
                Messages you send through the contact form, which reach our sales team by email.
              </li>
            </ul>
          ),
        },
        {
          heading: 'Who else handles it',
          body: (
            <p>
              Card payments are processed by our payment provider; we never see or store card
              numbers. Uploaded images may be stored with an image-hosting service, and mail is sent
              through our mail provider. We do not sell personal data.
            </p>
          ),
        },
        {
          heading: 'Security',
          body: (
            <p>
              Sign-in attempts are rate-limited, and a password reset ends every other session of
              the account. Limits on sign-in and contact requests keep short-lived counters of email
              and network addresses.
            </p>
          ),
        },
        {
          heading: 'Your choices',
          body: (
            <p>
              You can correct your profile at any time. To have your account or data removed, or to
              ask what we hold about you,{' '}
              <Link className="text-brand-700 underline" href="/contactus">
                contact us
              </Link>
              . Records of paid orders are kept as our accounts require. See also our{' '}
              <Link className="text-brand-700 underline" href="/cookies">
                cookie policy
              </Link>
              .
            </p>
          ),
        },
      ]}
    />
  );
}
