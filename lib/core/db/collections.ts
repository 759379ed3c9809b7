import type { Binary, Db, ObjectId } from 'mongodb';
import type { CategorySlug } from '@/lib/catalogue';
import type { OutboxEntry } from '@/lib/core/mail/outbox';

/**
 * One row of a product's volume price list: from `minQuantity` units on, each unit costs
 * `priceCents`. The rules (lib/catalogue/validation/product.ts): the first row restates the base price at
 * the product's minimum order quantity; each later row starts at a larger quantity and costs
 * less than the row before.
 */
export interface PriceTierDoc {
  minQuantity: number;
  priceCents: number;
}
import type { CancelReason, OrderStatus } from '@/lib/orders';
import type { QuoteStatus } from '@/lib/quotes';

/** Documents as stored. `lib/data` turns them into plain objects with string ids. */
export interface ProductDoc {
  _id: ObjectId;
  name: string;
  description: string;
  minimumOrderQuantity: number;
  availableQuantity: number;
  /** Unit price in cents: the base price, paid from the minimum order quantity on. */
  priceCents: number;
  /**
   * Volume price breaks, ordered by quantity (see PriceTierDoc); absent or empty when the base
   * price applies to every quantity (products from before price tiers have none).
   */
  priceTiers?: PriceTierDoc[];
  picture: string;
  /**
   * Part number as entered (letters, digits, `-`, `.`, `/`). Required for products added since
   * part numbers exist; older products may have none.
   */
  sku?: string;
  /** `sku` lower-cased: unique across products, for exact and prefix part-number lookups. */
  skuLower?: string;
  /** One of the catalogue's categories (lib/catalogue/categories.ts); older products may have none. */
  category?: CategorySlug;
  createdAt: Date;
}

export interface ReviewDoc {
  _id: ObjectId;
  rating: number;
  name: string;
  location: string;
  reviewText: string;
  img: string;
  /** Who wrote it (demo reviews have none). */
  userId?: ObjectId | null;
  createdAt: Date;
}

export type Role = 'admin' | 'user';

export interface ProfileDetails {
  education: string;
  location: string;
  link: string;
}

/** A user, in the collection shared with the Auth.js MongoDB adapter. */
export interface UserDoc {
  _id: ObjectId;
  name?: string | null;
  email: string;
  emailVerified?: Date | null;
  image?: string | null;
  role?: Role;
  /** scrypt hash; only for email-and-password accounts. Never leaves lib/data. */
  passwordHash?: string;
  profile?: ProfileDetails;
  /** Company name for business orders (My Profile, optional); absent when not given. */
  company?: string;
  /** Tax id / VAT number (My Profile, optional); absent when not given. */
  taxId?: string;
  createdAt?: Date;
  /**
   * Stamped into every session and access token; bumped by a password reset or a Google
   * takeover, so every older session and token is refused at once (a removed user has no
   * record left; a demotion needs no bump, the role is read from here on every request).
   * Absent means 0.
   */
  sessionVersion?: number;
  /**
   * When whoever holds this account's sign-in last proved the mailbox too: a password set
   * through a mailed reset link, or a Google sign-in (Google verified the address, and an
   * unverified password was removed by the takeover). Opening the verification link does not
   * set it: whoever chose the password may not own the mailbox. ADMIN_EMAILS makes an account
   * admin only with it. Absent: never proved.
   */
  ownerProvenAt?: Date;
  /**
   * Set while an admin removal or demotion of this user is under way: other removals and
   * demotions no longer count this user as an admin that remains (lib/accounts/store/users.ts,
   * `changeAdminRole`). `at` lets a mark left by a crashed request expire.
   */
  roleChange?: { token: string; at: Date };
}

/** An Auth.js account link (e.g. Google), written by the adapter. */
export interface AccountDoc {
  _id: ObjectId;
  userId: ObjectId;
  provider: string;
  providerAccountId: string;
}

export interface PasswordResetDoc {
  _id: ObjectId;
  /** sha256 of the token mailed to the person; the token itself is never stored. */
  tokenHash: string;
  userId: ObjectId;
  expiresAt: Date;
  usedAt?: Date;
}

/** A pending email verification: the link's token is mailed, only its hash is stored. */
export interface EmailVerificationDoc {
  _id: ObjectId;
  tokenHash: string;
  userId: ObjectId;
  /** The address the link proves; a verification only counts while the account still has it. */
  email: string;
  expiresAt: Date;
  usedAt?: Date;
}

/**
 * A signed-out sign-in (lib/accounts/store/sessions.ts): its session cookie, and every access token issued
 * with it, are refused until `expiresAt`, when neither could be valid any more. Read together with
 * the user record on every authenticated request (`findSessionUsers`).
 */
export interface SessionRevocationDoc {
  /** The session id (`sid` of the session and its access tokens). */
  _id: string;
  userId: ObjectId;
  revokedAt: Date;
  /** The sign-in's end plus an access token's lifetime; checked in the query (TTL: clean-up). */
  expiresAt: Date;
}

export interface RateLimitDoc {
  _id: string;
  count: number;
  expiresAt: Date;
}

export interface MetaDoc {
  _id: string;
  at: Date;
}

/** What an upload is attached to: the review or product that shows it. */
export interface UploadAttachment {
  kind: 'review' | 'product';
  /** Absent where the sweep found the upload in use by a record from before attachments. */
  id?: ObjectId;
}

/**
 * An image stored through lib/images: in GridFS (same _id) or on Cloudinary. New uploads have
 * a random id of 32 hex digits (128 bits, lib/images/ids.ts); those from before it keep their
 * ObjectId. An upload not attached within ORPHAN_UPLOAD_MS is removed by the orphan sweep
 * (lib/images/orphans.ts).
 */
export interface UploadDoc {
  _id: ObjectId | string;
  /** Where the image is served: /api/images/{id} or Cloudinary's delivery URL. */
  url: string;
  provider: 'gridfs' | 'cloudinary';
  contentType: string;
  size: number;
  /** Cloudinary's public id (Cloudinary uploads only). */
  publicId?: string;
  /** Who uploaded it. */
  userId: ObjectId;
  createdAt: Date;
  /** When it was attached to a review or product (once; never undone while that record lives). */
  attachedAt?: Date;
  attachedTo?: UploadAttachment;
  /** Set by the one orphan sweep that claimed it for removal (a stale claim is taken over). */
  deletingAt?: Date;
}

/** An order: a copy of the product fields at ordering time, amounts in integer cents. */
export interface OrderDoc {
  _id: ObjectId;
  productId: ObjectId;
  /**
   * The person who ordered; `email` and `userName` are theirs at ordering time. Null for an
   * order from before user ids whose email had no account (only admins reach it).
   */
  userId: ObjectId | null;
  userName: string;
  email: string;
  quantity: number;
  name: string;
  picture: string;
  description: string;
  minimumOrderQuantity: number;
  availableQuantity: number;
  /** The price of one unit for the ordered quantity (its volume tier), fixed when placed. */
  unitPriceCents: number;
  /** The product's part number at ordering time (orders from before part numbers have none). */
  sku?: string;
  /** quantity x unitPriceCents: the amount due. */
  totalCents: number;
  address: string;
  phone: string;
  /** The buyer's purchase-order number, when they gave one (trimmed, at most 40 characters). */
  poNumber?: string;
  /**
   * Where the order is in its life (lib/orders/lifecycle.ts). Changed only by `transition()`,
   * one conditional update that also appends to `history`.
   */
  status: OrderStatus;
  /** Every status the order has had, oldest first; the first entry is its creation. */
  history: OrderHistoryEntry[];
  /** The spec's flag, kept equal to "status is past unpaid" by `transition()`. */
  paid: boolean;
  /** The Stripe PaymentIntent created for this order, reused until it is paid. */
  paymentIntentId?: string;
  /** The verified PaymentIntent id, set together with `paid: true`. */
  transactionId?: string;
  paidAt?: Date;
  /**
   * `INV-<year>-<6 digits>`, issued once when the order is paid (lib/invoices/numbers.ts) and
   * never changed; unique (partial unique index).
   */
  invoiceNumber?: string;
  /** Set with `status: 'shipped'`: who carries the parcel and its tracking number. */
  carrier?: string;
  trackingNumber?: string;
  createdAt: Date;
  /**
   * When the order is cancelled if still unpaid, stamped when it is placed from the buyer's
   * account then (lib/orders/rules.ts `holdFor`): UNPAID_ORDER_TTL_HOURS after placing for a
   * verified email, UNVERIFIED_HOLD_MINUTES otherwise. Never moved afterwards (verifying later
   * does not extend it). Absent on orders from before it was stamped: createdAt +
   * UNPAID_ORDER_TTL_HOURS.
   */
  expiresAt?: Date;
  /**
   * Set with `status: 'cancelled'` (only an unpaid order is cancelled): when, and why. Its stock
   * has been returned; it is kept as a record for the back office, listed only under the
   * cancelled filter of Manage Orders and never payable.
   */
  cancelledAt?: Date;
  cancelReason?: CancelReason;
  /** Mails queued by a change of this order, waiting to be sent (lib/core/mail/outbox.ts). */
  outbox?: OutboxEntry[];
  /**
   * Set on an order placed by accepting a quote: the quote, and its reference (`Q-2026-000001`)
   * shown on the order page and the invoice. At most one order per quote (unique index).
   */
  quoteId?: ObjectId;
  quoteReference?: string;
  /**
   * What the invoice prints about the buyer and the part, frozen in the same update that marks
   * the order paid (lib/invoices/store.ts), so a later profile or catalogue edit never changes an
   * issued invoice. An order paid before it was stored gets it when its invoice is first drawn.
   */
  invoiceDetails?: InvoiceDetailsDoc;
}

/**
 * A request for quote (lib/quotes): a buyer asks a price for a quantity; an admin answers it
 * with a unit price valid until a date, or declines it; the buyer accepts an answer once,
 * which places an unpaid order at the quoted price. `status` changes only by conditional
 * updates (lib/quotes/store.ts); `answered` past `validUntil` is expired, decided in the query.
 */
export interface QuoteDoc {
  _id: ObjectId;
  /** `Q-<year>-<6 digits>`, from the `quote-<year>` counter; unique. */
  reference: string;
  productId: ObjectId;
  /** The product's name and part number when the quote was requested. */
  productName: string;
  sku?: string;
  userId: ObjectId;
  userName: string;
  email: string;
  quantity: number;
  /** The day the buyer needs the parts by (midnight UTC), when they gave one. */
  neededBy?: Date;
  address: string;
  phone: string;
  note?: string;
  status: QuoteStatus;
  /** Set when answered: the quoted price of one unit, and until when the answer holds. */
  unitPriceCents?: number;
  validUntil?: Date;
  answeredAt?: Date;
  answeredBy?: ObjectId;
  /** Set when declined: why, when, by whom. */
  declineReason?: string;
  declinedAt?: Date;
  declinedBy?: ObjectId;
  /** While an accept is under way: its claim, and since when (a stale claim may be taken over). */
  acceptClaim?: string;
  acceptingSince?: Date;
  /** Set when accepted: the order placed at the quoted price. */
  orderId?: ObjectId;
  acceptedAt?: Date;
  createdAt: Date;
  /** Mails queued by a change of this quote, waiting to be sent (lib/core/mail/outbox.ts). */
  outbox?: OutboxEntry[];
}

/**
 * A named sequence (e.g. `invoice-2026`): `seq` is the last value taken, `recent` the latest
 * holders in order (the last one holds `seq`), pushed in the same update that took the value
 * (lib/core/counters.ts).
 */
export interface CounterDoc {
  _id: string;
  seq: number;
  recent: ObjectId[];
}

/** One step of an order's history: the status it reached, when, by whom, and a note. */
export interface OrderHistoryEntry {
  status: OrderStatus;
  at: Date;
  /** The user who made the change, or 'system' (expiry, migration) / 'stripe' (a payment). */
  by: ObjectId | 'system' | 'stripe';
  note: string | null;
}

/** The buyer and part as an order's invoice prints them, frozen at payment (OrderDoc). */
export interface InvoiceDetailsDoc {
  /** The buyer's name, email, company and tax id (My Profile) when the order was paid. */
  name: string;
  email: string;
  company: string | null;
  taxId: string | null;
  /** The delivery address and phone the order was placed with. */
  address: string;
  phone: string;
  /** The product's part number: the order's copy, else the product's when it was paid. */
  partNumber: string | null;
  frozenAt: Date;
}

/**
 * An invoice's PDF as first drawn (lib/invoices): one document per invoice number, never
 * replaced, so every download of an invoice answers the same bytes. A one-page PDF of a few
 * kB, well inside a document.
 */
export interface InvoicePdfDoc {
  /** The invoice number, `INV-2026-000001`. */
  _id: string;
  orderId: ObjectId;
  pdf: Binary;
  /** SHA-256 of `pdf`, hex. */
  sha256: string;
  createdAt: Date;
}

/** Typed collection getters: the one place that names the collections. */
export function collections(db: Db) {
  return {
    products: db.collection<ProductDoc>('products'),
    reviews: db.collection<ReviewDoc>('reviews'),
    meta: db.collection<MetaDoc>('meta'),
    rateLimits: db.collection<RateLimitDoc>('rateLimits'),
    users: db.collection<UserDoc>('users'),
    accounts: db.collection<AccountDoc>('accounts'),
    passwordResets: db.collection<PasswordResetDoc>('passwordResets'),
    emailVerifications: db.collection<EmailVerificationDoc>('emailVerifications'),
    sessionRevocations: db.collection<SessionRevocationDoc>('sessionRevocations'),
    uploads: db.collection<UploadDoc>('uploads'),
    orders: db.collection<OrderDoc>('orders'),
    counters: db.collection<CounterDoc>('counters'),
    quotes: db.collection<QuoteDoc>('quotes'),
    invoicePdfs: db.collection<InvoicePdfDoc>('invoicePdfs'),
  };
}
