// @ts-check
// The release a production build is made of, as one id: `next build` names the build with it
// (next.config.mjs, `generateBuildId`), so every machine that builds the same release makes a
// bundle with the same id (no version skew between instances), and `npm run serve` refuses a
// build whose id is not the current release's (scripts/lib/build.mjs).
//
// The id is, in this order:
//   1. BUILD_ID, VERCEL_GIT_COMMIT_SHA (Vercel) or SOURCE_COMMIT (Coolify and other platforms),
//      when set: the deployment names its release;
//   2. the git commit (`git rev-parse HEAD`) when the project is a git checkout with no
//      uncommitted change to what a build is made of; with changes, the commit and a digest of
//      those files (`<commit>-<digest>`), so an edited checkout never passes for its commit;
//   3. without git (a tarball, a container image): `sources-<digest>`, a digest of the files a
//      build is made of, the same on every machine that has the same files.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What a production build is made from (besides node_modules and the environment). */
export const buildSources = [
  'app',
  'components',
  'lib',
  'public',
  'proxy.ts',
  'instrumentation.ts',
  'instrumentation-client.ts',
  'auth.ts',
  'auth.config.ts',
  'next.config.mjs',
  'package.json',
  'package-lock.json',
  'postcss.config.mjs',
  'tsconfig.json',
  'tsconfig.build.json',
];

/** The variables a deployment names its release with, first found wins. */
export const RELEASE_VARIABLES = ['BUILD_ID', 'VERCEL_GIT_COMMIT_SHA', 'SOURCE_COMMIT'];

/** A build id Next.js can put in a URL path. */
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/**
 * @param {string[]} args
 * @param {string} cwd
 * @returns {string | null} git's output, or null when git is missing or fails
 */
function git(args, cwd) {
  try {
    return execFileSync('git', args, {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 10_000,
    });
  } catch {
    return null;
  }
}

/**
 * The files under `target`, relative to `root`, sorted.
 * @param {string} root
 * @param {string} target
 * @returns {string[]}
 */
function filesUnder(root, target) {
  const full = path.join(root, target);
  let stat;
  try {
    stat = fs.statSync(full);
  } catch {
    return [];
  }
  if (!stat.isDirectory()) return [target];
  return fs
    .readdirSync(full)
    .sort()
    .flatMap((entry) => filesUnder(root, path.posix.join(target, entry)));
}

/**
 * A digest of the files a build is made of: their paths and contents.
 * @param {string} [root]
 */
export function sourcesDigest(root = projectRoot) {
  const hash = createHash('sha256');
  for (const file of buildSources.flatMap((source) => filesUnder(root, source))) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The git commit of the project and whether a build source has uncommitted changes, or null
 * when the project is not a git checkout of its own (no git, no .git, or a folder inside
 * another repository).
 * @param {string} root
 */
function gitState(root) {
  const top = git(['rev-parse', '--show-toplevel'], root)?.trim();
  if (!top || !fs.existsSync(top) || fs.realpathSync(top) !== fs.realpathSync(root)) return null;
  const commit = git(['rev-parse', 'HEAD'], root)?.trim();
  if (!commit) return null;
  const status = git(['status', '--porcelain', '--', ...buildSources], root);
  return { commit, changed: status === null || status.trim() !== '' };
}

/**
 * The id of the release these sources are (see the top of this file).
 * @param {Record<string, string | undefined>} [env]
 * @param {string} [root]
 * @returns {string}
 */
export function releaseId(env = process.env, root = projectRoot) {
  for (const name of RELEASE_VARIABLES) {
    const value = env[name]?.trim();
    if (!value) continue;
    if (!SAFE_ID.test(value)) {
      throw new Error(
        `${name}=${value} cannot name a build: use up to 100 letters, digits, dots, dashes and underscores (e.g. the commit).`,
      );
    }
    return value;
  }
  const state = gitState(root);
  if (state && !state.changed) return state.commit;
  if (state) return `${state.commit}-${sourcesDigest(root)}`;
  return `sources-${sourcesDigest(root)}`;
}

/**
 * The variable the release id was taken from, or null when it was made from the sources.
 * @param {Record<string, string | undefined>} [env]
 */
export function releaseVariable(env = process.env) {
  return RELEASE_VARIABLES.find((name) => env[name]?.trim()) ?? null;
}
