#!/usr/bin/env node
// One instance against two behind nginx (the load balancer of compose.yaml's set-up, on this
// machine): GET / and GET /api/product at 20 connections (docs/benchmarks.md, "One instance or
// two"). Needs a production build (`npm run build`; the directory as the first argument, default
// .next) and Debian's nginx (/usr/sbin/nginx, or NGINX). Everything runs on 127.0.0.1 and is
// stopped at the end: a fresh embedded MongoDB with the demo catalogue, a real Redis for the
// shared cache, two production servers (scripts/serve.mjs, JOB_RUNNER=off as in compose.yaml),
// and nginx with a configuration in a temporary directory. Each endpoint is warmed through every
// path, then measured LB_ROUNDS times (default 2) LB_SECONDS each (default 15), in turn one
// instance directly, the same instance behind nginx (the proxy's own cost) and the two behind
// nginx, so that all three see the same machine load.
//   node scripts/bench-instances.mjs [.next]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ensureEmbeddedMongo, stopEmbeddedMongo } from '@storefront/embedded-mongodb';
import { buildProblem, runMigrate } from './lib/build.mjs';
import { startRedis } from './lib/cluster.mjs';
import { waitForUrl } from './lib/wait.mjs';

const distDir = process.argv[2] || '.next';
const problem = buildProblem(distDir);
if (problem) {
  console.error(`The benchmark serves a production build: ${problem}`);
  process.exit(1);
}
const SECONDS = Number(process.env.LB_SECONDS || 15);
const ROUNDS = Number(process.env.LB_ROUNDS || 2);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-bench-data-'));
const nginxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lb-bench-nginx-'));
const [LB, LB_ONE, A, B] = [3610, 3614, 3611, 3612];

const children = [];
await ensureEmbeddedMongo({ dataDir });
const redis = await startRedis(3613);
const env = {
  ...process.env,
  NODE_ENV: 'production',
  NEXT_TELEMETRY_DISABLED: '1',
  NEXT_DIST_DIR: distDir,
  DATA_DIR: dataDir,
  MONGODB_URI: '',
  AUTH_URL: '',
  EMBEDDED_DB_IN_PRODUCTION: 'true',
  LOCAL_DEMO: 'true',
  REDIS_URL: redis.url,
  REDIS_KEY_PREFIX: 'lb-bench',
  JOB_RUNNER: 'off',
  TRUSTED_PROXY_HOPS: '1',
  LOG_FORMAT: 'json',
};
delete env.LOG_LEVEL;
if ((await runMigrate(env)) !== 0) throw new Error('migrate failed');

function serve(port) {
  const child = spawn(
    process.execPath,
    ['scripts/serve.mjs', '-H', '127.0.0.1', '-p', String(port), '--skip-build-check'],
    { env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  children.push(child);
}
serve(A);
serve(B);
await waitForUrl(`http://127.0.0.1:${A}/api/health/ready`, { timeoutMs: 120_000 });
await waitForUrl(`http://127.0.0.1:${B}/api/health/ready`, { timeoutMs: 120_000 });

for (const dir of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
  fs.mkdirSync(path.join(nginxDir, dir), { recursive: true });
}
fs.chmodSync(nginxDir, 0o777);
for (const dir of fs.readdirSync(nginxDir)) fs.chmodSync(path.join(nginxDir, dir), 0o777);
const conf = `worker_processes auto;
pid ${nginxDir}/nginx.pid;
error_log ${nginxDir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${nginxDir}/client_body;
  proxy_temp_path ${nginxDir}/proxy;
  fastcgi_temp_path ${nginxDir}/fastcgi;
  uwsgi_temp_path ${nginxDir}/uwsgi;
  scgi_temp_path ${nginxDir}/scgi;
  upstream storefront {
    server 127.0.0.1:${A} max_fails=1 fail_timeout=5s;
    server 127.0.0.1:${B} max_fails=1 fail_timeout=5s;
    keepalive 32;
  }
  upstream one {
    server 127.0.0.1:${A};
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${LB};
    location / {
      proxy_pass http://storefront;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_next_upstream error timeout http_503;
    }
  }
  server {
    listen 127.0.0.1:${LB_ONE};
    location / {
      proxy_pass http://one;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }
}
`;
fs.writeFileSync(path.join(nginxDir, 'nginx.conf'), conf);
const nginx = spawn(
  process.env.NGINX || '/usr/sbin/nginx',
  ['-c', path.join(nginxDir, 'nginx.conf'), '-g', 'daemon off;'],
  {
    stdio: 'inherit',
  },
);
await waitForUrl(`http://127.0.0.1:${LB}/api/health/ready`, { timeoutMs: 20_000 });

const run = (url, duration) =>
  new Promise((resolve, reject) =>
    autocannon({ url, connections: 20, duration }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );

// One instance directly, the same behind nginx (the proxy's own cost), and two behind nginx.
const setups = {
  one: `http://127.0.0.1:${A}`,
  'one behind nginx': `http://127.0.0.1:${LB_ONE}`,
  'two behind nginx': `http://127.0.0.1:${LB}`,
};
/** @type {Record<string, { requests: number, seconds: number, p50: number[], p99: number[], errors: number, non2xx: number }>} */
const results = {};
for (const endpoint of ['/', '/api/product']) {
  // Warm: every instance renders and caches its pages, through both paths.
  for (const base of Object.values(setups)) await run(`${base}${endpoint}`, 5);
  await run(`http://127.0.0.1:${B}${endpoint}`, 3);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, base] of Object.entries(setups)) {
      const r = await run(`${base}${endpoint}`, SECONDS);
      const key = `${endpoint} ${name}`;
      results[key] ??= { requests: 0, seconds: 0, p50: [], p99: [], errors: 0, non2xx: 0 };
      results[key].requests += r.requests.total;
      results[key].seconds += r.duration;
      results[key].p50.push(r.latency.p50);
      results[key].p99.push(r.latency.p99);
      results[key].errors += r.errors + r.timeouts;
      results[key].non2xx += r.non2xx;
      console.log(
        `${key}: ${Math.round(r.requests.total / r.duration)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`,
      );
    }
  }
}
for (const [key, r] of Object.entries(results)) {
  const rps = Math.round(r.requests / r.seconds);
  console.log(
    JSON.stringify({ key, rps, p50: r.p50, p99: r.p99, errors: r.errors, non2xx: r.non2xx }),
  );
}

nginx.kill('SIGQUIT');
for (const child of children) child.kill('SIGTERM');
await new Promise((resolve) => setTimeout(resolve, 3000));
await redis.stop();
await stopEmbeddedMongo({ dataDir }).catch(() => {});
fs.rmSync(dataDir, { recursive: true, force: true });
fs.rmSync(nginxDir, { recursive: true, force: true });
const machine = {
  cpus: os.cpus().length,
  model: os.cpus()[0]?.model,
  memGiB: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  loadAverage: os.loadavg().map((load) => Math.round(load * 10) / 10),
};
console.log(JSON.stringify(machine));
process.exit(0);
