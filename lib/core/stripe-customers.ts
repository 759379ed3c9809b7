import 'server-only';
import { collections } from '@/lib/core/collections';
import { getDb } from '@/lib/core/db';
import { createHash, randomUUID } from 'node:crypto';
import { isStripeServerError, Stripe, stripeClient, stripeUnavailable } from '@/lib/core/stripe';

/**
 * One Stripe Customer per payer, shared by every feature that needs one (a bank transfer's
 * PaymentIntent, a company's invoices on account): keyed by who pays (`company:<id>` or
 * `user:<id>`). The customer is created with an idempotency key derived from that key, so
 * concurrent first calls get the same customer from Stripe, and stored once (the key is the
 * document's `_id`); every later call reads it. After Stripe failed on its side (5xx) the
 * create is tried once more with a fresh key.
 */

/** The payer's Stripe Customer id, created (with `params`) the first time it is asked for. */
export async function stripeCustomerFor(
  key: string,
  params: () => Promise<Stripe.CustomerCreateParams> | Stripe.CustomerCreateParams,
): Promise<string> {
  const { stripeCustomers } = collections(await getDb());
  const known = await stripeCustomers.findOne({ _id: key });
  if (known) return known.customerId;
  const given = await params();
  const create = (idempotencyKey: string) =>
    stripeClient().customers.create(
      { ...given, metadata: { ...given.metadata, payer: key } },
      { idempotencyKey },
    );
  let customer: Stripe.Customer;
  try {
    customer = await create(`customer-${key}`);
  } catch (error) {
    // Stripe keeps a 5xx under its idempotency key for a day: after Stripe failed on its side,
    // the next try takes a fresh key, so one failure does not block the payer for a day.
    if (!isStripeServerError(error)) throw stripeUnavailable(error);
    try {
      customer = await create(`customer-${key}-after-failure-${randomUUID()}`);
    } catch (again) {
      throw stripeUnavailable(again);
    }
  }
  try {
    await stripeCustomers.insertOne({ _id: key, customerId: customer.id, createdAt: new Date() });
    return customer.id;
  } catch (error) {
    if ((error as { code?: number }).code !== 11000) throw error;
    // Another request stored it first: that one is the payer's customer.
    return (await stripeCustomers.findOne({ _id: key }))!.customerId;
  }
}

/**
 * Keeping a payer's customer in step with the payer: the feature that owns a kind of payer
 * (`company`: lib/billing) registers what to wake when one changes; whoever changes the payer
 * (lib/companies: its profile, its members) calls `payerChanged`, which marks the payer's
 * customer stale (a recorded intent: the owner's job finds it even when nothing is woken, e.g.
 * after a crash) and wakes the owner. The owner brings the customer in step with
 * `customerInStep`, comparing a fingerprint of what it would send with what was sent last.
 */
const listeners = ((
  globalThis as typeof globalThis & { __storefrontPayerListeners?: Map<string, () => void> }
).__storefrontPayerListeners ??= new Map());

/** Registers what to do when a payer of `kind` (`company`) changes: wake its owner's job. */
export function onPayerChanged(kind: string, wake: () => void): void {
  listeners.set(kind, wake);
}

/** The payer `key` (`company:<id>`) changed: its Stripe customer, if it has one, is to follow. */
export async function payerChanged(key: string, now = new Date()): Promise<void> {
  const { stripeCustomers } = collections(await getDb());
  const { matchedCount } = await stripeCustomers.updateOne(
    { _id: key, staleSince: { $exists: false } },
    { $set: { staleSince: now } },
  );
  const exists = matchedCount === 1 || (await stripeCustomers.countDocuments({ _id: key })) > 0;
  if (exists) listeners.get(key.split(':')[0]!)?.();
}

/** The payers of `kind` whose customer is stale, oldest change first. */
export async function stalePayers(kind: string, limit: number): Promise<string[]> {
  const { stripeCustomers } = collections(await getDb());
  const docs = await stripeCustomers
    .find({ staleSince: { $exists: true }, _id: { $regex: `^${kind}:` } })
    .sort({ staleSince: 1 })
    .limit(limit)
    .toArray();
  return docs.map((doc) => doc._id);
}

/**
 * Brings the payer's customer in step with `params` (and whatever `more` sends besides, e.g.
 * its tax id): when their fingerprint differs from the one last sent, or the payer changed
 * since, `update` runs (it tells Stripe) and the new fingerprint is kept; the stale mark is
 * cleared only when no change came in meanwhile.
 */
export async function customerInStep(
  key: string,
  customerId: string,
  profile: unknown,
  update: () => Promise<void>,
): Promise<void> {
  const { stripeCustomers } = collections(await getDb());
  const known = await stripeCustomers.findOne({ _id: key });
  const fingerprint = createHash('sha256').update(JSON.stringify(profile)).digest('hex');
  if (known && known.profile === fingerprint && !known.staleSince) return;
  await update();
  await stripeCustomers.updateOne(
    { _id: key, customerId },
    known?.staleSince
      ? [
          {
            $set: {
              profile: fingerprint,
              // A change recorded after this read stays to be done.
              staleSince: {
                $cond: [{ $gt: ['$staleSince', known.staleSince] }, '$staleSince', '$$REMOVE'],
              },
            },
          },
        ]
      : { $set: { profile: fingerprint } },
  );
}

/** The payer's Stripe Customer id if one was made, without making one. */
export async function knownStripeCustomer(key: string): Promise<string | null> {
  const { stripeCustomers } = collections(await getDb());
  return (await stripeCustomers.findOne({ _id: key }))?.customerId ?? null;
}
