import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from '@/lib/core/concurrency';

/** A piece of work that runs until `finish()` is called; `started` says whether it has begun. */
function pending<T>(value: T) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const work = {
    started: false,
    finish: () => finish(),
    fail: (error: Error) => fail(error),
    run: () =>
      new Promise<T>((resolve, reject) => {
        work.started = true;
        finish = () => resolve(value);
        fail = reject;
      }),
  };
  return work;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('concurrencyLimit', () => {
  it('runs at most `max` at once, the others in the order asked, each with its own result', async () => {
    const limit = concurrencyLimit(2);
    const works = [1, 2, 3, 4].map((n) => pending(n));
    const results = works.map((work) => limit(work.run));
    await tick();
    expect(works.map((work) => work.started)).toEqual([true, true, false, false]);

    works[1]!.finish();
    await tick();
    expect(works.map((work) => work.started)).toEqual([true, true, true, false]);

    works[0]!.finish();
    await tick();
    expect(works.map((work) => work.started)).toEqual([true, true, true, true]);

    works[2]!.finish();
    works[3]!.finish();
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4]);
  });

  it('frees the slot of work that fails, and passes its error on', async () => {
    const limit = concurrencyLimit(1);
    const failing = pending(0);
    const next = pending('next');
    const first = limit(failing.run);
    const second = limit(next.run);
    await tick();
    expect(next.started).toBe(false);

    failing.fail(new Error('no answer'));
    await expect(first).rejects.toThrow('no answer');
    await tick();
    expect(next.started).toBe(true);
    next.finish();
    expect(await second).toBe('next');

    // Nobody waiting: the slot is free again for work asked later.
    const later = pending('later');
    const third = limit(later.run);
    await tick();
    expect(later.started).toBe(true);
    later.finish();
    expect(await third).toBe('later');
  });

  it('keeps separate limits apart', async () => {
    const a = concurrencyLimit(1);
    const b = concurrencyLimit(1);
    const first = pending('a');
    const second = pending('b');
    const results = [a(first.run), b(second.run)];
    await tick();
    expect([first.started, second.started]).toEqual([true, true]);
    first.finish();
    second.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b']);
  });
});
