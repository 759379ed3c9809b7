#!/usr/bin/env node
// @ts-check
// npm run db -- start|stop|status|run [--data-dir DIR] [--port N]
// (the package's `storefront-db` command: node packages/embedded-mongodb/src/cli.mjs)
//
//   start   start the embedded MongoDB server in the background (if not running) and print its URI
//   stop    stop the background server
//   status  show whether a server is running for the data directory
//   run     run the server in the foreground until Ctrl-C
//
// The data directory defaults to $DATA_DIR, or .data.

import path from 'node:path';

import { DEFAULT_DATA_DIR, DEFAULT_PORT } from './constants.mjs';
import { embeddedStatus, ensureEmbeddedMongo, stopEmbeddedMongo } from './launcher.mjs';

const USAGE = 'Usage: npm run db -- start|stop|status|run [--data-dir DIR] [--port N]';

/** @param {string[]} argv */
function parse(argv) {
  let command;
  /** @type {string | undefined} */
  let dataDir = process.env.DATA_DIR || DEFAULT_DATA_DIR;
  let port = DEFAULT_PORT;
  for (let i = 0; i < argv.length; i++) {
    const [flag = '', inline] = String(argv[i]).split(/=(.*)/s, 2);
    if (flag === '--data-dir') dataDir = inline ?? argv[++i];
    else if (flag === '--port') port = Number(inline ?? argv[++i]);
    else if (flag === '-h' || flag === '--help') command = 'help';
    else if (!command && !flag.startsWith('-')) command = flag;
    else throw new Error(`unexpected argument ${argv[i]}`);
  }
  if (!dataDir) throw new Error('--data-dir needs a value');
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error('--port must be a port number from 0 to 65535 (0: a free port)');
  }
  return { command, dataDir: path.resolve(dataDir), port };
}

async function main() {
  let options;
  try {
    options = parse(process.argv.slice(2));
  } catch (error) {
    console.error(`${/** @type {Error} */ (error).message}\n${USAGE}`);
    return 2;
  }
  const { command, dataDir, port } = options;
  switch (command) {
    case 'start': {
      try {
        const server = await ensureEmbeddedMongo({ dataDir, port });
        console.log(
          `${server.startedHere ? 'Started' : 'Already running:'} embedded MongoDB at ${server.uri} (pid ${server.pid})`,
        );
        // A server that was already running keeps its port: asked for another, say so.
        if (port && server.port !== port) {
          console.error(
            `It listens on port ${server.port}, not ${port}: run \`npm run db -- stop\` first to move it.`,
          );
          return 1;
        }
        return 0;
      } catch (error) {
        console.error(/** @type {Error} */ (error).message);
        if (process.env.DEBUG) console.error(error);
        return 1;
      }
    }
    case 'stop': {
      const stopped = await stopEmbeddedMongo({ dataDir });
      console.log(
        stopped
          ? 'Stopped embedded MongoDB.'
          : `No embedded MongoDB server is running for ${dataDir}.`,
      );
      return 0;
    }
    case 'status': {
      const status = await embeddedStatus({ dataDir });
      if (status.running) {
        console.log(
          `Embedded MongoDB is running at ${status.uri} (pid ${status.pid}, since ${status.startedAt}).`,
        );
      } else {
        console.log(
          `Embedded MongoDB is not running for ${dataDir}${status.stale ? ' (stale mongo.json)' : ''}.`,
        );
      }
      return status.running ? 0 : 1;
    }
    case 'run': {
      const { runForeground } = await import('./server.mjs');
      await runForeground({ dataDir, port });
      return 0;
    }
    case 'help':
      console.log(USAGE);
      return 0;
    default:
      console.error(command ? `Unknown command "${command}".\n${USAGE}` : USAGE);
      return 2;
  }
}

process.exitCode = await main();
