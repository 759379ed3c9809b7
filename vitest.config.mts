import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;

export default defineConfig({
  resolve: {
    alias: {
      '@': root,
      // `server-only` throws outside React Server Components; tests run server code directly.
      'server-only': path.join(root, 'test/support/empty-module.ts'),
    },
  },
  test: {
    // next-auth imports `next/server` without an extension, which only bundlers resolve.
    server: { deps: { inline: ['next-auth'] } },
    include: ['test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/setup-env.ts'],
    // Most test files wait on the database, timers and the stand-ins rather than the CPU: four
    // files at once keep a 2-core machine busy (about 225 s for the suite instead of 355 s with
    // one file per core). Each file has its own database, so files never see each other's data.
    maxWorkers: 4,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
