/**
 * Runs once when a server starts, before it serves (Next.js calls `register()`): a store whose
 * configuration may not serve stops here with the reason (lib/security/start.ts), and every
 * feature's mail kinds are registered with the outbox (lib/startup/outbox.ts).
 */
export async function register(): Promise<void> {
  // Node.js only (lib/core/env needs it). NEXT_RUNTIME is Next.js's own variable, replaced at build
  // time, so the edge bundle leaves this branch out.
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { stopUnlessMayServe } = await import('@/lib/security/start');
    await stopUnlessMayServe();
    // Every feature's mail kinds, registered before the first request: the outbox drains and
    // retries the mails of every collection, also of features no request has loaded yet (a
    // quote's mail or a company invitation held for a retry across a restart).
    await import('@/lib/startup/outbox');
  }
}
