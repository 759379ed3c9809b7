import type { Metadata } from 'next';
import { requirePageUser } from '@/lib/accounts';
import { ReviewForm } from '@/components/review/ReviewForm';
import { DashboardSection } from '@/components/dashboard/DashboardSection';

export const metadata: Metadata = { title: 'Add a Review' };

export default async function AddReviewPage() {
  await requirePageUser('/dashboard/review');
  return (
    <DashboardSection id="add-review-title" title="Add a Review" gap="mb-2">
      <p className="mb-6 text-slate-600">
        Tell other buyers how our parts worked for you. Your review appears on the home page.
      </p>
      <ReviewForm />
    </DashboardSection>
  );
}
