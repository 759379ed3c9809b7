import 'server-only';
import { cache } from 'react';
import { findUserById } from '@/lib/data/users';

/**
 * The user record by id, read once per server render however many layouts, pages and Auth.js
 * session checks ask for it (React `cache`; outside a render it reads each time).
 */
export const userById = cache(findUserById);
