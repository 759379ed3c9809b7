import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { namedVariables, projectRoot as root, runCommand } from '../support/commands';

// `npm start` (node scripts/run.mjs start) and the production server (scripts/serve.mjs) on an
// address other than loopback without AUTH_URL: the store would not know where people reach
// it, so it refuses to start, says what to set, and exits non-zero, before it starts a
// database, migrates or builds anything. A production server names it with everything else its
// production profile misses, in one message (lib/security/production-profile.mjs).

/** `node <args>` in the project, with AUTH_URL unset and `env`; how long it took. */
async function node(args: string[], env: Record<string, string>) {
  const started = Date.now();
  const result = await runCommand(process.execPath, args, {
    NEXT_TELEMETRY_DISABLED: '1',
    AUTH_URL: '',
    ...env,
  });
  return { ...result, ms: Date.now() - started };
}

const named = namedVariables;

const ADVICE =
  /AUTH_URL is not set\..*set AUTH_URL to the address people use to reach the store, e\.g\. AUTH_URL=http:\/\//s;

describe('a store on a non-loopback address without AUTH_URL refuses to start', () => {
  it('npm start (scripts/run.mjs start) with HOST=0.0.0.0: exits 1 with what to set, before anything starts', async () => {
    const result = await node(['scripts/run.mjs', 'start'], {
      HOST: '0.0.0.0',
      PORT: '3987',
      NODE_ENV: '',
      MONGODB_URI: '',
      AUTH_SECRET: '',
      SMTP_URL: '',
      DATA_DIR: path.join(root, '.data-listen-check-never-created'),
    });
    expect(result.code).toBe(1);
    // A production server (npm start serves a production build): the production profile names
    // everything missing at once, AUTH_URL with the advice for this address among them.
    expect(result.stderr).toContain('The storefront cannot start: this is a production server');
    expect(named(result.stderr)).toEqual(['AUTH_SECRET', 'AUTH_URL', 'SMTP_URL']);
    expect(result.stderr).toContain('HOST=0.0.0.0 is not a loopback address');
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
      NODE_ENV: 'production',
      MONGODB_URI: '',
      AUTH_SECRET: '',
      SMTP_URL: '',
      LOCAL_DEMO: '',
      EMBEDDED_DB_IN_PRODUCTION: '',
      VERCEL: '',
    });
    expect(result.code).toBe(1);
    // Every missing variable at once, as on loopback; AUTH_URL with the advice for this address.
    expect(result.stderr).toContain('The storefront cannot start: this is a production server');
    expect(named(result.stderr)).toEqual(['MONGODB_URI', 'AUTH_SECRET', 'AUTH_URL', 'SMTP_URL']);
    expect(result.stderr).toContain('HOST=0.0.0.0 is not a loopback address');
    expect(result.stderr).toMatch(ADVICE);
    expect(result.stderr).toContain(':3989');
    expect(result.stdout).not.toContain('Ready');
  });
});
