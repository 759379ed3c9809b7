import 'server-only';

/**
 * Stops the server process, before it serves, when its configuration may not serve:
 * - an invalid environment (lib/core/env throws while parsing);
 * - a production server (NODE_ENV=production, or on Vercel) without what a store serving the
 *   public needs: MONGODB_URI (or EMBEDDED_DB_IN_PRODUCTION=true), AUTH_SECRET, AUTH_URL and
 *   SMTP_URL, all missing ones named in one message (`productionProfileProblem`,
 *   production-profile.mjs; the local demo of `npm start` is excused on loopback);
 * - a store listening on an address other than loopback without AUTH_URL (`publicUrlProblem`,
 *   links.ts): it would not know the address its links must be on.
 * A production server on the embedded database says so in one line when it starts.
 * Called by instrumentation.ts `register()`: Next.js logs an error thrown there and then serves
 * anyway, so the process is stopped here, with the reason.
 */
export async function stopUnlessMayServe(): Promise<void> {
  let notice: string | null = null;
  try {
    const { env } = await import('@/lib/core/env');
    const { publicUrlProblem } = await import('./links');
    const { productionProfileNotice, productionProfileProblem } =
      await import('./production-profile.mjs');
    const problem = productionProfileProblem(env) ?? publicUrlProblem(env);
    if (problem) throw new Error(problem);
    notice = productionProfileNotice(env);
  } catch (error) {
    // Plain text on stderr, for the person starting it: the server's console may already be
    // its JSON log (scripts/serve.mjs).
    process.stderr.write(
      `\nThe storefront cannot start: ${error instanceof Error ? error.message : String(error)}\n\n`,
    );
    process.exit(1);
  }
  if (notice) {
    const { logger } = await import('@/lib/core/log');
    logger.info(notice);
  }
}
