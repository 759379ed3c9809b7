import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './scripts/lib/chromium.mjs';

const port = Number(process.env.E2E_PORT || 3100);
export const baseURL = `http://127.0.0.1:${port}`;

// A fresh database for every run. Set here, in the main process, so the web server and the
// test workers (which inherit this environment) all see the same directory.
process.env.E2E_DATA_DIR ||= fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-e2e-'));
process.env.E2E_PORT = String(port);
// The test workers make their data through the features' stores (test/support/factories.ts), whose lib/core/env
// must name the server's database: the embedded engine of E2E_DATA_DIR (it writes its address
// to mongo.json there), never a MONGODB_URI of the shell. scripts/e2e-server.mjs sets both for
// the server and its build itself.
process.env.DATA_DIR = process.env.E2E_DATA_DIR;
process.env.MONGODB_URI = '';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Specs and their support files only (never the Next.js build): the `@/` alias, and
  // `server-only` as an empty module, so that they can import the stores like the server does.
  tsconfig: './e2e/tsconfig.json',
  outputDir: `test-results/e2e-${port}`,
  fullyParallel: false,
  // Three specs at once on a 2-core machine: a spec spends part of its time waiting on timers,
  // mail and background jobs, and the third worker fills it (the whole run, build included, took
  // 577 s in CI against 601 s with two). E2E_WORKERS sets another number.
  workers: Number(process.env.E2E_WORKERS) || 3,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL,
    // A failed test keeps its trace (every action's DOM snapshot, the network, the console)
    // and a screenshot of where it stopped. The trace's screencast is left out: recording it
    // for every test took about a tenth of the run on a 2-core machine.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Proves that nothing leaves the machine: every host but 127.0.0.1 fails to resolve.
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      testIgnore: ['**/cluster.spec.ts', '**/auth-body-memory.spec.ts'],
    },
    // What reads the server's own memory runs once every other spec is done, with nothing else
    // asking the server anything meanwhile.
    {
      name: 'alone',
      use: { ...devices['Desktop Chrome'] },
      testMatch: '**/auth-body-memory.spec.ts',
      dependencies: ['chromium'],
    },
    // The several-instance proof (two more servers and a real Redis on the run's database,
    // changing a product the home page shows) runs last, on its own.
    {
      name: 'cluster',
      use: { ...devices['Desktop Chrome'] },
      testMatch: '**/cluster.spec.ts',
      dependencies: ['alone'],
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/api/product`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
