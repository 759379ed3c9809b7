/**
 * The client-safe public face of lib/catalogue for components: labels, pure rules and formatting, light enough for any page.
 * Nothing here imports server-only code.
 */
export * from './categories';
export * from './pricing';
export * from './quantity';
export * from './summary';
