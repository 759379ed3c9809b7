import type { Limit } from '@/lib/core/rate-limit';

/**
 * Requests for quote per user and hour (each mails the store). Enforced by the rate-limit
 * engine (lib/core/rate-limit.ts).
 */
export const requestQuoteLimit = {
  name: 'quote:user',
  max: 30,
  windowSeconds: 60 * 60,
} satisfies Limit;
