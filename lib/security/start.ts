import 'server-only';

/**
 * Stops the server process, before it serves, when its configuration may not serve: an invalid
 * environment (lib/env throws while parsing), or a production store without AUTH_URL, whose
 * mailed links would follow a Host header anyone may forge (`publicUrlProblem`, links.ts).
 * Called by instrumentation.ts `register()`: Next.js logs an error thrown there and then serves
 * anyway, so the process is stopped here, with the reason.
 */
export async function stopUnlessMayServe(): Promise<void> {
  try {
    const { env } = await import('@/lib/env');
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
