import { afterAll, describe, expect, it } from 'vitest';
import { closeConnection, collections, getClient, getDb } from '../support/db';
import { databaseSnapshot, mayWrite, snapshotChanges } from '../support/operations';

// The database snapshot the fuzzing and the authorization matrices compare around each refused
// request: read again only after a command that may write, and then it sees the change.

afterAll(closeConnection);

describe('databaseSnapshot', () => {
  it('runs with the driver command events on (test/support/setup-env.ts)', async () => {
    expect((await getClient()).options.monitorCommands).toBe(true);
  });

  it('answers the last snapshot while nothing was written, and reads again after a write', async () => {
    const db = await getDb();
    await db.collection('parts').insertOne({ sku: 'BRG-6204', stock: 12 });
    const first = await databaseSnapshot();
    await db.collection('parts').findOne({ sku: 'BRG-6204' });
    expect(await databaseSnapshot()).toBe(first);

    await db.collection('parts').updateOne({ sku: 'BRG-6204' }, { $inc: { stock: -1 } });
    const second = await databaseSnapshot();
    expect(snapshotChanges(first, second)).toEqual(['parts: 1 → 1 documents, contents changed']);

    // An update that matches nothing is still read again (the command may have written).
    await db.collection('parts').updateOne({ sku: 'NONE' }, { $set: { stock: 0 } });
    const third = await databaseSnapshot();
    expect(third).not.toBe(second);
    expect(snapshotChanges(second, third)).toEqual([]);

    // The rate-limit counters are left out of snapshots: writing them reads nothing again.
    await collections(db).rateLimits.insertOne({
      _id: 'probe',
      count: 1,
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(await databaseSnapshot()).toBe(third);

    await db.collection('parts').deleteMany({});
    expect(snapshotChanges(third, await databaseSnapshot())).toEqual([
      'parts: 1 → 0 documents, contents changed',
    ]);
  });

  it('counts every command but the reads as one that may write', () => {
    const skipped = new Set(['rateLimits']);
    expect(mayWrite('find', { find: 'orders' }, skipped)).toBe(false);
    expect(
      mayWrite('aggregate', { aggregate: 'orders', pipeline: [{ $match: {} }] }, skipped),
    ).toBe(false);
    expect(
      mayWrite('aggregate', { aggregate: 'orders', pipeline: [{ $out: 'copy' }] }, skipped),
    ).toBe(true);
    expect(
      mayWrite('aggregate', { aggregate: 'orders', pipeline: [{ $merge: 'copy' }] }, skipped),
    ).toBe(true);
    expect(mayWrite('insert', { insert: 'orders' }, skipped)).toBe(true);
    expect(mayWrite('findAndModify', { findAndModify: 'products' }, skipped)).toBe(true);
    expect(mayWrite('commitTransaction', { commitTransaction: 1 }, skipped)).toBe(true);
    expect(mayWrite('drop', { drop: 'orders' }, skipped)).toBe(true);
    expect(mayWrite('update', { update: 'rateLimits' }, skipped)).toBe(false);
  });
});
