import 'server-only';

/**
 * The API requests this process is answering (every handler wrapped in `route()` counts), so
 * that background work which can wait (the mail outbox's drain) runs in the quiet moments
 * between requests instead of taking the CPU from them under load.
 */
const activity = ((
  globalThis as typeof globalThis & {
    __storefrontActivity?: { inFlight: number; lastEnded: number };
  }
).__storefrontActivity ??= { inFlight: 0, lastEnded: 0 });

/** Counts a request as being answered; call the function it returns once, when it is done. */
export function requestStarted(): () => void {
  activity.inFlight += 1;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    activity.inFlight -= 1;
    activity.lastEnded = Date.now();
  };
}

/**
 * Resolves once no API request has been in flight for `quietMs`, or at `deadline` (a time in
 * ms since the epoch) at the latest, so that waiting work is never starved by a steady load.
 */
export async function whenQuiet(quietMs: number, deadline: number): Promise<void> {
  for (;;) {
    const now = Date.now();
    if (now >= deadline) return;
    const quietFor = activity.inFlight === 0 ? now - activity.lastEnded : 0;
    if (quietFor >= quietMs) return;
    const wait = Math.min(quietMs - quietFor, deadline - now);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
