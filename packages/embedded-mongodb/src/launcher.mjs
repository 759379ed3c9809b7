// @ts-check
// Finds the embedded MongoDB server for a data directory, starting it in the background if
// none is running. Safe to call from several processes at once (Next.js workers, scripts,
// tests): one of them starts the server and the others wait for it.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  DEFAULT_PORT,
  EXIT_LOCKED,
  KILL_POLL_MS,
  LOG_TAIL_LINES,
  MONGODB_URI_HINT,
  PING_TIMEOUT_MS,
  START_LOCK_MAX_AGE_MS,
  START_POLL_MS,
  START_TIMEOUT_MS,
  STARTUP_PING_TIMEOUT_MS,
  STOP_TIMEOUT_MS,
  WAIT_POLL_MS,
} from './constants.mjs';
import { commandLine, dataPaths, isAlive, readState, tryLock, unlock } from './state.mjs';
import { ping } from './wire.mjs';

/**
 * @typedef {object} EmbeddedMongo
 * @property {string} uri
 * @property {number} pid
 * @property {number} port
 * @property {boolean} startedHere Whether this call started the server.
 */

/**
 * The server script, beside this file. The package is never bundled (the Next.js config lists
 * it in `serverExternalPackages`), so this holds wherever the package is loaded from.
 */
export const serverScriptPath = fileURLToPath(new URL('./server.mjs', import.meta.url));

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The server named in mongo.json, if it is alive and answers a ping.
 *
 * @param {string} dataDir
 * @param {number} [timeoutMs]
 * @returns {Promise<EmbeddedMongo | null>}
 */
async function liveServer(dataDir, timeoutMs = PING_TIMEOUT_MS) {
  const state = readState(dataDir);
  if (!state || !isAlive(state.pid)) return null;
  if (!(await ping(state.port, { timeoutMs }))) return null;
  return { uri: state.uri, pid: state.pid, port: state.port, startedHere: false };
}

/**
 * @param {string} file
 * @param {number} [lines]
 */
function tail(file, lines = LOG_TAIL_LINES) {
  try {
    const text = fs.readFileSync(file, 'utf8').trimEnd();
    return text.split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** In-flight calls of this process, per data directory. */
/** @type {Map<string, Promise<EmbeddedMongo>>} */
const inFlight = new Map();

/**
 * Returns the embedded MongoDB server for `dataDir`, starting one in the background if none
 * is running.
 *
 * @param {{ dataDir: string, idleExitMs?: number, timeoutMs?: number, port?: number }} options
 *   idleExitMs: a server started by this call stops once no client has been connected for
 *   this long (omit to keep it running until stopped). timeoutMs: how long to wait for
 *   start-up (default 30 s). port: where a server started by this call listens (default 0: a
 *   free port the system picks); a server already running keeps its own port.
 * @returns {Promise<EmbeddedMongo>}
 */
export function ensureEmbeddedMongo({
  dataDir,
  idleExitMs,
  timeoutMs = START_TIMEOUT_MS,
  port = DEFAULT_PORT,
}) {
  const root = path.resolve(dataDir);
  let call = inFlight.get(root);
  if (!call) {
    call = ensure(root, idleExitMs, timeoutMs, port).finally(() => inFlight.delete(root));
    inFlight.set(root, call);
  }
  return call;
}

/**
 * @param {string} root
 * @param {number | undefined} idleExitMs
 * @param {number} timeoutMs
 * @param {number} port
 * @returns {Promise<EmbeddedMongo>}
 */
async function ensure(root, idleExitMs, timeoutMs, port) {
  const paths = dataPaths(root);
  const existing = await liveServer(root);
  if (existing) return existing;

  try {
    fs.mkdirSync(root, { recursive: true });
  } catch (error) {
    throw new Error(
      `Cannot use ${root} as the embedded MongoDB data directory: ${/** @type {Error} */ (error).message}. ${MONGODB_URI_HINT}`,
      { cause: error },
    );
  }

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const lock = tryLock(paths.startLock);
    if (!lock.acquired) {
      // Another process is starting the server: wait for it, unless its lock is abandoned.
      await sleep(WAIT_POLL_MS);
      const found = await liveServer(root);
      if (found) return found;
      abandonOldStartLock(paths.startLock);
      continue;
    }
    try {
      const found = await liveServer(root);
      if (found) return found;
      // A server that holds the database but has not written mongo.json yet (started by hand,
      // say) is waited for rather than raced.
      const dbOwner = readPid(paths.dbLock);
      if (dbOwner && dbOwner !== process.pid && isAlive(dbOwner)) {
        const started = await waitForServer(root, dbOwner, null, deadline);
        if (started) return started;
        continue;
      }
      const child = spawnServer(paths, idleExitMs, port);
      const started = await waitForServer(root, /** @type {number} */ (child.pid), child, deadline);
      if (started) return { ...started, startedHere: true };
    } finally {
      unlock(paths.startLock);
    }
  }
  const found = await liveServer(root);
  if (found) return found;
  throw new Error(
    `Embedded MongoDB did not start within ${Math.round(timeoutMs / 1000)} s (data directory ${root}; log ${paths.log}). ${MONGODB_URI_HINT}` +
      formatLog(paths.log),
  );
}

/** @param {string} log */
function formatLog(log) {
  const lines = tail(log);
  return lines ? `\nLast lines of ${log}:\n${lines}` : '';
}

/**
 * @param {ReturnType<typeof dataPaths>} paths
 * @param {number | undefined} idleExitMs
 * @param {number} port
 */
function spawnServer(paths, idleExitMs, port) {
  const args = [serverScriptPath, '--data-dir', paths.root];
  if (port) args.push('--port', String(port));
  if (idleExitMs) args.push('--idle-exit-ms', String(idleExitMs));
  const out = fs.openSync(paths.log, 'w');
  try {
    // NODE_OPTIONS of the caller (a debugger port, a loader of the dev server) is not meant
    // for the database process.
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    const child = spawn(process.execPath, args, {
      detached: true,
      stdio: ['ignore', out, out],
      env,
      windowsHide: true,
    });
    child.on('error', () => {});
    child.unref();
    if (!child.pid) throw new Error(`could not start ${process.execPath}`);
    return child;
  } finally {
    fs.closeSync(out);
  }
}

/**
 * Waits until `pid` is serving on the port in mongo.json. Resolves null if another server
 * turned out to own the database (start again from the top), rejects if the process died.
 *
 * @param {string} root
 * @param {number} pid
 * @param {import('node:child_process').ChildProcess | null} child
 * @param {number} deadline
 * @returns {Promise<EmbeddedMongo | null>}
 */
async function waitForServer(root, pid, child, deadline) {
  const paths = dataPaths(root);
  /** @type {number | null | undefined} */
  let exitCode;
  child?.once('exit', (code, signal) => (exitCode = code ?? (signal ? 128 : 1)));
  while (Date.now() < deadline) {
    const state = readState(root);
    if (
      state &&
      state.pid === pid &&
      (await ping(state.port, { timeoutMs: STARTUP_PING_TIMEOUT_MS }))
    ) {
      return { uri: state.uri, pid: state.pid, port: state.port, startedHere: false };
    }
    const gone = child ? exitCode !== undefined : !isAlive(pid);
    if (gone) {
      if (!child || exitCode === EXIT_LOCKED) return null;
      throw new Error(
        `Embedded MongoDB failed to start (exit code ${exitCode}; data directory ${root}). ${MONGODB_URI_HINT}` +
          formatLog(paths.log),
      );
    }
    await sleep(START_POLL_MS);
  }
  if (child) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  return null;
}

/** @param {string} file */
function readPid(file) {
  try {
    return Number.parseInt(fs.readFileSync(file, 'utf8'), 10) || null;
  } catch {
    return null;
  }
}

/** @param {string} file */
function abandonOldStartLock(file) {
  try {
    if (Date.now() - fs.statSync(file).mtimeMs > START_LOCK_MAX_AGE_MS)
      fs.rmSync(file, { force: true });
  } catch {
    // gone already
  }
}

/**
 * Whether `pid` looks like the embedded server (guards against a recycled pid).
 *
 * @param {number} pid
 */
function isServerProcess(pid) {
  const cmd = commandLine(pid);
  return cmd === null || cmd.includes('server.mjs');
}

/**
 * Stops the server running for `dataDir`: SIGTERM, then SIGKILL if it has not exited in time.
 * Resolves to whether a server was running.
 *
 * @param {{ dataDir: string, timeoutMs?: number }} options
 * @returns {Promise<boolean>}
 */
export async function stopEmbeddedMongo({ dataDir, timeoutMs = STOP_TIMEOUT_MS }) {
  const paths = dataPaths(dataDir);
  const pid = readState(paths.root)?.pid ?? readPid(paths.dbLock);
  if (!pid || pid === process.pid || !isAlive(pid) || !isServerProcess(pid)) {
    cleanStaleFiles(paths);
    return false;
  }
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid) && Date.now() < deadline) await sleep(START_POLL_MS);
  if (isAlive(pid)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // exited meanwhile
    }
    while (isAlive(pid)) await sleep(KILL_POLL_MS);
  }
  cleanStaleFiles(paths);
  return true;
}

/**
 * Removes mongo.json and db.lock left by a server that is no longer running.
 *
 * @param {ReturnType<typeof dataPaths>} paths
 */
function cleanStaleFiles(paths) {
  const state = readState(paths.root);
  if (state && !isAlive(state.pid)) fs.rmSync(paths.state, { force: true });
  const owner = readPid(paths.dbLock);
  if (owner && !isAlive(owner)) fs.rmSync(paths.dbLock, { force: true });
}

/**
 * @typedef {object} EmbeddedStatus
 * @property {boolean} running A live server answered a ping.
 * @property {string} dataDir
 * @property {string} logFile
 * @property {number} [pid]
 * @property {number} [port]
 * @property {string} [uri]
 * @property {string} [startedAt]
 * @property {boolean} [stale] mongo.json names a server that is gone or not answering.
 */

/**
 * What is running for `dataDir`.
 *
 * @param {{ dataDir: string }} options
 * @returns {Promise<EmbeddedStatus>}
 */
export async function embeddedStatus({ dataDir }) {
  const paths = dataPaths(dataDir);
  const base = { dataDir: paths.root, logFile: paths.log };
  const state = readState(paths.root);
  if (!state) return { ...base, running: false };
  const running = isAlive(state.pid) && (await ping(state.port));
  return {
    ...base,
    running,
    pid: state.pid,
    port: state.port,
    uri: state.uri,
    startedAt: state.startedAt,
    stale: !running,
  };
}
