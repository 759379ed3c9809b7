import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';

import { ensureEmbeddedMongo, stopEmbeddedMongo } from '@storefront/embedded-mongodb';
import { isAlive, serverPidsFor, serverScript, tempDir, waitFor } from './helpers.ts';

const root = tempDir('embedded-mongo-lifecycle');
const dataDirs: string[] = [];
const pids = new Set<number>();

function dataDir(name: string): string {
  const dir = path.join(root, name);
  dataDirs.push(dir);
  return dir;
}

afterAll(async () => {
  try {
    for (const dir of dataDirs) await stopEmbeddedMongo({ dataDir: dir });
    for (const pid of pids) expect(isAlive(pid), `server ${pid} still running`).toBe(false);
    for (const dir of dataDirs) expect(serverPidsFor(dir)).toEqual([]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

describe('embedded MongoDB lifecycle', () => {
  it('exits by itself once no client has been connected for the idle time', async () => {
    const dir = dataDir('idle');
    const server = await ensureEmbeddedMongo({ dataDir: dir, idleExitMs: 600 });
    pids.add(server.pid);
    expect(server.startedHere).toBe(true);

    const client = new MongoClient(server.uri);
    await client.connect();
    await client.db('storefront').collection('carts').insertOne({ lines: [] });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(isAlive(server.pid)).toBe(true);
    await client.close();

    await waitFor(() => !isAlive(server.pid), 8000, 'the idle server to exit');
    expect(existsSync(path.join(dir, 'mongo.json'))).toBe(false);
    expect(readFileSync(path.join(dir, 'mongo.log'), 'utf8')).toMatch(
      /ready[\s\S]*stopped \(idle\)/,
    );
  });

  it('stops cleanly on SIGTERM and SIGINT with exit code 0', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const dir = dataDir(`signal-${signal}`);
      const child = spawn(process.execPath, [serverScript, '--data-dir', dir], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      pids.add(child.pid!);
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      const exited = new Promise<number | null>((resolve) =>
        child.on('exit', (code) => resolve(code)),
      );
      await waitFor(() => output.includes('ready'), 20_000, 'the server to be ready');
      expect(output.trim().split('\n')).toHaveLength(1);
      expect(existsSync(path.join(dir, 'mongo.json'))).toBe(true);
      child.kill(signal);
      expect(await exited).toBe(0);
      expect(existsSync(path.join(dir, 'mongo.json'))).toBe(false);
      expect(existsSync(path.join(dir, 'db.lock'))).toBe(false);
    }
  });

  it('never opens one database from two processes', async () => {
    const dir = dataDir('locked');
    const server = await ensureEmbeddedMongo({ dataDir: dir });
    pids.add(server.pid);
    const second = spawnSync(process.execPath, [serverScript, '--data-dir', dir], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(second.status).toBe(3);
    expect(second.stderr).toContain(`already open in process ${server.pid}`);
    expect(isAlive(server.pid)).toBe(true);
    expect(JSON.parse(readFileSync(path.join(dir, 'mongo.json'), 'utf8')).pid).toBe(server.pid);
    await stopEmbeddedMongo({ dataDir: dir });
  });

  it('replaces a server that died without cleaning up', async () => {
    const dir = dataDir('stale');
    const first = await ensureEmbeddedMongo({ dataDir: dir });
    pids.add(first.pid);
    process.kill(first.pid, 'SIGKILL');
    await waitFor(() => !isAlive(first.pid), 5000, 'the killed server to go');
    expect(existsSync(path.join(dir, 'mongo.json'))).toBe(true);

    const second = await ensureEmbeddedMongo({ dataDir: dir });
    pids.add(second.pid);
    expect(second).toMatchObject({ startedHere: true });
    expect(second.pid).not.toBe(first.pid);
    await stopEmbeddedMongo({ dataDir: dir });
  });

  it('explains a broken data directory and points at MONGODB_URI', async () => {
    const dir = dataDir('broken');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'db'), 'a file where the database directory should be');

    const direct = spawnSync(process.execPath, [serverScript, '--data-dir', dir], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(direct.status).not.toBe(0);
    expect(direct.stderr).toContain('Set MONGODB_URI to use another MongoDB server');
    expect(direct.stderr).toContain('not a directory');
    expect(direct.stderr).not.toMatch(/^\s+at /m);
    expect(direct.stderr.trim().split('\n')).toHaveLength(1);

    const error = await ensureEmbeddedMongo({ dataDir: dir }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/failed to start/);
    expect((error as Error).message).toContain('MONGODB_URI');
    expect((error as Error).message).toContain('not a directory');
    expect(serverPidsFor(dir)).toEqual([]);

    const file = path.join(root, 'plain-file');
    writeFileSync(file, '');
    dataDirs.push(file);
    await expect(ensureEmbeddedMongo({ dataDir: file })).rejects.toThrow(/MONGODB_URI/);
  });
});
