import Stripe from 'stripe';
import { start } from '../../e2e/stand-ins/stripe.mjs';

export type StripeStandIn = Awaited<ReturnType<typeof start>>;

/**
 * The local Stripe stand-in on a free port, for a Vitest file that pays orders by card: the
 * environment is pointed at it (call this before importing any app module: lib/env reads the
 * environment once), and `stripe` is the real SDK talking to it, to act as the browser (confirm
 * a card) or as Stripe (events). With `appUrl`, it delivers signed webhooks there.
 */
export async function startStripeStandIn(
  options: { appUrl?: string } = {},
): Promise<{ standIn: StripeStandIn; stripe: Stripe }> {
  const standIn = await start({ ...options, port: 0 });
  Object.assign(process.env, standIn.env);
  const base = new URL(standIn.url);
  const stripe = new Stripe(standIn.env.STRIPE_SECRET_KEY, {
    host: base.hostname,
    port: Number(base.port),
    protocol: 'http',
  });
  return { standIn, stripe };
}
