import { APP_PORT } from '../stand-ins/ports.mjs';

/** The store under test, as a page of it names itself in the Origin header. */
export const STORE_ORIGIN = `http://127.0.0.1:${APP_PORT}`;

/**
 * Headers for `page.request` calls that stand for what the store's own pages do (the order
 * form, the admin's buttons): a browser adds Origin to every such call, Playwright's request
 * API does not, and the API refuses a change made with the session cookie that does not come
 * from the store (lib/security/cross-site.ts).
 */
export const fromStore = { Origin: STORE_ORIGIN };
