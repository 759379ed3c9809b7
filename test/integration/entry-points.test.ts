import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { isAlive, readState, stopEmbeddedMongo } from '@storefront/embedded-mongodb';
import { nodeVersionWarning, warnOnOldNode } from '@/scripts/lib/preflight.mjs';
import {
  listening,
  namedVariables,
  projectRoot,
  runCommand,
  UNCONFIGURED,
  type CommandResult,
} from '../support/commands';

// Every entry point goes through the production profile of `npm run serve`
// (lib/security/production-profile.mjs, scripts/lib/preflight.mjs): with NODE_ENV=production and
// nothing set, `npm run worker`, `db:migrate`, `seed` and `make-admin` refuse with the same
// message, before they start an embedded engine or touch a database. `npm run build` without
// MONGODB_URI leaves no embedded engine running behind it. `npm start`, `npm run serve` and
// `npm run worker` warn once on a Node.js line older than 22. docs/operations.md, "What each
// entry point checks".

const root = projectRoot;
const temporary: string[] = [];

afterAll(() => {
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}

/** The test process's configuration blanked, its NODE_OPTIONS and NODE_ENV too. */
const BLANK: Record<string, string> = { ...UNCONFIGURED, NODE_ENV: '', NODE_OPTIONS: '' };

/** `npm run <script> -- ...args`, as an operator types it. */
function npmRun(script: string, args: string[], env: Record<string, string>, timeout?: number) {
  return runCommand(
    'npm',
    ['run', '--silent', script, '--', ...args],
    { ...BLANK, ...env },
    timeout,
  );
}

const named = namedVariables;

const REQUIRED = ['MONGODB_URI', 'AUTH_SECRET', 'AUTH_URL', 'SMTP_URL'];

describe('with NODE_ENV=production and nothing set, every entry point refuses before it starts anything', () => {
  it.each([
    ['worker', [], 'The worker'],
    ['db:migrate', [], 'npm run db:migrate'],
    ['seed', [], 'npm run seed'],
    ['make-admin', ['owner@example.com'], 'npm run make-admin'],
  ])(
    'npm run %s: exits 1 with the production profile of npm run serve, no engine started',
    async (script, args, who) => {
      const dataDir = path.join(tempDir('storefront-entry-'), 'data');
      const result = await npmRun(script, args, { NODE_ENV: 'production', DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `${who} cannot start: this is a production server (NODE_ENV=production), and 4 settings are missing or wrong:`,
      );
      expect(named(result.stderr)).toEqual(REQUIRED);
      // No embedded engine, no database: nothing was even created under DATA_DIR.
      expect(fs.existsSync(dataDir)).toBe(false);
      expect(result.stdout).not.toMatch(/on their schedules|is ready|Seeded|is now an admin/);
    },
    60_000,
  );

  it('npm run worker refuses a value that is set but wrong, as the servers do', async () => {
    const result = await npmRun('worker', [], {
      NODE_ENV: 'production',
      DATA_DIR: path.join(tempDir('storefront-entry-'), 'data'),
      MONGODB_URI: 'mongodb+srv://store:pass@cluster0.example.net/',
      AUTH_SECRET: 'x',
      AUTH_URL: 'https://shop.example.com',
      SMTP_URL: 'foo',
    });
    expect(result.code).toBe(1);
    expect(named(result.stderr)).toEqual(['AUTH_SECRET', 'SMTP_URL']);
  });

  it('npm run worker with a complete production configuration passes the profile and runs its jobs', async () => {
    const child = spawn('npm', ['run', '--silent', 'worker'], {
      cwd: root,
      env: {
        ...process.env,
        ...BLANK,
        NODE_ENV: 'production',
        // This file's database on the test engine.
        MONGODB_URI: process.env.MONGODB_URI!,
        MONGODB_DB: process.env.MONGODB_DB!,
        AUTH_SECRET: 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3JldA',
        AUTH_URL: 'https://shop.example.com',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      await vi.waitFor(() => expect(output).toContain('on their schedules'), {
        timeout: 60_000,
        interval: 200,
      });
      expect(output).not.toContain('cannot start');
    } finally {
      // npm and the worker under it.
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
  }, 90_000);
});

describe('npm run build without MONGODB_URI leaves no embedded engine behind', () => {
  // A whole production build (about 2 minutes of CPU): the build's pre-rendering is what starts
  // an engine of its own, so nothing less shows that none is left behind.
  it('the engine the build read from is stopped once the build is over', async () => {
    const dataDir = path.join(tempDir('storefront-build-'), 'data');
    const distDir = `.next-entry-build-test-${process.pid}`;
    temporary.push(path.join(root, distDir));
    // The engine of the build's database, seen while the build runs.
    let engine: { pid: number; port: number } | null = null;
    const watch = setInterval(() => {
      const state = readState(dataDir);
      if (state && !engine) engine = { pid: state.pid, port: state.port };
    }, 100);
    let result: CommandResult;
    try {
      result = await npmRun('build', [], { DATA_DIR: dataDir, NEXT_DIST_DIR: distDir }, 880_000);
    } finally {
      clearInterval(watch);
    }
    expect(result.code, result.stderr).toBe(0);
    expect(fs.existsSync(path.join(root, distDir, 'BUILD_ID'))).toBe(true);
    // The build pre-rendered its pages from the embedded engine of DATA_DIR…
    expect(engine).not.toBeNull();
    const { pid, port } = engine!;
    // …which is gone when `npm run build` returns: no process, no port, no mongo.json.
    expect(isAlive(pid)).toBe(false);
    expect(await listening(port)).toBe(false);
    expect(readState(dataDir)).toBeNull();
  }, 900_000);

  it('a build that fails stops the engine it started; an engine that was running before is left running', async () => {
    const dataDir = path.join(tempDir('storefront-build-'), 'data');
    const failed = await npmRun('build', ['--no-such-option'], { DATA_DIR: dataDir });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain("unknown option '--no-such-option'");
    // It did start one (the data directory holds its database), and stopped it.
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(true);
    expect(readState(dataDir)).toBeNull();

    const started = await npmRun('db', ['start'], { DATA_DIR: dataDir });
    expect(started.stdout).toContain('Started embedded MongoDB');
    try {
      const before = readState(dataDir)!;
      expect((await npmRun('build', ['--no-such-option'], { DATA_DIR: dataDir })).code).toBe(1);
      expect(readState(dataDir)?.pid).toBe(before.pid);
      expect(isAlive(before.pid)).toBe(true);
      expect(await listening(before.port)).toBe(true);
    } finally {
      await stopEmbeddedMongo({ dataDir });
    }
  }, 120_000);
});

describe('a Node.js older than 22 gets one warning, and the store still starts', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('names the supported lines and what may break, for Node.js 20 and 18 only', () => {
    for (const version of ['v20.20.2', 'v18.20.4']) {
      const warning = nodeVersionWarning(version);
      expect(warning).toContain(`Node.js ${version} is past its end of life`);
      expect(warning).toContain('the storefront supports Node.js 22 and 24');
      expect(warning).toMatch(/no security fixes.*may fail to install or run/s);
    }
    for (const version of ['v22.0.0', 'v22.12.0', 'v24.21.0', 'v25.2.1', 'v26.0.0']) {
      expect(nodeVersionWarning(version), version).toBeNull();
    }
  });

  it('once per command: not again in the processes it starts (npm start runs npm run serve)', () => {
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line));
    const env: Record<string, string | undefined> = {};
    warnOnOldNode('v20.20.2', env);
    warnOnOldNode('v20.20.2', env);
    // The server `npm start` spawns gets this environment.
    warnOnOldNode('v20.20.2', { ...env });
    expect(errors).toHaveLength(1);
    warnOnOldNode('v24.21.0', {});
    expect(errors).toHaveLength(1);
  });

  /** Node.js reporting another version to the scripts (this machine's Node.js is not changed). */
  const asNode20 = `--import=data:text/javascript,Object.defineProperty(process,'version',{value:'v20.20.2'})`;

  it('npm run serve on Node.js 20: the warning once, then on to its next check', async () => {
    const result = await runCommand(process.execPath, ['scripts/serve.mjs', '-p', '3997'], {
      ...BLANK,
      NODE_OPTIONS: asNode20,
      NODE_ENV: 'production',
      EMBEDDED_DB_IN_PRODUCTION: 'true',
      AUTH_SECRET: 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3JldA',
      AUTH_URL: 'https://shop.example.com',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      NEXT_DIST_DIR: '.next-entry-test-no-build',
    });
    expect(result.code).toBe(1);
    expect(result.stderr.match(/Node\.js v20\.20\.2 is past its end of life/g)).toHaveLength(1);
    expect(result.stderr).toContain('there is no production build in .next-entry-test-no-build/');
  });

  it('npm run worker on Node.js 20: the warning once, before its other checks', async () => {
    const result = await npmRun('worker', [], {
      NODE_OPTIONS: asNode20,
      NODE_ENV: 'production',
      DATA_DIR: path.join(tempDir('storefront-entry-'), 'data'),
    });
    expect(result.code).toBe(1);
    expect(result.stderr.match(/Node\.js v20\.20\.2 is past its end of life/g)).toHaveLength(1);
    expect(result.stderr.indexOf('past its end of life')).toBeLessThan(
      result.stderr.indexOf('The worker cannot start'),
    );
  });
});
