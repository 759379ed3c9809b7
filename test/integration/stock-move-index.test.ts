import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Stores made before kept a multikey index on the stock-move markers' times, which made every
// order's take and give-back re-key all of a product's markers. The start-up migrations drop it,
// once, whatever else runs; the declared indexes no longer make it.

let db: typeof import('../support/db');
let startup: typeof import('@/lib/startup/migrations');

beforeAll(async () => {
  db = await import('../support/db');
  startup = await import('@/lib/startup/migrations');
});

afterAll(async () => {
  await db?.closeConnection();
});

const indexNames = async () =>
  (await db.collections(await db.getDb()).products.indexes()).map((index) => index.name);

describe("the index on the stock-move markers' times", () => {
  it('is dropped by the migrations, which run again without it, and is not declared', async () => {
    const database = await db.getDb();
    await startup.ensureIndexes(database);
    await db.collections(database).products.createIndex({ 'stockMoves.at': 1 }, { sparse: true });
    expect(await indexNames()).toContain('stockMoves.at_1');

    await startup.runMigrations(database);
    expect(await indexNames()).not.toContain('stockMoves.at_1');
    await startup.runMigrations(database);
    await startup.ensureIndexes(database);
    expect(await indexNames()).not.toContain('stockMoves.at_1');
    // The catalogue's own indexes are all still there.
    expect(await indexNames()).toEqual(
      expect.arrayContaining(['skuLower_1', 'catalogue_text', 'createdAt_-1__id_-1']),
    );
  });
});
