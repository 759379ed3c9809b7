import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// `npm start` (node scripts/run.mjs start) and the production server (scripts/serve.mjs) on an
// address other than loopback without AUTH_URL: the store would not know where people reach
// it, so it refuses to start, says what to set, and exits non-zero, before it starts a
// database, migrates or builds anything.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

async function node(args: string[], env: Record<string, string>) {
  const started = Date.now();
  const result = await run(process.execPath, args, {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', AUTH_URL: '', ...env },
    timeout: 60_000,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      code: error.code,
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }),
  );
  return { ...result, ms: Date.now() - started };
}

const ADVICE =
  /AUTH_URL is not set\..*set AUTH_URL to the address people use to reach the store, e\.g\. AUTH_URL=http:\/\//s;

describe('a store on a non-loopback address without AUTH_URL refuses to start', () => {
  it('npm start (scripts/run.mjs start) with HOST=0.0.0.0: exits 1 with what to set, before anything starts', async () => {
    const result = await node(['scripts/run.mjs', 'start'], {
      HOST: '0.0.0.0',
      PORT: '3987',
      MONGODB_URI: '',
      DATA_DIR: path.join(root, '.data-listen-check-never-created'),
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'The storefront cannot start: HOST=0.0.0.0 is not a loopback address',
    );
    expect(result.stderr).toMatch(ADVICE);
    expect(result.stderr).toContain(':3987');
    // Nothing was started, migrated or built.
    expect(result.stdout).not.toMatch(/Embedded MongoDB|Database|Building/);
  });

  it('npm run dev with a LAN address: the same', async () => {
    const result = await node(['scripts/run.mjs', 'dev'], { HOST: '192.168.7.20', PORT: '3988' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('AUTH_URL=http://192.168.7.20:3988');
  });

  it('scripts/serve.mjs -H 0.0.0.0: exits 1 with the message, before loading Next.js', async () => {
    const result = await node(['scripts/serve.mjs', '-H', '0.0.0.0', '-p', '3989'], {
      HOST: '127.0.0.1',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'The storefront cannot start: HOST=0.0.0.0 is not a loopback address',
    );
    expect(result.stderr).toMatch(ADVICE);
    expect(result.stdout).not.toContain('Ready');
  });
});
