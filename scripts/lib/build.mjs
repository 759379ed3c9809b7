// Knows whether a Next.js build is older than the sources, and runs `next` commands.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { projectRoot } from './project-env.mjs';

export const nextBin = path.join(projectRoot, 'node_modules/next/dist/bin/next');

/** The production server of `npm start`, the end-to-end run and the benchmark. */
export const serveScript = path.join(projectRoot, 'scripts/serve.mjs');

/** What a production build is made from. */
const sourceRoots = [
  'app',
  'components',
  'lib',
  'public',
  'proxy.ts',
  'instrumentation.ts',
  'auth.ts',
  'auth.config.ts',
  'next.config.mjs',
  'package-lock.json',
  'postcss.config.mjs',
  'tsconfig.json',
];

function newestMtime(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Whether `<distDir>/BUILD_ID` exists and is newer than every source file. */
export function buildIsCurrent(distDir = '.next') {
  const buildId = path.join(projectRoot, distDir, 'BUILD_ID');
  if (!fs.existsSync(buildId)) return false;
  const builtAt = fs.statSync(buildId).mtimeMs;
  return sourceRoots.every((root) => newestMtime(path.join(projectRoot, root)) <= builtAt);
}

/** Runs `next <args>` with inherited output; resolves with its exit code. */
export function runNext(args, env = process.env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [nextBin, ...args], {
      cwd: projectRoot,
      stdio: 'inherit',
      env,
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');

/**
 * The start-up step (`npm run db:migrate`: indexes, migrations, demo catalogue), run before a
 * server or a build reads the database; resolves with its exit code.
 */
export function runMigrate(env = process.env) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [tsxCli, '--conditions=react-server', path.join(projectRoot, 'scripts/migrate.ts')],
      { cwd: projectRoot, stdio: 'inherit', env },
    );
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
