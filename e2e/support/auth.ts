import { randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import type { Page } from '@playwright/test';
import { hashPassword } from '../../lib/auth/password';
import { testDb } from './db';

export interface TestUser {
  id: string;
  name: string;
  email: string;
  password: string;
  role: 'admin' | 'user';
}

/** A fresh email that matches the forms' email pattern (letters after @, 2-3 letter TLD). */
export function freshEmail(prefix = 'buyer'): string {
  return `${prefix}_${randomBytes(5).toString('hex')}@example.com`;
}

/**
 * Creates an email-and-password user straight in the database; `verified` as if the
 * verification link had been opened.
 */
export async function createUser(
  options: { role?: 'admin' | 'user'; name?: string; verified?: boolean } = {},
): Promise<TestUser> {
  const role = options.role ?? 'user';
  const user = {
    id: new ObjectId().toHexString(),
    name: options.name ?? (role === 'admin' ? 'Ada Admin' : 'Bo Buyer'),
    email: freshEmail(role),
    password: `pw-${randomBytes(6).toString('hex')}`,
    role,
  };
  const db = await testDb();
  await db.collection('users').insertOne({
    _id: new ObjectId(user.id),
    name: user.name,
    email: user.email,
    emailVerified: options.verified ? new Date() : null,
    image: null,
    role,
    passwordHash: await hashPassword(user.password),
    createdAt: new Date(),
  });
  return user;
}

/**
 * Signs the page's browser context in through Auth.js's credentials endpoint (what the login
 * form does), without going through the form. Tests of the form itself use the UI.
 */
export async function signIn(
  page: Page,
  user: Pick<TestUser, 'email' | 'password'>,
): Promise<void> {
  const csrf = await page.request.get('/api/auth/csrf');
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await page.request.post('/api/auth/callback/credentials', {
    form: { email: user.email, password: user.password, csrfToken, callbackUrl: '/' },
    headers: { 'X-Auth-Return-Redirect': '1' },
  });
  const body = (await response.json()) as { url?: string };
  if (!response.ok() || !body.url || body.url.includes('error=')) {
    throw new Error(
      `sign-in failed for ${user.email}: ${response.status()} ${JSON.stringify(body)}`,
    );
  }
}

/** A new user of the given role, signed in on the page. */
export async function signedInUser(page: Page, role: 'admin' | 'user' = 'user'): Promise<TestUser> {
  const user = await createUser({ role });
  await signIn(page, user);
  return user;
}
