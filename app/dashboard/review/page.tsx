import type { Metadata } from 'next';
import { requirePageUser } from '@/lib/accounts';
import { ReviewForm } from '@/components/review/ReviewForm';

export const metadata: Metadata = { title: 'Add a Review' };

export default async function AddReviewPage() {
  await requirePageUser('/dashboard/review');
  return (
    <section aria-labelledby="add-review-title">
      <h1 id="add-review-title" className="mb-2 text-2xl font-bold text-slate-900">
        Add a Review
      </h1>
      <p className="mb-6 text-slate-600">
        Tell other buyers how our parts worked for you. Your review appears on the home page.
      </p>
      <ReviewForm />
    </section>
  );
}
