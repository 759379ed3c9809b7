import type { Metadata } from 'next';
import { EmailVerification } from '@/components/profile/EmailVerification';
import { ProfileForm } from '@/components/profile/ProfileForm';
import { SignOutEverywhere } from '@/components/profile/SignOutEverywhere';
import { requirePageUser } from '@/lib/accounts';
import { profileDetails } from '@/lib/accounts';
import { DashboardSection } from '@/components/dashboard/DashboardSection';
import { ProfileCompanyNote } from '@/components/companies/ProfileCompanyNote';
import { companyOfMember } from '@/lib/companies';

export const metadata: Metadata = { title: 'My Profile' };

type Props = { searchParams: Promise<{ verified?: string | string[] }> };

export default async function MyProfilePage({ searchParams }: Props) {
  const user = await requirePageUser('/dashboard');
  const { verified } = await searchParams;
  // The profile's own company name and tax id stay as they are; a company account is apart.
  const membership = await companyOfMember(user);
  return (
    <DashboardSection id="profile-title" title="My Profile">
      <EmailVerification
        verified={user.emailVerified}
        result={typeof verified === 'string' ? verified : undefined}
      />
      <ProfileCompanyNote
        membership={
          membership ? { name: membership.company.name, role: membership.member.role } : null
        }
        profileCompany={user.company ?? ''}
      />
      <ProfileForm initial={profileDetails(user)} />
      <SignOutEverywhere />
    </DashboardSection>
  );
}
