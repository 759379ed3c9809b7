import type { Metadata } from 'next';
import { ProfileForm } from '@/components/profile/ProfileForm';
import { requirePageUser } from '@/lib/auth/session';

export const metadata: Metadata = { title: 'My Profile' };

export default async function MyProfilePage() {
  const user = await requirePageUser('/dashboard');
  return (
    <section aria-labelledby="profile-title">
      <h1 id="profile-title" className="text-2xl font-bold text-slate-900">
        My Profile
      </h1>
      <ProfileForm
        initial={{
          name: user.name,
          email: user.email,
          education: user.profile?.education ?? '',
          location: user.profile?.location ?? '',
          link: user.profile?.link ?? '',
        }}
      />
    </section>
  );
}
