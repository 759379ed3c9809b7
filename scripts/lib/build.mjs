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
