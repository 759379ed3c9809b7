/**
 * Runs in the browser before the store's own code (Next.js instrumentation-client).
 *
 * zod 4 compiles object schemas with `new Function` where it may, and finds out whether it may
 * by trying once; under the store's Content-Security-Policy (no 'unsafe-eval',
 * lib/security/headers.mjs) that try is a violation the browser reports on every page with a
 * form. `jitless` skips the try. zod keeps its settings in this global (what
 * `z.config({ jitless: true })` writes), so setting it here adds no zod code to pages without
 * forms; it works whether zod has loaded yet or not.
 */
const scope = globalThis as typeof globalThis & {
  __zod_globalConfig?: { jitless?: boolean };
};
(scope.__zod_globalConfig ??= {}).jitless = true;
