/**
 * Contact: the contact form schema and sending a message (`sendContactMessage`, with its rate
 * limit). The feature's public face for server code: app/, lib/api and other features import it
 * from here only.
 */
export * from './validation/contact';
export * from './send';
