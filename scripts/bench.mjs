#!/usr/bin/env node
// `npm run bench`: measures a production build on loopback, in bounded time.
//  - served as `npm start` serves it (scripts/serve.mjs);
//  - requests per second and p99 latency of the home page (pre-rendered from MongoDB, served
//    from the cache and regenerated when the catalogue changes) and
//    of a static page of the same build (/myportfolio), and their ratio;
//  - first-load JavaScript (gzip) of / and of the smallest public page;
//  - the catalogue at 20 and at 10,000 products (`npm run seed -- --products N` into the bench
//    database): size and time of GET /api/product (and of a search), and the uncached render
//    time of the home page (an on-demand revalidation request: Next.js renders the page anew,
//    data cache bypassed, and answers the fresh render).
// Runs over a fresh embedded MongoDB seeded with the demo catalogue, and stops everything it
// started. Options: BENCH_SECONDS (default 10 per page), BENCH_CONNECTIONS (default 10);
// `-- --lighthouse` adds Lighthouse scores of /, /blogs and /login. `npm run bench -- orders`
// runs the orders benchmark instead (scripts/bench-orders.mjs).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { ensureEmbeddedMongo, stopEmbeddedMongo } from '@storefront/embedded-mongodb';
import { runMigrate, runNext, serveScript } from './lib/build.mjs';
import { chromiumPath } from './lib/chromium.mjs';
import { projectRoot } from './lib/project-env.mjs';
import { waitForUrl } from './lib/wait.mjs';

const seconds = Number(process.env.BENCH_SECONDS || 10);
const connections = Number(process.env.BENCH_CONNECTIONS || 10);
const port = Number(process.env.BENCH_PORT || 3200);
const base = `http://127.0.0.1:${port}`;
const distDir = '.next-bench';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-'));
const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  NEXT_DIST_DIR: distDir,
  DATA_DIR: dataDir,
  MONGODB_URI: '',
};

let server;

async function cleanUp() {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  await stopEmbeddedMongo({ dataDir }).catch(() => {});
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function load(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** gzip size of every script a page loads on first visit. */
async function firstLoadJs(pagePath) {
  const html = await (await fetch(base + pagePath)).text();
  const sources = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1]);
  let total = 0;
  for (const src of new Set(sources)) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    total += gzipSync(body, { level: 9 }).length;
  }
  return total;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

const CATALOGUE_SIZES = [20, 10_000];
const SAMPLES = Number(process.env.BENCH_SAMPLES || 15);

/** `npm run seed -- --products N` against the bench database. */
function seedProducts(count) {
  const result = spawnSync('npm', ['run', '--silent', 'seed', '--', '--products', String(count)], {
    cwd: projectRoot,
    env,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`npm run seed failed: ${result.stderr}`);
  return result.stdout.trim();
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Median time (ms) and body size (bytes) of SAMPLES sequential requests, after one warm-up. */
async function timed(url, headers = {}) {
  const times = [];
  let bytes = 0;
  for (let i = 0; i <= SAMPLES; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    const body = Buffer.from(await response.arrayBuffer());
    const elapsed = performance.now() - started;
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    if (i > 0) times.push(elapsed);
    bytes = body.length;
  }
  return { ms: median(times), bytes };
}

/**
 * The home page rendered anew on every request: Next.js's on-demand revalidation request (the
 * `x-prerender-revalidate` header with the build's preview-mode id, as `revalidatePath` sends
 * it) renders the pre-rendered page now, reading MongoDB past the data cache, and answers that
 * render (`x-nextjs-cache: REVALIDATED`).
 */
function revalidateHeaders() {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(projectRoot, distDir, 'prerender-manifest.json'), 'utf8'),
  );
  return { 'x-prerender-revalidate': manifest.preview.previewModeId };
}

async function catalogueAtScale() {
  const rows = [];
  for (const count of CATALOGUE_SIZES) {
    const seeded = seedProducts(count);
    const check = await fetch(`${base}/`, { headers: revalidateHeaders() });
    await check.arrayBuffer();
    const cache = check.headers.get('x-nextjs-cache');
    if (cache !== 'REVALIDATED')
      throw new Error(`home revalidation answered x-nextjs-cache ${cache}`);
    rows.push({
      count,
      seeded,
      api: await timed(`${base}/api/product`),
      search: await timed(`${base}/api/product?q=bearing&category=bearings`),
      home: await timed(`${base}/`, revalidateHeaders()),
      cachedHome: await timed(`${base}/`),
    });
  }
  return rows;
}

async function main() {
  await ensureEmbeddedMongo({ dataDir });
  if ((await runMigrate(env)) !== 0) throw new Error('npm run db:migrate failed');
  // A new build each run: the home page is pre-rendered from the (fresh) database.
  const code = await runNext(['build'], env);
  if (code !== 0) throw new Error('next build failed');
  // Served as `npm start` serves it (scripts/serve.mjs).
  server = spawn(process.execPath, [serveScript, '-H', '127.0.0.1', '-p', String(port)], {
    cwd: projectRoot,
    env,
    stdio: 'ignore',
  });
  await waitForUrl(`${base}/`);
  // Warm up both pages (first render, database connection, image of the seed).
  for (let i = 0; i < 20; i++) await Promise.all([fetch(`${base}/`), fetch(`${base}/myportfolio`)]);

  const home = await load(`${base}/`);
  const statik = await load(`${base}/myportfolio`);
  const pages = ['/', '/home', '/blogs', '/myportfolio', '/contactus'];
  const sizes = {};
  for (const page of pages) sizes[page] = await firstLoadJs(page);
  const smallest = pages.reduce((a, b) => (sizes[b] < sizes[a] ? b : a));
  // Last: it replaces the catalogue the load test ran on.
  const catalogue = await catalogueAtScale();

  const row = (name, result) =>
    `${name.padEnd(28)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p99 ${String(result.latency.p99).padStart(4)} ms   errors ${result.errors + result.non2xx}`;
  console.log(
    `\nLoad: ${connections} connections, ${seconds} s per page, loopback, ${os.cpus().length} cores`,
  );
  console.log(row('home / (cached, from MongoDB)', home));
  console.log(row('static /myportfolio', statik));
  console.log(
    `home / static ratio          ${(home.requests.average / statik.requests.average).toFixed(2)}`,
  );
  console.log('\nFirst-load JS (gzip):');
  for (const page of pages) console.log(`  ${page.padEnd(14)} ${kb(sizes[page])}`);
  console.log(`  smallest page: ${smallest} (${kb(sizes[smallest])}); home: ${kb(sizes['/'])}`);

  console.log(`\nCatalogue at scale (median of ${SAMPLES} sequential requests):`);
  console.log(
    '  products   GET /api/product        search ?q=bearing       home uncached   home cached',
  );
  for (const row of catalogue) console.log(`  ${row.seeded}`);
  for (const row of catalogue) {
    const cell = (result, width) =>
      `${kb(result.bytes).padStart(9)} ${`${result.ms.toFixed(1)} ms`.padStart(9)}`.padEnd(width);
    console.log(
      `  ${String(row.count).padStart(8)}   ${cell(row.api, 24)}${cell(row.search, 24)}${`${row.home.ms.toFixed(1)} ms`.padStart(12)}   ${`${row.cachedHome.ms.toFixed(1)} ms`.padStart(11)}`,
    );
  }
  const [small, large] = [catalogue[0], catalogue[catalogue.length - 1]];
  console.log(
    `  uncached home at ${large.count} / at ${small.count} products: ${(large.home.ms / small.home.ms).toFixed(2)}x; largest /api/product answer ${kb(Math.max(...catalogue.map((row) => row.api.bytes)))}`,
  );

  if (process.argv.includes('--lighthouse')) await lighthouse(['/', '/blogs', '/login']);
}

const LIGHTHOUSE = 'lighthouse@12.8.2';

/**
 * `npm run bench -- --lighthouse`: Lighthouse scores (mobile, simulated throttling) of a few
 * pages, with the Chromium the browser tests use (CHROME_PATH or a system one; otherwise
 * Lighthouse looks for a Chrome itself). Lighthouse is fetched with npx on first use.
 */
async function lighthouse(paths) {
  const chrome = chromiumPath();
  const flags = [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    "--host-resolver-rules='MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'",
  ].join(' ');
  console.log(`
Lighthouse (${LIGHTHOUSE}, mobile):`);
  for (const pagePath of paths) {
    const output = path.join(dataDir, `lighthouse${pagePath.replace(/\//g, '_')}.json`);
    const result = spawnSync(
      'npx',
      [
        '-y',
        LIGHTHOUSE,
        base + pagePath,
        '--quiet',
        `--chrome-flags=${flags}`,
        '--output=json',
        `--output-path=${output}`,
        '--only-categories=performance,accessibility,best-practices,seo',
      ],
      {
        env: { ...process.env, ...(chrome ? { CHROME_PATH: chrome } : {}) },
        stdio: 'ignore',
        timeout: 180_000,
      },
    );
    if (result.status !== 0 || !fs.existsSync(output)) {
      console.log(`  ${pagePath.padEnd(14)} Lighthouse did not run (exit ${result.status})`);
      continue;
    }
    const report = JSON.parse(fs.readFileSync(output, 'utf8'));
    const scores = Object.values(report.categories).map(
      (c) => `${c.id} ${Math.round(c.score * 100)}`,
    );
    console.log(
      `  ${pagePath.padEnd(14)} ${scores.join('  ')}  LCP ${report.audits['largest-contentful-paint'].displayValue}`,
    );
  }
}

if (process.argv[2] === 'orders') {
  // `npm run bench -- orders`: concurrent buyers ordering scarce stock (scripts/bench-orders.mjs).
  const { runOrdersBench } = await import('./bench-orders.mjs');
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exitCode = await runOrdersBench().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  });
} else {
  main()
    .catch((error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    })
    .finally(cleanUp);
}
