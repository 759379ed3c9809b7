/**
 * Fault points: named places between two writes of a piece of work that must survive a crash
 * at any point (an order's stock, lib/orders/stock.ts). In the running store `faultPoint` does
 * nothing; a test installs a hook with `injectFaults` that throws at a chosen point, which
 * stops the work there exactly as a crash would (nothing after it runs), and then shows that
 * the sweep leaves the data as if the work had completed or never started.
 */

type FaultHook = (point: string) => void | Promise<void>;

const state = globalThis as typeof globalThis & { __storefrontFaultHook?: FaultHook | null };

/**
 * Marks a place where a crash may happen; throws only when a test's hook says so. A hook may
 * also act there first (another buyer taking stock at that very moment), so it is awaited.
 */
export async function faultPoint(point: string): Promise<void> {
  await state.__storefrontFaultHook?.(point);
}

/** The error a test's hook throws to stop the work at a fault point. */
export class InjectedFault extends Error {
  constructor(readonly point: string) {
    super(`Injected fault at ${point}`);
    this.name = 'InjectedFault';
  }
}

/**
 * Installs `hook` (tests only); answers a function that removes it. The hook is called with the
 * name of every fault point passed, and throws (an `InjectedFault`) where the work must stop.
 */
export function injectFaults(hook: FaultHook): () => void {
  state.__storefrontFaultHook = hook;
  return () => {
    state.__storefrontFaultHook = null;
  };
}
