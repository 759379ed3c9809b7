import { randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import { collections, getDb } from './db';
import type { Role } from '@/lib/accounts/collections';
import {
  attachPaymentIntent,
  findOrder,
  markOrderPaid,
  placeOrder,
  type OrderRecord,
} from '@/lib/orders/store';
import { createProduct, type Product } from '@/lib/catalogue/store';
import { env } from '@/lib/core/env';
import {
  createPasswordUser,
  findUserById,
  makeAdmin,
  markEmailVerified,
  type User,
} from '@/lib/accounts/store/users';
import { productSchema, type ProductInput } from '@/lib/catalogue/validation/product';

/**
 * Test data made the way the store makes it: users, products and orders go through the same
 * store functions as sign-up, Add Product and the order form, so a test never holds a
 * document shape of its own. Shared by Vitest (each test file's database) and the Playwright
 * specs (the e2e server's database: playwright.config.ts points lib/core/env at it).
 *
 * A few states the store reaches only with time or from older versions have no store
 * function; each has one named function at the end of this file.
 */

/** A fresh email that matches the forms' email pattern (letters after @, 2-3 letter TLD). */
export function freshEmail(prefix = 'buyer'): string {
  return `${prefix}_${randomBytes(5).toString('hex')}@example.com`;
}

/** A user as the store sees them, with the password that signs them in. */
export type TestUser = User & { password: string };

/**
 * An email-and-password account with a fresh email (a buyer unless `role: 'admin'`);
 * `verified` as if the verification link had been opened.
 */
export async function makeUser(
  options: { role?: Role; name?: string; verified?: boolean } = {},
): Promise<TestUser> {
  const role = options.role ?? 'user';
  const name = options.name ?? (role === 'admin' ? 'Ada Admin' : 'Bo Buyer');
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const email = freshEmail(role);
  const created = await createPasswordUser({ name, email, password });
  if (!created.ok) throw new Error(`makeUser: ${email}: ${created.reason}`);
  if (options.verified) await markEmailVerified(created.user.id, email);
  if (role === 'admin') await makeAdmin(email);
  const user = await findUserById(created.user.id);
  if (!user) throw new Error(`makeUser: ${email} was not stored`);
  return { ...user, password };
}

/** Marks the account's email verified, as opening its verification link does. */
export async function verifyEmail(user: Pick<User, 'id' | 'email'>): Promise<void> {
  await markEmailVerified(user.id, user.email);
}

/** The fields of Add Product (price in dollars), and when it was added. */
export type ProductOverrides = Partial<ProductInput> & { createdAt?: Date };

/** A fresh part number, unique in any test database (`HB-M8-` and 8 hex digits unless told). */
export function freshSku(prefix = 'HB-M8'): string {
  return `${prefix}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

/**
 * A product of its own for one test (a box of bolts, category fasteners, with a fresh part
 * number unless told otherwise), checked by the same schema as Add Product.
 */
export async function makeProduct(overrides: ProductOverrides = {}): Promise<Product> {
  const { createdAt, ...fields } = overrides;
  const created = await createProduct(
    productSchema.parse({
      name: `Hex Bolt M8 ${randomBytes(3).toString('hex')}`,
      sku: freshSku(),
      category: 'fasteners',
      description: 'Zinc-plated steel hex bolts, M8 x 40 mm, grade 8.8, sold by the box.',
      minimumOrderQuantity: 500,
      availableQuantity: 10_000,
      price: 14.8,
      picture: '/images/products/hex-flange-bolt.webp',
      ...fields,
    }),
  );
  if (!created.ok) throw new Error(`makeProduct: ${created.reason}`);
  const product = created.product;
  if (createdAt) await backdateProduct(product._id, createdAt);
  return product;
}

export interface OrderOverrides {
  /** Units ordered; the product's minimum unless told otherwise. */
  quantity?: number;
  address?: string;
  phone?: string;
  /** The buyer's purchase-order number. */
  poNumber?: string;
  /** Paid with this (verified) PaymentIntent id, as after a card payment. */
  paidWith?: string;
  /** Placed at this time instead of now. */
  createdAt?: Date;
}

/**
 * An order placed by `buyer` for `product`, reserving its stock, as the order form places one
 * for a verified account (held UNPAID_ORDER_TTL_HOURS), the unpaid-orders cap aside: tests of
 * the cap and of the shorter hold of unverified accounts use the API.
 */
export async function makeOrder(
  buyer: Pick<User, 'id' | 'name' | 'email'>,
  product: Pick<Product, '_id' | 'minimumOrderQuantity'>,
  overrides: OrderOverrides = {},
): Promise<OrderRecord> {
  const placed = await placeOrder({
    lines: [
      { productId: product._id, quantity: overrides.quantity ?? product.minimumOrderQuantity },
    ],
    address: overrides.address ?? '12 Foundry Lane, Sheffield',
    phone: overrides.phone ?? '01142345678',
    poNumber: overrides.poNumber,
    user: { id: buyer.id, name: buyer.name, email: buyer.email },
    maxUnpaid: Number.MAX_SAFE_INTEGER,
    holdMs: env.UNPAID_ORDER_TTL_HOURS * 60 * 60 * 1000,
  });
  if (!placed.ok) throw new Error(`makeOrder: the order was refused (${placed.reason})`);
  const id = placed.insertedId;
  if (overrides.paidWith) await payOrder(id, overrides.paidWith);
  if (overrides.createdAt) await backdateOrder(id, overrides.createdAt);
  return (await findOrder(id))!;
}

/**
 * An order of several lines placed by `buyer`, one line per product in the order given (each of
 * `quantity` units, the product's minimum unless told otherwise), reserving every line's stock
 * as checkout does, the unpaid-orders cap aside. `overrides` as for `makeOrder` (its `quantity`
 * aside).
 */
export async function makeOrderOfLines(
  buyer: Pick<User, 'id' | 'name' | 'email'>,
  lines: Array<{ product: Pick<Product, '_id' | 'minimumOrderQuantity'>; quantity?: number }>,
  overrides: Omit<OrderOverrides, 'quantity'> = {},
): Promise<OrderRecord> {
  const placed = await placeOrder({
    lines: lines.map(({ product, quantity }) => ({
      productId: product._id,
      quantity: quantity ?? product.minimumOrderQuantity,
    })),
    address: overrides.address ?? '12 Foundry Lane, Sheffield',
    phone: overrides.phone ?? '01142345678',
    poNumber: overrides.poNumber,
    user: { id: buyer.id, name: buyer.name, email: buyer.email },
    maxUnpaid: Number.MAX_SAFE_INTEGER,
    holdMs: env.UNPAID_ORDER_TTL_HOURS * 60 * 60 * 1000,
  });
  if (!placed.ok) throw new Error(`makeOrderOfLines: the order was refused (${placed.reason})`);
  const id = placed.insertedId;
  if (overrides.paidWith) await payOrder(id, overrides.paidWith);
  if (overrides.createdAt) await backdateOrder(id, overrides.createdAt);
  return (await findOrder(id))!;
}

/** Marks an order paid with a PaymentIntent id, the way a verified card payment does. */
export async function payOrder(orderId: string, paymentIntentId: string): Promise<void> {
  const attached = await attachPaymentIntent(orderId, null, paymentIntentId);
  const result = attached
    ? await markOrderPaid(orderId, paymentIntentId)
    : ({ ok: false, reason: 'mismatch' } as const);
  if (!result.ok) throw new Error(`payOrder: ${orderId} was not paid (${result.reason})`);
}

// States the store has no function for: written with one update each.

/**
 * Money to return of a company, recorded as a card payment that succeeded for a cancelled order
 * is (billing's own store, `recordMoneyToReturn`). Answers its id.
 */
export async function makeMoneyToReturn(
  companyId: ObjectId,
  {
    orderId = new ObjectId(),
    amountCents = 1_000,
  }: { orderId?: ObjectId; amountCents?: number } = {},
): Promise<string> {
  const { recordMoneyToReturn } = await import('@/lib/billing/store');
  const { collections: billing } = await import('@/lib/billing/collections');
  const intent = `pi_${randomBytes(8).toString('hex')}`;
  await recordMoneyToReturn({
    key: `intent:${intent}`,
    kind: 'intent_paid_order_cancelled',
    orderId,
    invoiceId: null,
    invoiceNumber: null,
    companyId,
    amountCents,
    currency: 'usd',
    reference: intent,
    eventId: null,
    receivedAt: new Date(),
  });
  const entry = await billing(await getDb()).moneyToReturn.findOne({ reference: intent });
  return entry!._id.toHexString();
}

/** Makes a product look as if it had been added at `at` (the catalogue lists newest first). */
export async function backdateProduct(productId: string, at: Date): Promise<void> {
  await collections(await getDb()).products.updateOne(
    { _id: new ObjectId(productId) },
    { $set: { createdAt: at } },
  );
}

/**
 * Gives a product a name stored before names refused control characters (a line break, say):
 * such names stay in the catalogue and in orders, and every export must still carry them whole.
 */
export async function asProductNamedBeforeTextRules(
  productId: string,
  name: string,
): Promise<void> {
  await collections(await getDb()).products.updateOne(
    { _id: new ObjectId(productId) },
    { $set: { name } },
  );
}

/**
 * Makes an order look as if it had been placed at `at` (unpaid orders expire with age): its
 * time to be paid (`expiresAt`) moves with it, so it keeps the hold it was placed with.
 */
export async function backdateOrder(orderId: string, at: Date): Promise<void> {
  const { orders } = collections(await getDb());
  const _id = new ObjectId(orderId);
  const doc = await orders.findOne({ _id }, { projection: { createdAt: 1, expiresAt: 1 } });
  const expiresAt = doc?.expiresAt
    ? new Date(at.getTime() + (doc.expiresAt.getTime() - doc.createdAt.getTime()))
    : undefined;
  await orders.updateOne({ _id }, { $set: { createdAt: at, ...(expiresAt ? { expiresAt } : {}) } });
}

/**
 * Makes a product look as it was stored before part numbers and categories: no `sku`,
 * `skuLower` or `category`.
 */
export async function asProductWithoutPartNumber(productId: string): Promise<void> {
  await collections(await getDb()).products.updateOne(
    { _id: new ObjectId(productId) },
    { $unset: { sku: '', skuLower: '', category: '' } },
  );
}

/**
 * Makes a product look as if its part number had been written behind the store's back: `sku`
 * without its lower-cased copy, for the start-up migration that fills it.
 */
export async function asProductWithoutSkuLookup(productId: string): Promise<void> {
  await collections(await getDb()).products.updateOne(
    { _id: new ObjectId(productId) },
    { $unset: { skuLower: '' } },
  );
}

/**
 * Makes an order look as it was stored before orders carried their buyer's user id (only the
 * email), for the migration that assigns owners.
 */
export async function asOrderWithoutOwner(orderId: string): Promise<void> {
  await collections(await getDb()).orders.updateOne(
    { _id: new ObjectId(orderId) },
    { $unset: { userId: '' } },
  );
}

/**
 * Makes an order look as it was stored before order statuses (only the `paid` flag and, for
 * an expired one, `cancelledAt`), for the migration that gives orders their status.
 */
export async function asOrderBeforeStatuses(orderId: string): Promise<void> {
  await collections(await getDb()).orders.updateOne(
    { _id: new ObjectId(orderId) },
    { $unset: { status: '', history: '' } },
  );
}
