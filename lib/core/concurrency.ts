/**
 * A bound on how many of one kind of work run at once, for work that holds much memory each
 * (a password hash, a fetched picture): `limit(work)` starts `work` at once while fewer than
 * `max` others of this limit are running, else when one of them ends, in the order asked.
 */
export function concurrencyLimit(max: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (work) => {
    if (running >= max) await new Promise<void>((wake) => waiting.push(wake));
    else running += 1;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line; `running` only drops when nobody waits.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
