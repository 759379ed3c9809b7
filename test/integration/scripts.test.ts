import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { closeConnection, collections, getDb } from '@/lib/db';
import { createPasswordUser, findUserByEmail } from '@/lib/data/users';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/** Runs `npm run <script> -- ...args` as a person would, against this file's database. */
async function npmRun(script: string, ...args: string[]) {
  return run('npm', ['run', '--silent', script, '--', ...args], {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
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
    const result = await npmRun('make-admin', email.toUpperCase());
    expect(result.stdout).toContain(`${email} is now an admin.`);
    expect((await findUserByEmail(email))?.role).toBe('admin');
  });

  it('npm run make-admin says so when nobody has the email, and exits non-zero', async () => {
    const result = await npmRun('make-admin', 'nobody_here@example.com');
    expect(result).toMatchObject({ code: 1 });
    expect(result.stderr).toContain('No user has the email nobody_here@example.com');
  });

  it('npm run seed replaces the catalogue with the demo one', async () => {
    const { products } = collections(await getDb());
    const result = await npmRun('seed');
    expect(result.stdout).toMatch(/Seeded \d+ products and \d+ reviews/);
    expect(await products.countDocuments({})).toBeGreaterThanOrEqual(10);
  });
});
