import 'server-only';
import { whenQuiet } from '@/lib/core/activity';
import { afterResponse } from '@/lib/core/background';
import { registerJob } from '@/lib/core/jobs';
import { drainOutbox } from './outbox-drain';

/**
 * When the outbox (lib/core/mail/outbox.ts) is drained: after the response of every request
 * that queued a mail, by the background job `outbox.retry` every minute for the mails waiting
 * for a retry or for the end of a hold (lib/core/jobs.ts: on a quiet store too), and under load
 * once the load has eased.
 */

/** The outbox's retries as a background job: its name. */
export const OUTBOX_JOB = 'outbox.retry';

/**
 * Under load (lib/core/activity.ts: BUSY_REQUESTS API requests in flight at once), a scheduled
 * drain sends its batches once the load has eased for OUTBOX_QUIET_MS; under a steady load it
 * waits at most OUTBOX_MAX_DEFER_MS in all, then drains as before, alongside the requests. So a
 * burst of orders is answered first and its mails follow it (each drain sends many at once),
 * instead of every order's request paying for a drain that renders mails while the next orders
 * wait. Without load the drain starts at once, as it always did.
 */
export const OUTBOX_QUIET_MS = 50;
export const OUTBOX_MAX_DEFER_MS = 30_000;

const drainCache = globalThis as typeof globalThis & {
  __storefrontOutboxDrain?: { running: Promise<void> | null; again: boolean };
};

function drainState() {
  return (drainCache.__storefrontOutboxDrain ??= { running: null, again: false });
}

/**
 * Drains the outbox after the response has been sent (a send never delays or fails the request
 * that queued it). Call it after every update that queued a mail. One drain runs at a time per
 * process; a call during a drain makes it run once more, for mails queued after it looked. Under
 * load its batches wait for the load to ease (OUTBOX_QUIET_MS, at most OUTBOX_MAX_DEFER_MS).
 */
export function scheduleOutboxDrain(): void {
  afterResponse('outbox', () => runDrain());
}

registerJob({
  name: OUTBOX_JOB,
  everyMs: 60_000,
  // A run that loses its lease stops before its next batch (lib/core/jobs.ts).
  run: (_now, { signal }) => runDrain(signal),
});

/** One drain at a time per process; `signal` (the job's) stops the drain this call starts. */
function runDrain(signal?: AbortSignal): Promise<void> {
  const state = drainState();
  if (state.running) {
    state.again = true;
    return state.running;
  }
  state.running = (async () => {
    const deadline = Date.now() + OUTBOX_MAX_DEFER_MS;
    const pause = () => whenQuiet(OUTBOX_QUIET_MS, deadline);
    // The job's signal stops its own drain; a drain again for mails queued meanwhile is the
    // requests' (which never take the job's lease).
    let stop = signal;
    do {
      state.again = false;
      await drainOutbox({ pause, signal: stop });
      stop = undefined;
    } while (state.again);
  })().finally(() => {
    state.running = null;
  });
  return state.running;
}
