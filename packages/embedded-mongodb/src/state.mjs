// @ts-check
// Files the embedded MongoDB server keeps in its data directory, and the pid locks around them.

import fs from 'node:fs';
import path from 'node:path';

import { EMPTY_LOCK_GRACE_MS, FILES } from './constants.mjs';

/**
 * @typedef {object} ServerState
 * @property {number} pid
 * @property {number} port
 * @property {string} uri
 * @property {string} startedAt
 * @property {string} [dataDir]
 */

/**
 * Where everything lives inside a data directory.
 *
 * @param {string} dataDir
 */
export function dataPaths(dataDir) {
  const root = path.resolve(dataDir);
  return {
    root,
    db: path.join(root, FILES.db),
    state: path.join(root, FILES.state),
    log: path.join(root, FILES.log),
    dbLock: path.join(root, FILES.dbLock),
    startLock: path.join(root, FILES.startLock),
    engine: path.join(root, FILES.engine),
  };
}

/**
 * Whether a process with this pid exists (and is not a zombie).
 *
 * @param {number} pid
 */
export function isAlive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EPERM') return false;
  }
  if (process.platform === 'linux') {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      if (state === 'Z' || state === 'X') return false;
    } catch {
      // /proc not readable: trust kill(0)
    }
  }
  return true;
}

/**
 * The command line of a process, where the platform makes it cheap to read; otherwise null.
 *
 * @param {number} pid
 * @returns {string | null}
 */
export function commandLine(pid) {
  if (process.platform !== 'linux') return null;
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return null;
  }
}

/**
 * `mongo.json`, or null if it is missing or unreadable.
 *
 * @param {string} dataDir
 * @returns {ServerState | null}
 */
export function readState(dataDir) {
  try {
    const state = JSON.parse(fs.readFileSync(dataPaths(dataDir).state, 'utf8'));
    if (
      !Number.isInteger(state?.pid) ||
      !Number.isInteger(state?.port) ||
      typeof state?.uri !== 'string'
    )
      return null;
    return state;
  } catch {
    return null;
  }
}

/**
 * Writes a file so readers see either the old contents or the new, never a part.
 *
 * @param {string} file
 * @param {string} contents
 */
export function writeFileAtomic(file, contents) {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, contents);
  fs.renameSync(tmp, file);
}

/**
 * The pid recorded in a lock file: a number, null if the file is missing, NaN if unreadable.
 *
 * @param {string} file
 */
function lockOwner(file) {
  try {
    return Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT' ? null : Number.NaN;
  }
}

/**
 * Takes a lock file (created with O_EXCL, holding this process's pid). A lock whose process is
 * gone is taken over.
 *
 * @param {string} file
 * @returns {{ acquired: true } | { acquired: false, owner: number }}
 */
export function tryLock(file) {
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o644);
      try {
        fs.writeSync(fd, `${process.pid}\n`);
      } finally {
        fs.closeSync(fd);
      }
      return { acquired: true };
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    }
    const owner = lockOwner(file);
    if (owner === null) continue;
    if (Number.isNaN(owner)) {
      let age = 0;
      try {
        age = Date.now() - fs.statSync(file).mtimeMs;
      } catch {
        continue;
      }
      if (age < EMPTY_LOCK_GRACE_MS) return { acquired: false, owner: 0 };
    } else if (owner !== process.pid && isAlive(owner)) {
      return { acquired: false, owner };
    }
    removeStaleLock(file, owner);
  }
  const owner = lockOwner(file);
  return { acquired: false, owner: owner ?? 0 };
}

/**
 * Removes an abandoned lock without removing one another process has just taken in its place:
 * the file is moved aside first, and put back if it turns out to be live.
 *
 * @param {string} file
 * @param {number} staleOwner
 */
function removeStaleLock(file, staleOwner) {
  const aside = `${file}.stale-${process.pid}-${Date.now()}`;
  try {
    fs.renameSync(file, aside);
  } catch {
    return;
  }
  const owner = lockOwner(aside);
  if (
    owner !== null &&
    !Number.isNaN(owner) &&
    owner !== staleOwner &&
    owner !== process.pid &&
    isAlive(owner)
  ) {
    try {
      fs.linkSync(aside, file);
    } catch {
      // someone else holds the lock now; theirs wins
    }
  }
  fs.rmSync(aside, { force: true });
}

/**
 * Removes a lock file if this process holds it.
 *
 * @param {string} file
 */
export function unlock(file) {
  if (lockOwner(file) === process.pid) fs.rmSync(file, { force: true });
}
