import 'server-only';
import { enforce, type Limit } from '@/lib/core/rate-limit';

/** Reviews per person: 10 in each 10 minutes, whether the photo comes along or was uploaded before. */
export const reviewLimit: Limit = { name: 'review:user', max: 10, windowSeconds: 10 * 60 };

/**
 * What one review by `userId` counts on. A review whose photo comes as a file hands these to
 * the upload (`withStoredImage`, lib/images), which counts them together with the upload limit
 * before the photo is stored.
 */
export function reviewLimits(userId: string): Array<{ limit: Limit; key: string }> {
  return [{ limit: reviewLimit, key: userId }];
}

/** Counts one review by `userId` whose photo was uploaded before (429 past the limit). */
export async function admitReview(userId: string): Promise<void> {
  await enforce(reviewLimits(userId));
}
