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
// refuses to start without AUTH_URL. The build must exist (`next build`).
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { listenProblem } from '../lib/security/listen.mjs';
import { boundRequestBody } from './lib/body-limit.mjs';
import { appendForwardedFor } from './lib/forwarded-for.mjs';
import { projectRoot } from './lib/project-env.mjs';
import { staticBrotli } from './lib/static-brotli.mjs';
import { encodeStringBodies } from './lib/string-bodies.mjs';

const { values } = parseArgs({
  options: {
    hostname: { type: 'string', short: 'H', default: '127.0.0.1' },
    port: { type: 'string', short: 'p', default: '3000' },
  },
});
const hostname = values.hostname;
const port = Number(values.port);

// The store's origin without AUTH_URL is where it listens (lib/core/env reads HOST and PORT): each
// server knows its own, whatever the environment it inherited says.
process.env.HOST = hostname;
process.env.PORT = String(port);
const problem = listenProblem(process.env);
if (problem) {
  console.error(`\nThe storefront cannot start: ${problem}\n`);
  process.exit(1);
}

// As `next start` does: a production server runs with NODE_ENV=production.
process.env.NODE_ENV ||= 'production';
process.env.NEXT_TELEMETRY_DISABLED ??= '1';

const { default: next } = await import('next');
const app = next({ dev: false, dir: projectRoot, hostname, port });
try {
  // Loads the build and runs instrumentation.ts, which stops the process with a clear message
  // when the configuration may not serve (an invalid environment, production without AUTH_URL).
  await app.prepare();
} catch (error) {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  console.error(
    `\nThe storefront cannot start: ${cause instanceof Error ? cause.message : cause}\n`,
  );
  process.exit(1);
}
const handle = app.getRequestHandler();
// The build's scripts and stylesheets in Brotli for browsers that accept it (Next.js: gzip).
const brotli = staticBrotli(path.join(projectRoot, process.env.NEXT_DIST_DIR || '.next', 'static'));

const server = http.createServer((request, response) => {
  appendForwardedFor(request.headers, request.socket.remoteAddress);
  encodeStringBodies(response);
  brotli(request, response);
  boundRequestBody(request, response, () => {
    handle(request, response).catch((error) => {
      console.error(`Failed to handle ${request.method} ${request.url}:`, error);
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
  console.log(`✓ Ready on http://${hostname.includes(':') ? `[${hostname}]` : hostname}:${port}`);
});

// As `next start`: stop taking connections, let requests in flight and their `after()` work
// finish, then exit with the signal's code.
let stopping = false;
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close(() => {
      app
        .close()
        .catch((error) => console.error(error))
        .finally(() => process.exit(code));
    });
    // Idle keep-alive connections would hold close() open.
    server.closeIdleConnections();
  });
}
