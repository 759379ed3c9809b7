import 'server-only';
import { after } from 'next/server';
import { errorText, logger } from '@/lib/core/log';

/** Work started outside a request, still running (scripts and tests wait for it). */
const pending = new Set<Promise<unknown>>();

/**
 * Runs work after the response has been sent (Next.js `after`, which also keeps a serverless
 * function alive for it). Outside a request (scripts, tests calling handlers directly) it runs
 * at once in the background. Failures are logged for the operator; the answer is already out.
 */
export function afterResponse(label: string, task: () => Promise<unknown>): void {
  const run = () =>
    task().catch((error: unknown) => logger.error(`[${label}] failed: ${errorText(error)}`));
  try {
    after(run);
  } catch {
    const running = run().finally(() => pending.delete(running));
    pending.add(running);
  }
}

/** Resolves once the work started outside a request has finished (before closing the database). */
export async function settleBackgroundWork(): Promise<void> {
  while (pending.size) await Promise.allSettled([...pending]);
}
