/**
 * Contact: the contact form schema (the handler is app/api/contact/route.ts).
 * The feature's public face for server code: app/, lib/api and other features import it from here only.
 */
export * from './validation/contact';
