import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { MongoClient, MongoServerError } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';

import {
  embeddedStatus,
  ensureEmbeddedMongo,
  stopEmbeddedMongo,
} from '@storefront/embedded-mongodb';
import { isAlive, runNode, serverPidsFor, tempDir } from './helpers.ts';

const dataDir = tempDir('embedded-mongo');
const spawnedPids = new Set<number>();

afterAll(async () => {
  try {
    await stopEmbeddedMongo({ dataDir });
    for (const pid of spawnedPids) expect(isAlive(pid), `server ${pid} still running`).toBe(false);
    expect(serverPidsFor(dataDir)).toEqual([]);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

async function withClient<T>(uri: string, run: (client: MongoClient) => Promise<T>): Promise<T> {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 5000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.close();
  }
}

describe('embedded MongoDB server', () => {
  it('starts on demand, and concurrent callers in other processes share one server', async () => {
    const source = `
      import { ensureEmbeddedMongo } from '@storefront/embedded-mongodb';
      const server = await ensureEmbeddedMongo({ dataDir: ${JSON.stringify(dataDir)} });
      console.log(JSON.stringify(server));
    `;
    const [a, b, c] = await Promise.all([
      runNode(source),
      runNode(source),
      ensureEmbeddedMongo({ dataDir }),
    ]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    const first = JSON.parse(a.stdout);
    const second = JSON.parse(b.stdout);
    spawnedPids.add(c.pid);

    expect(first.pid).toBe(c.pid);
    expect(second.pid).toBe(c.pid);
    expect(first.uri).toBe(c.uri);
    expect([first.startedHere, second.startedHere, c.startedHere].filter(Boolean)).toHaveLength(1);
    expect(serverPidsFor(dataDir)).toEqual([c.pid]);

    const state = JSON.parse(readFileSync(path.join(dataDir, 'mongo.json'), 'utf8'));
    expect(state).toMatchObject({ pid: c.pid, port: c.port, uri: c.uri });
    expect(typeof state.startedAt).toBe('string');
    expect(c.uri).toMatch(/^mongodb:\/\/127\.0\.0\.1:\d+\//);

    // Two calls in one process while the server is up.
    const [x, y] = await Promise.all([
      ensureEmbeddedMongo({ dataDir }),
      ensureEmbeddedMongo({ dataDir }),
    ]);
    expect(x).toMatchObject({ pid: c.pid, startedHere: false });
    expect(y).toMatchObject({ pid: c.pid, startedHere: false });
  });

  it('serves the official driver: CRUD, unique indexes, aggregate, findOneAndUpdate', async () => {
    const { uri } = await ensureEmbeddedMongo({ dataDir });
    await withClient(uri, async (client) => {
      const products = client
        .db('storefront')
        .collection<{ sku: string; name: string; stock: number }>('products');
      await products.createIndex({ sku: 1 }, { unique: true });
      await products.insertMany([
        { sku: 'BOLT-M8', name: 'M8 bolt', stock: 500 },
        { sku: 'NUT-M8', name: 'M8 nut', stock: 900 },
      ]);
      expect(await products.findOne({ sku: 'BOLT-M8' })).toMatchObject({
        name: 'M8 bolt',
        stock: 500,
      });

      const duplicate = await products
        .insertOne({ sku: 'BOLT-M8', name: 'again', stock: 1 })
        .catch((e: unknown) => e);
      expect(duplicate).toBeInstanceOf(MongoServerError);
      expect((duplicate as MongoServerError).code).toBe(11000);
      expect(String((duplicate as Error).message)).toMatch(/E11000/);

      const updated = await products.findOneAndUpdate(
        { sku: 'NUT-M8' },
        { $inc: { stock: -100 } },
        { returnDocument: 'after' },
      );
      expect(updated?.stock).toBe(800);
      const [total] = await products
        .aggregate([{ $group: { _id: null, stock: { $sum: '$stock' } } }])
        .toArray();
      expect(total?.stock).toBe(1300);
    });
  });

  it('answers session commands itself, so closing a client leaves the server running', async () => {
    const { uri, pid } = await ensureEmbeddedMongo({ dataDir });
    await withClient(uri, async (client) => {
      const admin = client.db('admin');
      await expect(admin.command({ endSessions: [] })).resolves.toMatchObject({ ok: 1 });
      await expect(admin.command({ refreshSessions: [] })).resolves.toMatchObject({ ok: 1 });
      await expect(admin.command({ killAllSessions: [] })).resolves.toMatchObject({ ok: 1 });
    });
    // The first client is closed; a second one still finds the data.
    await withClient(uri, async (client) => {
      expect(await client.db('storefront').collection('products').countDocuments()).toBe(2);
    });
    expect(isAlive(pid)).toBe(true);
    expect(await embeddedStatus({ dataDir })).toMatchObject({ running: true, pid });
  });

  it('keeps the data across stop and start', async () => {
    const before = await ensureEmbeddedMongo({ dataDir });
    expect(await stopEmbeddedMongo({ dataDir })).toBe(true);
    expect(isAlive(before.pid)).toBe(false);
    expect(existsSync(path.join(dataDir, 'mongo.json'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
    expect(await embeddedStatus({ dataDir })).toMatchObject({ running: false });
    expect(await stopEmbeddedMongo({ dataDir })).toBe(false);

    const after = await ensureEmbeddedMongo({ dataDir });
    spawnedPids.add(after.pid);
    expect(after.startedHere).toBe(true);
    expect(after.pid).not.toBe(before.pid);
    await withClient(after.uri, async (client) => {
      const products = client.db('storefront').collection('products');
      expect(await products.findOne({ sku: 'NUT-M8' })).toMatchObject({ stock: 800 });
      const duplicate = await products.insertOne({ sku: 'NUT-M8' }).catch((e: unknown) => e);
      expect((duplicate as MongoServerError).code).toBe(11000);
    });
  });
});
