import type { Limit } from '@/lib/core/rate-limit';

/**
 * Orders placed per user and hour (POST /api/order, and each order of a quick order): enough for
 * quick orders, not for hoarding. Enforced by the rate-limit engine (lib/core/rate-limit.ts).
 */
export const placeOrderLimit = {
  name: 'order:user',
  max: 60,
  windowSeconds: 60 * 60,
} satisfies Limit;
