import type { Db, ObjectId } from 'mongodb';
import type { CategorySlug } from '@/lib/catalogue/categories';

/** Documents as stored. `lib/data` turns them into plain objects with string ids. */
export interface ProductDoc {
  _id: ObjectId;
  name: string;
  description: string;
  minimumOrderQuantity: number;
  availableQuantity: number;
  /** Unit price in cents. */
  priceCents: number;
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
  createdAt?: Date;
  /**
   * Stamped into every session and access token; bumped by a password reset, a removal, a
   * demotion or a Google takeover, so every older session and token is refused at once.
   * Absent means 0.
   */
  sessionVersion?: number;
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

export interface RateLimitDoc {
  _id: string;
  count: number;
  expiresAt: Date;
}

export interface MetaDoc {
  _id: string;
  at: Date;
}

/** An image stored through lib/images: in GridFS (same _id) or on Cloudinary. */
export interface UploadDoc {
  _id: ObjectId;
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
  unitPriceCents: number;
  /** quantity x unitPriceCents: the amount due. */
  totalCents: number;
  address: string;
  phone: string;
  paid: boolean;
  /** The Stripe PaymentIntent created for this order, reused until it is paid. */
  paymentIntentId?: string;
  /** The verified PaymentIntent id, set together with `paid: true`. */
  transactionId?: string;
  paidAt?: Date;
  createdAt: Date;
  /**
   * Set when the order was cancelled: an unpaid order older than UNPAID_ORDER_TTL_HOURS. Its
   * stock has been returned; it is kept as a record, listed nowhere and can no longer be paid.
   */
  cancelledAt?: Date;
  cancelReason?: 'expired';
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
    uploads: db.collection<UploadDoc>('uploads'),
    orders: db.collection<OrderDoc>('orders'),
  };
}
