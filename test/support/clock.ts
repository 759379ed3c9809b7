import type { JobClock } from '@/lib/core/jobs';

/**
 * A clock that moves only when the test moves it, for the job runner (lib/core/jobs.ts): its
 * timers fire in time order as `advance` passes them, and after each one the test waits for the
 * work it set off (`settle`: the runners' database work, on the real engine). Hours of schedule
 * take seconds.
 */
export interface MovableClock extends JobClock {
  /** Moves the time forward by `ms`, firing every timer due on the way. */
  advance(ms: number): Promise<void>;
  /** Resolves when the clock has moved `ms` past now (a job that works for a while). */
  sleep(ms: number): Promise<void>;
}

export function movableClock(start: number, settle: () => Promise<void>): MovableClock {
  let now = start;
  let sequence = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();

  const clock: MovableClock = {
    now: () => now,
    setTimeout(callback, ms) {
      sequence += 1;
      timers.set(sequence, { at: now + Math.max(0, ms), callback });
      return sequence;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    async advance(ms) {
      const target = now + ms;
      // What was set off before (a run started by hand) first sets its timers.
      await settle();
      for (;;) {
        let next: [number, { at: number; callback: () => void }] | null = null;
        // The earliest due timer; of two at the same time, the one set first.
        for (const entry of timers) {
          if (entry[1].at <= target && (!next || entry[1].at < next[1].at)) next = entry;
        }
        if (!next) break;
        timers.delete(next[0]);
        now = Math.max(now, next[1].at);
        next[1].callback();
        await settle();
      }
      now = target;
    },
    sleep(ms) {
      return new Promise((resolve) => clock.setTimeout(resolve, ms));
    },
  };
  return clock;
}
