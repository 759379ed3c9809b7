import type { Metadata } from 'next';
import { EmailVerification } from '@/components/profile/EmailVerification';
import { ProfileForm } from '@/components/profile/ProfileForm';
import { SignOutEverywhere } from '@/components/profile/SignOutEverywhere';
import { requirePageUser } from '@/lib/accounts';
import { profileDetails } from '@/lib/accounts';

export const metadata: Metadata = { title: 'My Profile' };

type Props = { searchParams: Promise<{ verified?: string | string[] }> };

export default async function MyProfilePage({ searchParams }: Props) {
  const user = await requirePageUser('/dashboard');
  const { verified } = await searchParams;
  return (
    <section aria-labelledby="profile-title">
      <h1 id="profile-title" className="text-2xl font-bold text-slate-900">
        My Profile
      </h1>
      <EmailVerification
        verified={user.emailVerified}
        result={typeof verified === 'string' ? verified : undefined}
      />
      <ProfileForm initial={profileDetails(user)} />
      <SignOutEverywhere />
    </section>
  );
}
