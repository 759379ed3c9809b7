/**
 * The client-safe schemas of lib/companies, loaded by forms on first use. Nothing here imports
 * server-only code.
 */
export * from './validation/company';
export * from './validation/members';
export * from './validation/addresses';
export * from './validation/admin';
