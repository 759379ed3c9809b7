// Fixed loopback ports of the end-to-end environment (see scripts/e2e-server.mjs).
export const APP_PORT = Number(process.env.E2E_PORT || 3100);
/** A second instance of the same build, with Cloudinary configured (the first uses GridFS). */
export const APP_CLOUDINARY_PORT = APP_PORT + 1;
export const SMTP_PORT = APP_PORT + 25;
export const STRIPE_PORT = APP_PORT + 90;
export const CLOUDINARY_PORT = APP_PORT + 91;
export const OIDC_PORT = APP_PORT + 92;
