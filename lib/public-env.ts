/**
 * Environment values the browser may see. Next.js inlines `process.env.NEXT_PUBLIC_*` into the
 * client bundle at build time, so each one is read here as a literal expression; everything else
 * reads `env` from lib/core/env.ts.
 */
export const publicEnv = {
  /** Stripe's publishable key; card entry is off without it. */
  stripePublishableKey: process.env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY || undefined,
} as const;
