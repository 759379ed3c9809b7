import 'server-only';
import { collections } from '@/lib/core/collections';
import { getDb } from '@/lib/core/db';
import { randomUUID } from 'node:crypto';
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

/** The payer's Stripe Customer id if one was made, without making one. */
export async function knownStripeCustomer(key: string): Promise<string | null> {
  const { stripeCustomers } = collections(await getDb());
  return (await stripeCustomers.findOne({ _id: key }))?.customerId ?? null;
}
