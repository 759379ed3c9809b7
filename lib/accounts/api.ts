import { z } from 'zod';
import { profileSchema } from '@/lib/accounts/schemas';
import { emailPath, operation } from '@/lib/core/api/operation';
import { idField, okSchema } from '@/lib/core/api/shapes';

/**
 * The accounts' API declarations (lib/core/api/operation.ts): users, roles, tokens and the
 * profile here; sign-up, password reset, email verification and Auth.js's sign-in in
 * auth-api.ts. Route files in app/api import them from this file, the feature's API face.
 */
export * from './auth-api';

/** Accounts: the admin's user list, roles, removal, access tokens and My Profile. */

const tag = 'Users';

const role = z.enum(['admin', 'user']);

export const userListItemSchema = z
  .object({
    _id: idField,
    email: z.string(),
    name: z.string(),
    role,
    image: z.string().nullable().meta({ description: 'Profile picture URL (Google accounts).' }),
  })
  .meta({ id: 'UserSummary' });

/** What GET and PUT /api/userdetail/{email} answer: the profile, empty strings where unset. */
export const profileDetailsSchema = z
  .object({
    name: z.string(),
    email: z.string(),
    education: z.string(),
    location: z.string(),
    link: z.string(),
    company: z
      .string()
      .meta({ description: 'Company name, shown on invoices; empty when not given.' }),
    taxId: z
      .string()
      .meta({ description: 'Tax id or VAT number, shown on invoices; empty when not given.' }),
  })
  .meta({ id: 'ProfileDetails' });

const ownEmail = z.object({ email: emailPath('Your own email.') });
const anyEmail = z.object({ email: emailPath("The account's email.") });

export const listUsersOp = operation({
  method: 'get',
  path: '/api/user',
  operationId: 'listUsers',
  tag,
  summary: 'Every user (admin)',
  access: 'admin',
  responses: {
    200: {
      description: 'Every user by email, without secrets.',
      json: z.array(userListItemSchema),
    },
  },
});

export const issueAccessTokenOp = operation({
  method: 'put',
  path: '/api/user/{email}',
  operationId: 'issueAccessToken',
  tag,
  summary: 'Your access token',
  description:
    'Issues an access token for the signed-in person, to send as `Authorization: Bearer <token>`; valid 24 hours, and refused as soon as the session it was issued with signs out, the person signs out everywhere, the password is reset or the account is removed. Only for your own email, and only with the session cookie: an access token never issues or renews another.',
  access: 'session',
  scope: 'self',
  params: { path: ownEmail },
  responses: {
    200: {
      description: 'The access token.',
      json: z.object({
        token: z.string().meta({ description: 'The access token (HMAC-signed).' }),
      }),
    },
  },
  errors: ['auth.own_account_only'],
});

export const signOutEverywhereOp = operation({
  method: 'delete',
  path: '/api/sessions',
  operationId: 'signOutEverywhere',
  tag,
  summary: 'Sign out everywhere',
  description:
    'Ends every session and access token of your account, on every device, this one included (its cookie is cleared too); sign in again afterwards. Signing out (POST /api/auth/signout) ends only that session and the access tokens issued with it. Only with the session cookie.',
  access: 'session',
  responses: {
    200: {
      description: 'Every session of the account has ended (Set-Cookie clears this one).',
      json: okSchema,
    },
  },
});

export const removeUserOp = operation({
  method: 'delete',
  path: '/api/user/{email}',
  operationId: 'removeUser',
  tag,
  summary: 'Remove a user (admin)',
  description:
    "Removes the account; its sessions and tokens end. Never yourself, never the last admin. The person's orders stay for admins. Their company membership ends with it (the invitations they sent are closed); the last owner of a company that has other members is refused until another member is an owner. The only member of a company may go: the company stays, with no member.",
  access: 'admin',
  params: { path: anyEmail },
  responses: {
    200: { description: 'The user was removed.', json: z.object({ deletedCount: z.literal(1) }) },
  },
  errors: [
    'user.not_found',
    'user.cannot_remove_self',
    'user.last_admin',
    'user.role_change_busy',
    'user.company_last_owner',
  ],
});

export const makeAdminOp = operation({
  method: 'put',
  path: '/api/user/admin/{email}',
  operationId: 'makeAdmin',
  tag,
  summary: 'Make a user admin (admin)',
  access: 'admin',
  params: { path: anyEmail },
  responses: {
    200: {
      description: 'The user is an admin now.',
      json: z.object({ email: z.string(), role }),
    },
  },
  errors: ['user.not_found'],
});

export const removeAdminOp = operation({
  method: 'delete',
  path: '/api/user/admin/{email}',
  operationId: 'removeAdmin',
  tag,
  summary: 'Take the admin role away (admin)',
  description:
    'The user stays, as a buyer, and keeps their session; the admin rights end with their next request (the role is read from the database every time). Never the last admin, also when admins demote each other at the same moment; demoting yourself works while another admin remains. An address in ADMIN_EMAILS stays an admin by configuration.',
  access: 'admin',
  params: { path: anyEmail },
  responses: {
    200: {
      description: 'The user is a buyer now.',
      json: z.object({ email: z.string(), role: z.literal('user') }),
    },
  },
  errors: [
    'user.not_found',
    'user.not_admin',
    { key: 'user.configured_admin', params: { email: 'owner@example.com' } },
    'user.last_admin_demote',
    'user.role_change_busy',
  ],
});

export const isAdminOp = operation({
  method: 'get',
  path: '/api/admin/{email}',
  operationId: 'isAdmin',
  tag,
  summary: 'Whether an account is admin',
  description: 'For your own email, or for any email if you are admin.',
  access: 'user',
  scope: 'self-or-admin',
  params: { path: anyEmail },
  responses: {
    200: {
      description: 'Whether the account is admin (false for an unknown email).',
      json: z.object({ admin: z.boolean() }),
    },
  },
  errors: ['auth.own_account_only'],
});

export const getProfileOp = operation({
  method: 'get',
  path: '/api/userdetail/{email}',
  operationId: 'getProfile',
  tag,
  summary: 'Your profile',
  access: 'user',
  scope: 'self',
  params: { path: ownEmail },
  responses: { 200: { description: 'Your profile.', json: profileDetailsSchema } },
  errors: ['auth.own_account_only'],
});

export const updateProfileOp = operation({
  method: 'put',
  path: '/api/userdetail/{email}',
  operationId: 'updateProfile',
  tag,
  summary: 'Save your profile',
  description:
    'The specification’s fields are required; `email` must be your own (it cannot be changed here). `company` and `taxId` (shown on invoices) are optional: a text sets one, `""` or `null` removes it, leaving it out keeps it.',
  access: 'user',
  scope: 'self',
  params: { path: ownEmail },
  body: {
    json: profileSchema,
    example: {
      name: 'Dana Whitfield',
      email: 'buyer@example.com',
      education: 'BEng Mechanical Engineering',
      location: 'Leeds',
      link: 'https://example.com/dana',
      company: 'Whitfield Engineering Ltd',
      taxId: 'GB 123 4567 89',
    },
  },
  responses: { 200: { description: 'Your profile as saved.', json: profileDetailsSchema } },
  errors: [
    'auth.own_account_only',
    { code: 'validation_failed', when: '`email` is not your own' },
    'user.gone',
  ],
});

export const userOperations = [
  listUsersOp,
  issueAccessTokenOp,
  signOutEverywhereOp,
  removeUserOp,
  makeAdminOp,
  removeAdminOp,
  isAdminOp,
  getProfileOp,
  updateProfileOp,
];
