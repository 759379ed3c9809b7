import type { Limit } from '@/lib/core/rate-limit';

/**
 * Order lists sent to a colleague per member and hour (each mails the colleague). Enforced by
 * the rate-limit engine (lib/core/rate-limit.ts).
 */
export const shareCartLimit = {
  name: 'cart-share:user',
  max: 30,
  windowSeconds: 60 * 60,
} satisfies Limit;
