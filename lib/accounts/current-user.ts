import 'server-only';
import { cache } from 'react';
import { findSessionUserBatched } from '@/lib/accounts/store/session-users';
import { findUserById, type User } from '@/lib/accounts/store/users';

/** The users whose sign-in this render has already checked, by id (one map per render). */
const checkedThisRender = cache(() => new Map<string, User>());

const sessionUserOnce = cache(findSessionUserBatched);
const userByIdOnce = cache(findUserById);

/**
 * The user of a sign-in (null when gone or signed out), read once per server render however
 * many layouts, pages and Auth.js session checks ask for it (React `cache`; outside a render it
 * reads each time).
 */
export async function sessionUser(userId: string, sessionId: string): Promise<User | null> {
  const user = await sessionUserOnce(userId, sessionId);
  if (user) checkedThisRender().set(userId, user);
  return user;
}

/**
 * The user record by id: the one this render's session check read, when there was one (no
 * second query), otherwise read once per render.
 */
export async function userById(id: string): Promise<User | null> {
  return checkedThisRender().get(id) ?? userByIdOnce(id);
}
