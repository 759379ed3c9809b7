// @ts-check
// What the store's entry points check before they start anything (docs/operations.md, "What
// each entry point checks"):
// - the production profile (lib/security/production-profile.mjs): `npm run serve`, `npm start`,
//   `npm run worker`, `npm run db:migrate`, `npm run seed` and `npm run make-admin` refuse a
//   production configuration that may not run, with the same message (`refuseUnlessProfileAllows`);
// - the Node.js line: `npm start`, `npm run serve` and `npm run worker` warn once on a line older
//   than the supported ones (`warnOnOldNode`), and carry on.
// Tested in test/integration/entry-points.test.ts.
import { productionProfileProblem } from '../../lib/security/production-profile.mjs';

/** The Node.js lines the store supports (package.json "engines", .nvmrc, CI). */
export const SUPPORTED_NODE_LINES = /** @type {const} */ ([22, 24]);

/** Set for the processes a command starts once it has warned, so that they do not warn again. */
const WARNED = 'STOREFRONT_OLD_NODE_WARNED';

/**
 * The warning for a Node.js older than the supported lines, or null for a supported (or newer)
 * one.
 * @param {string} version as `process.version` gives it, e.g. "v20.20.2"
 * @returns {string | null}
 */
export function nodeVersionWarning(version) {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (!Number.isInteger(major) || major >= SUPPORTED_NODE_LINES[0]) return null;
  return (
    `Warning: Node.js ${version} is past its end of life; the storefront supports Node.js ` +
    `${SUPPORTED_NODE_LINES.join(' and ')} (.nvmrc names ${SUPPORTED_NODE_LINES.at(-1)}). It ` +
    'still starts, but this line gets no security fixes and is not tested here: packages that ' +
    'ask for Node.js 22 (the embedded MongoDB engine, the test tools) and their next updates ' +
    'may fail to install or run. Install Node.js 24 (or 22).'
  );
}

/**
 * Prints `nodeVersionWarning` on stderr once per command: not again in the processes it starts
 * with this environment (`npm start` runs the server of `npm run serve`).
 * @param {string} [version]
 * @param {Record<string, string | undefined>} [env]
 */
export function warnOnOldNode(version = process.version, env = process.env) {
  const warning = nodeVersionWarning(version);
  if (!warning || env[WARNED] === '1') return;
  env[WARNED] = '1';
  console.error(`\n${warning}\n`);
}

/**
 * Stops this process, exit code 1, with the production profile's message when its
 * configuration may not run in production (the same message `npm run serve` gives).
 * @param {string} who what cannot start: "The worker", "npm run db:migrate"…
 * @param {Record<string, string | undefined>} [env]
 */
export function refuseUnlessProfileAllows(who, env = process.env) {
  const problem = productionProfileProblem(env);
  if (!problem) return;
  console.error(`\n${who} cannot start: ${problem}\n`);
  process.exit(1);
}
