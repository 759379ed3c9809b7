import 'server-only';
import { ObjectId } from 'mongodb';
import { getDb } from '@/lib/core/db';
import { collections, type CounterDoc } from './collections';

/**
 * Named sequences (the `counters` collection), one document per key. Taking a value is ONE
 * atomic update: `$inc` the sequence and `$push` who took it onto `recent`, the latest
 * holders in order (the last one holds `seq`, the one before `seq - 1`, ...), and only if that
 * holder is not among them already. So a value is never handed out without a record of its
 * holder, and a holder asking again (a concurrent or repeated request) gets its value back
 * instead of a second one. See lib/orders/invoice-numbers.ts for how the record closes gaps.
 */

/** How many of the latest holders a counter remembers (about 13 bytes each). */
export const COUNTER_MEMORY = 500;

/** A holder of a counter value: a document id and the value it holds. */
export interface CounterHolder {
  target: string;
  value: number;
}

async function countersCollection() {
  return collections(await getDb()).counters;
}

/** The latest `count` holders of a counter document, oldest first. */
function latestHolders(doc: CounterDoc, count: number): CounterHolder[] {
  const recent = doc.recent.slice(-count);
  return recent.map((target, index) => ({
    target: target.toHexString(),
    value: doc.seq - (recent.length - 1 - index),
  }));
}

/** The value `target` holds, if it is among the latest holders. */
function heldBy(doc: CounterDoc, target: ObjectId): number | null {
  const index = doc.recent.findLastIndex((holder) => holder.equals(target));
  return index === -1 ? null : doc.seq - (doc.recent.length - 1 - index);
}

/**
 * The value of counter `key` for `target`: the next one, taken now, or the one `target` took
 * before while it is among the latest COUNTER_MEMORY holders. Also answers the `neighbours`
 * holders before it (to complete hand-overs their takers may not have finished) and itself.
 */
export async function takeCounterValue(
  key: string,
  targetId: string,
  { neighbours = 4 }: { neighbours?: number } = {},
): Promise<{ value: number; taken: boolean; holders: CounterHolder[] }> {
  const counters = await countersCollection();
  const target = new ObjectId(targetId);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const after = await counters.findOneAndUpdate(
      { _id: key, recent: { $ne: target } },
      { $inc: { seq: 1 }, $push: { recent: { $each: [target], $slice: -COUNTER_MEMORY } } },
      { returnDocument: 'after' },
    );
    if (after)
      return { value: after.seq, taken: true, holders: latestHolders(after, neighbours + 1) };

    const current = await counters.findOne({ _id: key });
    if (current) {
      const value = heldBy(current, target);
      if (value !== null) return { value, taken: false, holders: [{ target: targetId, value }] };
      continue; // it left the memory between the two reads (hundreds of takes): take anew
    }
    // The first value of this key: create the counter (a concurrent first taker may win).
    await counters.insertOne({ _id: key, seq: 0, recent: [] }).catch((error: unknown) => {
      if ((error as { code?: number }).code !== 11000) throw error;
    });
  }
  throw new Error(`Counter ${key}: no value could be taken for ${targetId}.`);
}

/** The counter as it is now (seq 0 before its first value). */
export async function readCounter(key: string): Promise<{ seq: number; holders: CounterHolder[] }> {
  const doc = await (await countersCollection()).findOne({ _id: key });
  return doc
    ? { seq: doc.seq, holders: latestHolders(doc, COUNTER_MEMORY) }
    : { seq: 0, holders: [] };
}
