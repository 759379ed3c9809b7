import type { ObjectId } from 'mongodb';
import { collection, declareCollections } from '@/lib/core/db/collection';

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
  /** scrypt hash; only for email-and-password accounts. Never leaves lib/accounts/store. */
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
   * demotions no longer count this user as an admin that remains
   * (lib/accounts/store/admin-roles.ts, `changeAdminRole`). `at` lets a mark left by a crashed
   * request expire.
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

/** The accounts' collections; `users` and `accounts` are shared with the Auth.js MongoDB adapter (auth.ts). */
export const collections = declareCollections({
  users: collection<UserDoc>('users', [{ key: { email: 1 }, options: { unique: true } }]),
  accounts: collection<AccountDoc>('accounts', [
    { key: { provider: 1, providerAccountId: 1 }, options: { unique: true } },
    { key: { userId: 1 } },
  ]),
  passwordResets: collection<PasswordResetDoc>('passwordResets', [
    { key: { tokenHash: 1 }, options: { unique: true } },
    // Clean-up only: a reset is valid while expiresAt > now, checked in the query itself.
    { key: { expiresAt: 1 }, options: { expireAfterSeconds: 0 } },
  ]),
  emailVerifications: collection<EmailVerificationDoc>('emailVerifications', [
    { key: { tokenHash: 1 }, options: { unique: true } },
    // Clean-up only: a verification link is valid while expiresAt > now, checked in the query.
    { key: { expiresAt: 1 }, options: { expireAfterSeconds: 0 } },
  ]),
  sessionRevocations: collection<SessionRevocationDoc>('sessionRevocations', [
    // Clean-up only: a revocation holds while expiresAt > now, checked in the query (it is read
    // by its _id, the session id, with the user record).
    { key: { expiresAt: 1 }, options: { expireAfterSeconds: 0 } },
  ]),
});
