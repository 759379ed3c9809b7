import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { closeConnection, collections, getDb } from '../support/db';
import { createPasswordUser, findUserByEmail } from '@/lib/accounts/store/users';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/**
 * Runs `npm run <script> -- ...args` as a person would, against this file's database unless
 * `env` says otherwise.
 */
async function npmRun(script: string, args: string[] = [], env: Record<string, string> = {}) {
  return run('npm', ['run', '--silent', script, '--', ...args], {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    timeout: 120_000,
  }).catch((error: { code?: number; stdout?: string; stderr?: string }) => ({
    stdout: error.stdout ?? '',
    stderr: error.stderr ?? '',
    code: error.code,
  }));
}

afterAll(closeConnection);

describe('the README commands', () => {
  it('npm run make-admin promotes an existing account, unverified or not', async () => {
    const email = `first_admin_${Date.now()}@example.com`;
    await createPasswordUser({ name: 'Owner', email, password: 'secret12' });
    expect((await findUserByEmail(email))?.role).toBe('user');
    const result = await npmRun('make-admin', [email.toUpperCase()]);
    expect(result.stdout).toContain(`${email} is now an admin.`);
    expect((await findUserByEmail(email))?.role).toBe('admin');
  });

  it('npm run make-admin says so when nobody has the email, and exits non-zero', async () => {
    const result = await npmRun('make-admin', ['nobody_here@example.com']);
    expect(result).toMatchObject({ code: 1 });
    expect(result.stderr).toContain('No user has the email nobody_here@example.com');
  });

  it('npm run seed replaces the catalogue with the demo one', async () => {
    const { products } = collections(await getDb());
    const result = await npmRun('seed');
    expect(result.stdout).toMatch(/Seeded \d+ products and \d+ reviews/);
    expect(await products.countDocuments({})).toBeGreaterThanOrEqual(10);
  });

  it('npm run db:migrate prepares a new database: indexes, and the demo catalogue once', async () => {
    const name = `test_migrate_${randomBytes(4).toString('hex')}`;
    const env = { MONGODB_DB: name, SEED_DEMO_DATA: 'true' };
    const first = await npmRun('db:migrate', [], env);
    expect(first.stdout).toContain(`Database "${name}" is ready`);
    expect(first.stdout).toContain('demo catalogue seeded');
    const client = new MongoClient(process.env.MONGODB_URI!);
    try {
      const db = client.db(name);
      const indexes = await db.collection('users').indexes();
      expect(indexes).toContainEqual(expect.objectContaining({ key: { email: 1 }, unique: true }));
      const products = await db.collection('products').countDocuments({});
      expect(products).toBeGreaterThanOrEqual(10);
      // Again: nothing changes, nothing is seeded twice.
      const second = await npmRun('db:migrate', [], env);
      expect(second.stdout).toContain(`Database "${name}" is ready`);
      expect(second.stdout).not.toContain('seeded');
      expect(await db.collection('products').countDocuments({})).toBe(products);
    } finally {
      await client.db(name).dropDatabase();
      await client.close();
    }
  });

  it('npm run db -- start|status|stop manages an embedded engine for a data directory', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-db-cli-'));
    const db = (command: string) => npmRun('db', [command], { DATA_DIR: dataDir });
    try {
      expect(await db('status')).toMatchObject({ code: 1 });
      const started = await db('start');
      expect(started.stdout).toMatch(/Started embedded MongoDB at mongodb:\/\/127\.0\.0\.1:\d+/);
      const uri = /mongodb:\/\/[\d.:]+/.exec(started.stdout)![0];
      const client = new MongoClient(uri, { serverSelectionTimeoutMS: 5_000 });
      await client.db('probe').command({ ping: 1 });
      await client.close();
      expect((await db('start')).stdout).toContain('Already running');
      expect((await db('status')).stdout).toMatch(/running/i);
      expect((await db('stop')).stdout).toContain('Stopped');
      expect(await db('status')).toMatchObject({ code: 1 });
    } finally {
      await db('stop');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('npm run db -- start --port N starts the engine on that port, and says so when one runs elsewhere', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'storefront-db-port-'));
    const db = (...args: string[]) => npmRun('db', args, { DATA_DIR: dataDir });
    const port = await freePort();
    try {
      const started = await db('start', '--port', String(port));
      expect(started.stdout).toContain(`Started embedded MongoDB at mongodb://127.0.0.1:${port}/`);
      const client = new MongoClient(`mongodb://127.0.0.1:${port}/?directConnection=true`, {
        serverSelectionTimeoutMS: 5_000,
      });
      await client.db('probe').command({ ping: 1 });
      await client.close();
      // The same port again (the = form): already running there.
      expect((await db('start', `--port=${port}`)).stdout).toContain(
        `Already running: embedded MongoDB at mongodb://127.0.0.1:${port}/`,
      );
      // Another port: the running engine cannot move, and the command says so.
      const elsewhere = await db('start', '--port', String(port === 65535 ? port - 1 : port + 1));
      expect(elsewhere).toMatchObject({ code: 1 });
      expect(elsewhere.stderr).toContain(`It listens on port ${port}, not `);
      expect(await db('start', '--port', '70000')).toMatchObject({ code: 2 });
    } finally {
      await db('stop');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** A port nothing listens on right now (the system's pick, released again). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
