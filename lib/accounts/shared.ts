/**
 * The client-safe public face of lib/accounts for components: labels, pure rules and formatting, light enough for any page.
 * Nothing here imports server-only code.
 */
export * from './access';
export type { Role } from './collections';
