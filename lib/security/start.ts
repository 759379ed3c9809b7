import 'server-only';

/**
 * Stops the server process, before it serves, when its configuration may not serve: an invalid
 * environment (lib/core/env throws while parsing), a store listening on an address other than
 * loopback without AUTH_URL, or a production store on its own database without AUTH_URL
 * (`publicUrlProblem`, links.ts): either would not know the address its links must be on.
 * Called by instrumentation.ts `register()`: Next.js logs an error thrown there and then serves
 * anyway, so the process is stopped here, with the reason.
 */
export async function stopUnlessMayServe(): Promise<void> {
  try {
    const { env } = await import('@/lib/core/env');
    const { publicUrlProblem } = await import('./links');
    const problem = publicUrlProblem(env);
    if (problem) throw new Error(problem);
  } catch (error) {
    console.error(
      `\nThe storefront cannot start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  }
}
