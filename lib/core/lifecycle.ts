/**
 * Where the server process is in its life. The production server (scripts/serve.mjs, outside
 * the Next.js bundle but in the same process) sets `globalThis.__storefrontLifecycle =
 * { shuttingDown: true }` when it receives SIGTERM or SIGINT: from then on GET /api/health/ready
 * answers 503, so a load balancer stops sending new requests while those in flight finish.
 */

declare global {
  var __storefrontLifecycle: { shuttingDown?: boolean } | undefined;
}

/** Whether the server has been told to stop (its requests in flight are finishing). */
export function isShuttingDown(): boolean {
  return globalThis.__storefrontLifecycle?.shuttingDown === true;
}
