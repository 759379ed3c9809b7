// Knows whether a Next.js build is of the current release (scripts/lib/release.mjs), and runs
// `next` commands and the start-up step.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { projectRoot } from './project-env.mjs';
import { releaseId, releaseVariable } from './release.mjs';

export const nextBin = path.join(projectRoot, 'node_modules/next/dist/bin/next');

/** The production server of `npm run serve`, `npm start`, the end-to-end run and the benchmark. */
export const serveScript = path.join(projectRoot, 'scripts/serve.mjs');

/**
 * Why `<distDir>` holds no build of the current release, or null when it does: no build at all,
 * or a build whose id (`<distDir>/BUILD_ID`, written by `next build` from `releaseId()`,
 * next.config.mjs) is another release's: another commit, sources changed since, or another
 * BUILD_ID. The answer ends with what to run.
 * @param {string} [distDir]
 * @param {Record<string, string | undefined>} [env]
 * @returns {string | null}
 */
export function buildProblem(distDir = '.next', env = process.env) {
  let built;
  try {
    built = fs.readFileSync(path.join(projectRoot, distDir, 'BUILD_ID'), 'utf8').trim();
  } catch {
    return `there is no production build in ${distDir}/. Run \`npm run build\` first.`;
  }
  let current;
  try {
    current = releaseId(env);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  if (built === current) return null;
  const named = releaseVariable(env);
  return named
    ? `the build in ${distDir}/ is of release ${built}, and ${named}=${current}. Run \`npm run build\` with the same ${named}, then start again.`
    : `the build in ${distDir}/ was made from other sources (release ${built}; these sources are ${current}). Run \`npm run build\`, then start again.`;
}

/** Whether `<distDir>` holds a build of the current release (see `buildProblem`). */
export function buildIsCurrent(distDir = '.next', env = process.env) {
  return buildProblem(distDir, env) === null;
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

/**
 * `npm run build` (scripts/build.mjs): `next build`, which pre-renders pages from the database.
 * Without MONGODB_URI it reads the embedded engine of DATA_DIR: started here for the build when
 * none is running, and stopped again once the build is over, whatever its outcome (on its own
 * the build would start one that outlives it by minutes); an engine that was already running
 * (`npm start`, `npm run db -- start`) is left as it was. Resolves with the build's exit code.
 * @param {string[]} [args] more arguments of `next build`
 * @param {Record<string, string | undefined>} [env]
 * @returns {Promise<number>}
 */
export async function buildStore(args = [], env = process.env) {
  /** @type {import('@storefront/embedded-mongodb').EmbeddedMongo | null} */
  let engine = null;
  const dir = path.resolve(projectRoot, env.DATA_DIR || '.data');
  const embedded = await import('@storefront/embedded-mongodb');
  if (!env.MONGODB_URI) {
    try {
      engine = await embedded.ensureEmbeddedMongo({ dataDir: dir });
    } catch (error) {
      console.error(
        `\nThe build cannot start: ${error instanceof Error ? error.message : error}\n`,
      );
      return 1;
    }
  }
  const child = spawn(process.execPath, [nextBin, 'build', ...args], {
    cwd: projectRoot,
    stdio: 'inherit',
    env,
  });
  // Stopped from outside (Ctrl+C, a CI timeout): the build stops first, then the engine.
  /** @param {NodeJS.Signals} signal */
  const forward = (signal) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  /** @type {number} */
  const code = await new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
  process.off('SIGINT', forward);
  process.off('SIGTERM', forward);
  if (engine?.startedHere) await embedded.stopEmbeddedMongo({ dataDir: dir }).catch(() => {});
  return code;
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
