import type { Metadata } from 'next';
import { JoinCompany } from '@/components/companies/JoinCompany';
import { DashboardSection } from '@/components/dashboard/DashboardSection';
import { requirePageUser } from '@/lib/accounts';
import { previewInvitation } from '@/lib/companies';
import { invitationsWording as words } from '@/lib/core/b2b-wording/invitations';
import { notices } from '@/lib/core/notices';

export const metadata: Metadata = { title: 'Join the company' };

type Props = {
  searchParams: Promise<{ token?: string | string[]; verified?: string | string[] }>;
};

/** What the verification mail's link, which led back here, says about the person's address. */
function verificationNotice(verified: unknown, emailVerified: boolean): string | null {
  if (!emailVerified) return null;
  if (verified === '1') return notices.emailVerified;
  if (verified === 'already') return notices.emailAlreadyVerified;
  return null;
}

/**
 * Where an invitation's mailed link leads: "Join <company> as <role>" with an Accept button
 * ("Join the company" for a link whose invitation cannot be used, whose Accept says why).
 * Signed out, the person signs in or up first and comes back here with the token (the proxy
 * and this page keep the query in the callback; the sign-in and sign-up pages show the
 * invitation meanwhile, and the verification mail's link leads back here too).
 */
export default async function JoinCompanyPage({ searchParams }: Props) {
  const { token, verified } = await searchParams;
  const value = typeof token === 'string' && token !== '' ? token : null;
  const user = await requirePageUser(
    value
      ? `/dashboard/company/join?token=${encodeURIComponent(value)}`
      : '/dashboard/company/join',
  );
  const invitation = value ? await previewInvitation(value) : null;
  const notice = verificationNotice(verified, user.emailVerified);
  return (
    <DashboardSection
      id="join-title"
      title={invitation ? words.joinTitle(invitation) : words.unknownTitle}
    >
      {notice ? (
        <p
          role="status"
          className="mt-3 max-w-xl rounded-md bg-green-50 p-3 text-sm text-green-800"
        >
          {notice}
        </p>
      ) : null}
      <JoinCompany token={value} invitation={invitation} />
    </DashboardSection>
  );
}
