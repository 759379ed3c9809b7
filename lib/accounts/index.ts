/**
 * Accounts: users, sign-in sessions and their revocation, passwords, access tokens, email verification, password resets, the access rules (access.ts) and the account mails.
 * The feature's public face for server code: app/, lib/api and other features import it from here only.
 */
export * from './access';
export * from './account-mail';
export * from './claims';
export * from './current-user';
export * from './limits';
export * from './password';
export * from './secret';
export * from './session';
export * from './store/email-verifications';
export * from './store/admin-roles';
export * from './store/password-resets';
export * from './store/session-users';
export * from './store/sessions';
export * from './store/users';
export * from './token';
export * from './validation/auth';
export * from './validation/profile';
export type {
  AccountDoc,
  EmailVerificationDoc,
  PasswordResetDoc,
  ProfileDetails,
  Role,
  SessionRevocationDoc,
  UserDoc,
} from './collections';
export * from './migrations';
