import 'server-only';

/**
 * The API requests this process is answering (every handler wrapped in `route()` counts), so
 * that background work which can wait (the mail outbox's drain) gives way to the requests while
 * the server is under load, instead of taking the CPU from them. A few requests at a time (a
 * person using the store, the tests) are not load: then the work runs at once, as before.
 */
const activity = ((
  globalThis as typeof globalThis & {
    __storefrontActivity?: { inFlight: number; lastBusy: number };
  }
).__storefrontActivity ??= { inFlight: 0, lastBusy: 0 });

/** From this many API requests in flight at once, the process counts as under load. */
export const BUSY_REQUESTS = 8;

/** Counts a request as being answered; call the function it returns once, when it is done. */
export function requestStarted(): () => void {
  activity.inFlight += 1;
  if (activity.inFlight >= BUSY_REQUESTS) activity.lastBusy = Date.now();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    if (activity.inFlight >= BUSY_REQUESTS) activity.lastBusy = Date.now();
    activity.inFlight -= 1;
  };
}

/**
 * Resolves at once when the process is not under load; otherwise once it has not been for
 * `quietMs` (fewer than BUSY_REQUESTS in flight all that time), or at `deadline` (a time in ms
 * since the epoch) at the latest, so that waiting work is never starved by a steady load.
 */
export async function whenQuiet(quietMs: number, deadline: number): Promise<void> {
  for (;;) {
    const now = Date.now();
    if (now >= deadline) return;
    const quietFor = activity.inFlight < BUSY_REQUESTS ? now - activity.lastBusy : 0;
    if (quietFor >= quietMs) return;
    const wait = Math.min(quietMs - quietFor, deadline - now);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
