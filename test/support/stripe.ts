import Stripe from 'stripe';
import { start } from '../../e2e/stand-ins/stripe.mjs';

export type StripeStandIn = Awaited<ReturnType<typeof start>>;

/**
 * The local Stripe stand-in on a free port, for a Vitest file that pays orders by card: the
 * environment is pointed at it (call this before importing any app module: lib/core/env reads the
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

/** What the stand-in's fault switch accepts (see the top of e2e/stand-ins/stripe.mjs). */
export interface StripeFault {
  mode: 'error' | 'hang';
  /** How many requests fail; until cleared when absent. */
  count?: number;
  /** Whose requests fail: the store's server (secret key, the default) or also the browser's. */
  keys?: 'secret' | 'any';
  /** Only requests about this order (its intent's metadata). */
  orderId?: string;
}

/**
 * The fault switch of a stand-in running in another process (the end-to-end environment's, at
 * `baseUrl`), over its `/__stand-in/faults` endpoint.
 */
export function stripeFaultSwitch(baseUrl: string) {
  const endpoint = `${baseUrl.replace(/\/$/, '')}/__stand-in/faults`;
  const send = async (method: 'POST' | 'DELETE' | 'GET', body?: StripeFault) => {
    const response = await fetch(endpoint, {
      method,
      headers: body ? { 'content-type': 'application/json' } : undefined,
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`Stripe stand-in fault switch: ${JSON.stringify(answer)}`);
    return answer as {
      mode: string | null;
      failed: number;
      hung: number;
      remaining: number | null;
    };
  };
  return {
    fail: (fault: StripeFault) => send('POST', fault),
    clear: () => send('DELETE'),
    status: () => send('GET'),
  };
}
