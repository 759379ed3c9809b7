import type { Db, ObjectId } from 'mongodb';

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
  createdAt: Date;
}

export interface ReviewDoc {
  _id: ObjectId;
  rating: number;
  name: string;
  location: string;
  reviewText: string;
  img: string;
  userId?: string;
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

export interface RateLimitDoc {
  _id: string;
  count: number;
  expiresAt: Date;
}

export interface MetaDoc {
  _id: string;
  at: Date;
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
  };
}
