import { ObjectId } from 'mongodb';

/**
 * What every feature's generated data shares (`npm run seed -- --orders N --companies N`,
 * scripts/lib/seed-scale.ts): a deterministic random source, so that the same options give the
 * same data run after run, the mark that every generated document carries, so that the next run
 * removes exactly those, and the store's stand-in staff member. Nothing here reads the
 * environment or a feature.
 */

/** The field every generated document carries; real documents never have it. */
export const SEEDED = { seeded: true } as const;
export type Seeded = typeof SEEDED;

/**
 * Who made the store's own moves in generated data (shipped an order, recorded a payment, set
 * terms, wrote a price list): an id that is no account, so pages name it "the store".
 */
export const SEED_STAFF_ID = new ObjectId('5eed5eed5eed5eed5eed5eed');

export const DAY_MS = 24 * 60 * 60 * 1000;
export const HOUR_MS = 60 * 60 * 1000;
export const MINUTE_MS = 60 * 1000;

/** A deterministic random source: the same seed gives the same sequence. */
export interface SeededRandom {
  /** A number in [0, 1). */
  next(): number;
  /** A whole number from `min` to `max`, both included. */
  int(min: number, max: number): number;
  /** A number in [min, max). */
  between(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One of `items` (not empty). */
  pick<T>(items: readonly T[]): T;
  /** One of `items`, each as likely as its weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
}

/** A SplitMix32 sequence: small, fast and well spread for generated data (not for secrets). */
export function seededRandom(seed: number): SeededRandom {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x9e3779b9) | 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
    z ^= z >>> 15;
    return (z >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    between: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    weighted: (items) => {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0);
      let left = next() * total;
      for (const [item, weight] of items) {
        left -= weight;
        if (left < 0) return item;
      }
      return items[items.length - 1]![0];
    },
  };
}

/**
 * Writes `items` in batches of `size` with `write`, up to `parallel` batches at once (the
 * database works on several while the next is made); the first failure is thrown once the
 * writes under way have ended.
 */
export async function writeInBatches<T>(
  items: Iterable<T>,
  size: number,
  write: (batch: T[]) => Promise<unknown>,
  parallel = 4,
): Promise<void> {
  const running = new Set<Promise<unknown>>();
  let failure: { error: unknown } | null = null;
  const start = (batch: T[]) => {
    const writing: Promise<void> = write(batch).then(
      () => {
        running.delete(writing);
      },
      (error: unknown) => {
        failure ??= { error };
        running.delete(writing);
      },
    );
    running.add(writing);
  };
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length < size) continue;
    start(batch);
    batch = [];
    if (running.size >= parallel) await Promise.race(running);
    if (failure) break;
  }
  if (batch.length && !failure) start(batch);
  await Promise.all(running);
  if (failure) throw (failure as { error: unknown }).error;
}
