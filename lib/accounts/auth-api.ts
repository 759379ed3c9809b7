import { z } from 'zod';
import {
  loginSchema,
  resetPasswordSchema,
  resetRequestSchema,
  signupSchema,
} from '@/lib/accounts/schemas';
import { operation } from '@/lib/core/api/operation';
import { idField, okSchema } from '@/lib/core/api/shapes';

/**
 * Accounts and signing in: sign-up, password reset, email verification, and the Auth.js
 * endpoints a programmatic client needs for a session cookie (the cookie that
 * PUT /api/user/{email} exchanges for an access token).
 */

const tag = 'Accounts';
const authJsTag = 'Sign-in (Auth.js)';

/**
 * The page of the store a verification link leads back to (the page the person signed up from,
 * such as an invitation): a path on the store only (`safeCallbackPath`), anything else ignored.
 */
const returnPathField = (description: string) =>
  z
    .string()
    .max(2048)
    .optional()
    .meta({
      description: `${description}: a path on the store only, anything else is ignored.`,
      example: '/dashboard/company/join?token=kq3V0m2Qk8tVb1yJ3o9nH5xW2cR7eA4sZ6dF8gL0pUi',
    });

/** GET /api/verify-email: the single-use token of the verification mail. */
export const verifyEmailQuerySchema = z.object({
  token: z.string().min(20).max(200).meta({ description: 'The token of the mailed link.' }),
  callbackUrl: returnPathField(
    'The page to come back to once the link is opened (the page the person signed up from)',
  ),
});

const redirect = (description: string, example: string) => ({
  description,
  headers: z.object({ Location: z.string().meta({ example }) }),
});

/**
 * Ours, before Auth.js sees the request (app/api/auth/[...nextauth]): Auth.js itself would
 * answer it as a server error.
 */
const invalidCallbackUrl = {
  key: 'auth.invalid_callback_url',
  when: 'the `callbackUrl` query parameter is neither an http(s) URL nor a path (a refused callback-url cookie is ignored instead)',
} as const;

/** POST /api/signup's body: the sign-up form's fields, and the page the person signed up from. */
export const signUpBodySchema = signupSchema.extend({
  callbackUrl: returnPathField(
    'The page the person signed up from, which the verification link leads back to',
  ),
});

export const signUpOp = operation({
  method: 'post',
  path: '/api/signup',
  operationId: 'signUp',
  tag,
  summary: 'Create an account',
  description:
    'Creates an email-and-password account (sign in afterwards through Auth.js) and mails a link that verifies the email (and leads back to `callbackUrl` when it is a path on the store). An address in ADMIN_EMAILS becomes admin only after a password reset or a Google sign-in, never by opening that link alone. Rate-limited per client address and per email.',
  access: 'public',
  body: {
    json: signUpBodySchema,
    example: {
      name: 'Dana Whitfield',
      email: 'buyer@example.com',
      password: 'correct horse battery',
    },
  },
  responses: {
    201: {
      description: 'The account was created.',
      json: z.object({ id: idField, email: z.string(), name: z.string() }),
    },
  },
  errors: [
    {
      code: 'conflict',
      when: 'an account with this email exists already (`details.fields.email`)',
    },
  ],
  rateLimited: true,
});

export const requestPasswordResetOp = operation({
  method: 'post',
  path: '/api/password-reset',
  operationId: 'requestPasswordReset',
  tag,
  summary: 'Mail a password reset link',
  description:
    'Mails a single-use reset link, valid one hour, when an account has this email. The answer is the same, and takes the same time, whether or not it has one. Rate-limited per client address and per email.',
  access: 'public',
  body: { json: resetRequestSchema, example: { email: 'buyer@example.com' } },
  responses: { 200: { description: 'Accepted.', json: okSchema } },
  errors: [
    {
      key: 'auth.reset_mail_unavailable',
      when: 'the mail server cannot be reached (checked the same way for every email, so it reveals nothing about accounts)',
    },
  ],
  rateLimited: true,
});

export const resetPasswordOp = operation({
  method: 'post',
  path: '/api/password-reset/confirm',
  operationId: 'resetPassword',
  tag,
  summary: 'Set a new password with a reset link',
  description:
    "Sets the new password; every older session and access token of the account ends, the email counts as verified (and an address in ADMIN_EMAILS becomes admin), and the email's failed sign-ins are forgotten.",
  access: 'public',
  body: {
    json: resetPasswordSchema,
    example: { token: 'kq3m9V0dZlq8fYt2uJm1Xw7rP4sLb6nE', password: 'a new long password' },
  },
  responses: { 200: { description: 'The password was changed.', json: okSchema } },
  errors: ['auth.reset_link_invalid'],
});

export const verifyEmailOp = operation({
  method: 'get',
  path: '/api/verify-email',
  operationId: 'verifyEmail',
  tag,
  summary: 'Open the verification link',
  description:
    'The link of the verification mail: uses the token up and sends the person back to the page they signed up from (`callbackUrl`, a path on the store) or else to My Profile, with whether it worked (`verified=1`, `already` or `invalid`; a missing or malformed token is `invalid`, and an invalid link always leads to My Profile).',
  access: 'public',
  params: { query: verifyEmailQuerySchema },
  responses: {
    303: redirect(
      'To the page signed up from, or My Profile, with the outcome.',
      '/dashboard?verified=1',
    ),
  },
});

export const resendVerificationOp = operation({
  method: 'post',
  path: '/api/verify-email',
  operationId: 'resendVerification',
  tag,
  summary: 'Send the verification mail again',
  description: "For the signed-in person's own email; at most 3 mails an hour.",
  access: 'user',
  responses: { 200: { description: 'The mail was sent.', json: okSchema } },
  errors: ['auth.already_verified', 'auth.verification_mail_failed'],
  rateLimited: true,
});

export const signInWithPasswordOp = operation({
  method: 'post',
  path: '/api/auth/callback/credentials',
  operationId: 'signInWithPassword',
  tag: authJsTag,
  summary: 'Sign in with email and password',
  description:
    'Auth.js: signs in and sets the session cookie (`authjs.session-token`, `__Secure-authjs.session-token` over https; 7 days from sign-in). A wrong email or password redirects to `/login?error=CredentialsSignin`. With the header `X-Auth-Return-Redirect: 1` Auth.js answers `{ url }` as JSON instead of redirecting. 10 failures per email and 30 per client address in 15 minutes; beyond them even the right password is refused with 429.',
  access: 'public',
  handledBy: 'auth.js',
  wrapped: false,
  body: {
    raw: {
      contentType: 'application/x-www-form-urlencoded',
      schema: loginSchema.extend({
        csrfToken: z.string().meta({ description: 'From GET /api/auth/csrf.' }),
        callbackUrl: z.string().optional().meta({ description: 'Where to go afterwards.' }),
      }),
    },
  },
  responses: {
    200: {
      description: 'With `X-Auth-Return-Redirect: 1`: where the browser would be sent.',
      json: z.object({ url: z.string() }),
    },
    302: redirect('Signed in (Set-Cookie), or refused (to /login with the error).', '/'),
  },
  errors: [
    invalidCallbackUrl,
    {
      key: 'auth.sign_in_rate_limited',
      when: 'too many failed sign-ins for this email or client address; the body also carries the `url` Auth.js would send the browser to',
    },
  ],
});

export const authSessionOp = operation({
  method: 'get',
  path: '/api/auth/session',
  operationId: 'authSession',
  tag: authJsTag,
  summary: 'The current session',
  description:
    "Auth.js: the signed-in person's session from the cookie, checked against the database, or null.",
  access: 'public',
  handledBy: 'auth.js',
  wrapped: false,
  responses: {
    200: {
      description: 'The session, or null when signed out.',
      json: z
        .object({
          user: z.object({
            id: idField,
            email: z.string(),
            name: z.string(),
            image: z.string().nullable(),
            role: z.enum(['admin', 'user']),
          }),
          expires: z.iso.datetime(),
        })
        .nullable(),
    },
  },
  errors: [invalidCallbackUrl],
});

export const signOutOp = operation({
  method: 'post',
  path: '/api/auth/signout',
  operationId: 'signOut',
  tag: authJsTag,
  summary: 'Sign out',
  description:
    'Auth.js: clears the session cookie and ends the session on the server: a copy of the cookie, and every access token issued with it, is refused from then on.',
  access: 'public',
  handledBy: 'auth.js',
  wrapped: false,
  // Auth.js clears the cookie even when the database cannot be reached (it logs the error).
  database: false,
  body: {
    raw: {
      contentType: 'application/x-www-form-urlencoded',
      schema: z.object({
        csrfToken: z.string().meta({ description: 'From GET /api/auth/csrf.' }),
        callbackUrl: z.string().optional(),
      }),
    },
  },
  responses: { 302: redirect('Signed out (the cookie is cleared).', '/') },
  errors: [invalidCallbackUrl],
});

export const authOperations = [
  signUpOp,
  requestPasswordResetOp,
  resetPasswordOp,
  verifyEmailOp,
  resendVerificationOp,
  // Auth.js's own endpoints (app/api/auth/[...nextauth]): described for clients that sign in
  // without the login page. Auth.js answers them; only the sign-in limit is ours.
  operation({
    method: 'get',
    path: '/api/auth/csrf',
    operationId: 'authCsrfToken',
    tag: authJsTag,
    summary: 'CSRF token for the sign-in form',
    description:
      'Auth.js: a CSRF token, with its cookie (`authjs.csrf-token`); send both with POST /api/auth/callback/credentials.',
    access: 'public',
    handledBy: 'auth.js',
    wrapped: false,
    database: false,
    responses: {
      200: { description: 'The token.', json: z.object({ csrfToken: z.string() }) },
    },
    errors: [invalidCallbackUrl],
  }),
  signInWithPasswordOp,
  authSessionOp,
  signOutOp,
];
