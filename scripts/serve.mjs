#!/usr/bin/env node
// The production server, as `npm start` and the end-to-end run start it:
//   node scripts/serve.mjs --hostname 127.0.0.1 --port 3000
// Next.js's own request handler (its programmatic API: the same router, static files, image
// optimisation and `after()` as `next start`) behind a plain Node.js HTTP server that does a few
// things more: it appends the TCP peer's address to X-Forwarded-For, as a proxy does. `next
// start` fills that header only when it is absent, so a client talking to it directly chooses
// the whole list; here the rightmost entry is always the machine that connected, and with
// TRUSTED_PROXY_HOPS proxies in front the store reads the client's address that many entries
// further left (lib/security/client-ip.ts); and it encodes string bodies to bytes itself
// (scripts/lib/string-bodies.mjs: much faster on Node.js 20 for pages with any character beyond
// Latin-1); and it sends the build's scripts and stylesheets in Brotli to browsers that accept it
// (scripts/lib/static-brotli.mjs: Next.js compresses with gzip only); and it bounds request
// bodies before Next.js reads them (scripts/lib/body-limit.mjs: Auth.js's at 8 kB, 413 as soon as
// a body passes its bound). The store's origin without AUTH_URL is `http://HOST:PORT` for the
// address and port given here (lib/security/listen.mjs); on any address but loopback the server
// refuses to start without AUTH_URL. A production server also refuses to start without what a
// public store needs (lib/security/production-profile.mjs: MONGODB_URI, AUTH_SECRET, AUTH_URL,
// SMTP_URL), and without a build of the current release (`npm run build`; scripts/lib/build.mjs).
// `npm run serve` runs it with HOST and PORT from the environment (default 127.0.0.1:3000).
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { listenProblem } from '../lib/security/listen.mjs';
import { productionProfileProblem } from '../lib/security/production-profile.mjs';
import { boundRequestBody } from './lib/body-limit.mjs';
import { buildProblem } from './lib/build.mjs';
import { warnOnOldNode } from './lib/preflight.mjs';
import { appendForwardedFor } from './lib/forwarded-for.mjs';
import { loadProjectEnv, projectRoot } from './lib/project-env.mjs';
import { staticBrotli } from './lib/static-brotli.mjs';
import { encodeStringBodies } from './lib/string-bodies.mjs';
import { consoleThroughLog, storeLogger } from '../lib/core/log-options.mjs';
import { REQUEST_ID_HEADER, REQUEST_ID_SET_HEADER, requestIdFor } from '../lib/core/request-id.mjs';

// .env files, as Next.js loads them, so that the checks below see the same configuration.
loadProjectEnv();
const { values } = parseArgs({
  options: {
    hostname: { type: 'string', short: 'H', default: process.env.HOST || '127.0.0.1' },
    port: { type: 'string', short: 'p', default: process.env.PORT || '3000' },
    // For a caller that has just built (npm start, the end-to-end run, the benchmark).
    'skip-build-check': { type: 'boolean', default: false },
    // Another Next.js app served the same way: the benchmark's empty floor page
    // (scripts/lib/bench-floor.mjs), measured beside the store with the same server.
    dir: { type: 'string', default: projectRoot },
  },
});
const hostname = values.hostname;
const port = Number(values.port);

// The store's origin without AUTH_URL is where it listens (lib/core/env reads HOST and PORT): each
// server knows its own, whatever the environment it inherited says.
process.env.HOST = hostname;
process.env.PORT = String(port);

// As `next start` does: a production server runs with NODE_ENV=production.
process.env.NODE_ENV ||= 'production';
process.env.NEXT_TELEMETRY_DISABLED ??= '1';
warnOnOldNode();

// Before Next.js loads (instrumentation.ts checks the profile again, for `next start` too): the
// production profile first, which names everything missing or wrong at once (AUTH_URL with the
// rest on HOST=0.0.0.0), then the address, then the build.
const refusal =
  productionProfileProblem(process.env) ??
  listenProblem(process.env) ??
  (values['skip-build-check'] ? null : buildProblem(process.env.NEXT_DIST_DIR || '.next'));
if (refusal) {
  console.error(`\nThe storefront cannot start: ${refusal}\n`);
  process.exit(1);
}

// From here on, every line the server prints is one of the store's log lines on stdout
// (lib/core/log-options.mjs: a JSON object, or readable on a terminal or with LOG_FORMAT=pretty),
// Next.js's own included, its errors as level `error`.
const log = storeLogger();
consoleThroughLog(log);

const { default: next } = await import('next');
const app = next({ dev: false, dir: path.resolve(values.dir), hostname, port });
try {
  // Loads the build and runs instrumentation.ts, which stops the process with a clear message
  // when the configuration may not serve (an invalid environment, production without AUTH_URL).
  await app.prepare();
} catch (error) {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  process.stderr.write(
    `\nThe storefront cannot start: ${cause instanceof Error ? cause.message : cause}\n\n`,
  );
  process.exit(1);
}
const handle = app.getRequestHandler();
// The build's scripts and stylesheets in Brotli for browsers that accept it (Next.js: gzip).
const brotli = staticBrotli(
  path.join(path.resolve(values.dir), process.env.NEXT_DIST_DIR || '.next', 'static'),
);

/** A request's path without its query, which may carry a token (a reset link's). */
function pathOf(request) {
  const url = request.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

const server = http.createServer((request, response) => {
  const started = performance.now();
  // Every response carries X-Request-Id: the request's own when it is a sane token, else a new
  // UUID (lib/core/request-id.mjs). Route handlers read it from the request's headers, and
  // proxy.ts, seeing the mark, leaves the request alone.
  const requestId = requestIdFor(request.headers[REQUEST_ID_HEADER]);
  request.headers[REQUEST_ID_HEADER] = requestId;
  request.headers[REQUEST_ID_SET_HEADER] = '1';
  response.setHeader('X-Request-Id', requestId);
  if (stopping) response.setHeader('Connection', 'close');
  response.once('close', () => {
    const status = response.statusCode;
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    const path = pathOf(request);
    log.info(
      {
        requestId,
        method: request.method,
        path,
        status,
        durationMs,
        ...(response.writableFinished ? {} : { aborted: true }),
      },
      `${request.method} ${path} ${status} ${durationMs} ms`,
    );
    // While stopping, a keep-alive connection whose request is done is closed.
    if (stopping) setImmediate(() => server.closeIdleConnections());
  });
  appendForwardedFor(request.headers, request.socket.remoteAddress);
  encodeStringBodies(response);
  brotli(request, response);
  boundRequestBody(request, response, () => {
    handle(request, response).catch((error) => {
      log.error(
        { err: error, requestId, method: request.method, path: pathOf(request) },
        `Failed to handle ${request.method} ${pathOf(request)}`,
      );
      if (!response.headersSent) response.statusCode = 500;
      response.end();
    });
  });
});

server.on('error', (error) => {
  console.error(`The storefront cannot listen on ${hostname}:${port}: ${error.message}`);
  process.exit(1);
});

server.listen(port, hostname, () => {
  const url = `http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}`;
  log.info({ url }, `Ready on ${url}`);
});

// Graceful shutdown with a deadline. At SIGTERM or SIGINT the server is marked as stopping
// (lib/core/lifecycle.ts: GET /api/health/ready answers 503 at once, so a load balancer takes
// the instance out), stops taking connections, lets the requests in flight and their `after()`
// work finish, sends what must leave with the process (the last traces: the steps registered
// with lib/core/lifecycle.ts `atShutdown`), then exits with the signal's code. If that takes
// longer than SHUTDOWN_TIMEOUT_MS (default 10 s; lib/core/env refuses an invalid value at start-up), it says so and exits anyway.
const shutdownTimeoutMs = /^\d+$/.test(process.env.SHUTDOWN_TIMEOUT_MS?.trim() ?? '')
  ? Number(process.env.SHUTDOWN_TIMEOUT_MS)
  : 10_000;
let stopping = false;

/** The steps registered with lib/core/lifecycle.ts `atShutdown`, one after the other. */
async function runShutdownSteps() {
  for (const step of globalThis.__storefrontShutdownSteps ?? []) {
    await step
      .run()
      .catch((error) =>
        log.error({ err: error, step: step.name }, `Shutdown step ${step.name} failed`),
      );
  }
}

for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    globalThis.__storefrontLifecycle = { shuttingDown: true };
    const stoppingSince = performance.now();
    log.info(
      { signal, timeoutMs: shutdownTimeoutMs },
      `${signal}: shutting down, finishing the requests in flight`,
    );
    const deadline = setTimeout(() => {
      log.error(
        { signal, timeoutMs: shutdownTimeoutMs },
        `Shutdown took longer than SHUTDOWN_TIMEOUT_MS (${shutdownTimeoutMs} ms): exiting with requests still open`,
      );
      process.exit(code);
    }, shutdownTimeoutMs);
    deadline.unref();
    // The job runner (lib/core/jobs.ts) starts no more runs; the ones in progress finish and
    // give their leases back (within the same deadline).
    const jobsStopped = globalThis.__storefrontStopJobs?.() ?? Promise.resolve();
    server.close(() => {
      jobsStopped
        .then(() => app.close())
        .catch((error) => log.error({ err: error }, 'Next.js did not close cleanly'))
        .then(() => runShutdownSteps())
        .finally(() => {
          log.info(
            { signal, durationMs: Math.round(performance.now() - stoppingSince) },
            'Stopped',
          );
          process.exit(code);
        });
    });
    // Idle keep-alive connections would hold close() open.
    server.closeIdleConnections();
  });
}
