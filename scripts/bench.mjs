#!/usr/bin/env node
// `npm run bench`: every performance budget of the store (bench/budgets.mjs), measured on a
// production build on loopback in one run, each figure printed with its budget and PASS/FAIL,
// and written as JSON to .bench/last.json (git-ignored). A benchmark, not a test: CI does not
// run it, and its exit code is 0 whether budgets pass or not (1 only when it could not run).
//
//  1. builds the store into .next-bench over a fresh embedded MongoDB seeded with the demo
//     catalogue, and serves it as `npm start` does (scripts/serve.mjs);
//  2. first-load JavaScript (gzip of every script the page's HTML loads, but the `nomodule`
//     polyfills a browser with ES modules never fetches) of every public page,
//     and of the dashboard pages signed in (buyer pages as a buyer, admin pages as an admin);
//  3. the home page's HTML bytes, and requests per second of / (pre-rendered from MongoDB,
//     served from the cache) against /myportfolio (static) of the same build;
//  4. Lighthouse (mobile, simulated throttling) of /, /products, /blogs and /login, median of
//     3 runs each (skipped by `-- --quick`);
//  5. POST /api/order by 50 concurrent signed-in buyers (session cookie and the store's Origin,
//     as the order form sends it) against GET /api/health at 50 connections;
//  6. orders of many lines: a 100-line order placed through the order list (median and p99 of
//     POST /api/checkout), a 20-line checkout by 20 buyers at once with stock checked against
//     every order's lines afterwards, and /dashboard/cart with 100 lines server-rendered;
//  7. contract prices: a company's 10,000-entry price list resolving a 100-line cart (median);
//  8. the catalogue at 20 and at 10,000 products (`npm run seed -- --products N`): time of
//     GET /api/product (and of a search) and the uncached render of the home page (an
//     on-demand revalidation request: Next.js renders the page anew, data cache bypassed).
// Load comparisons alternate their two sides in BENCH_ROUNDS rounds (default 2), so both see
// the same machine load. Options: BENCH_SECONDS (seconds per side for the pages, default 10),
// BENCH_ORDER_SECONDS (per side for orders/health, default 6), BENCH_CONNECTIONS (pages,
// default 10), BENCH_PORT (default 3200), BENCH_DIST_DIR (default .next-bench), BENCH_PROFILE
// (1: a CPU profile of the server in .bench/profile). `npm run bench -- --only orders,dashboard`
// measures only those parts (public, home, lighthouse, dashboard, orders, lines, contracts, catalogue; the build
// is always made). `npm run bench -- orders` runs the orders benchmark with its invariants
// instead (scripts/bench-orders.mjs).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { ensureEmbeddedMongo, stopEmbeddedMongo } from '@storefront/embedded-mongodb';
import {
  ADMIN_DASHBOARD_PAGES,
  BUYER_DASHBOARD_PAGES,
  budgets,
  LIGHTHOUSE_PAGES,
  LIGHTHOUSE_RUNS,
  ORDER_CONNECTIONS,
  PUBLIC_PAGES,
} from '../bench/budgets.mjs';
import { runMigrate, runNext, serveScript } from './lib/build.mjs';
import { chromiumPath } from './lib/chromium.mjs';
import { projectRoot } from './lib/project-env.mjs';
import { signInSession } from './lib/sign-in.mjs';
import { waitForUrl } from './lib/wait.mjs';

const seconds = Number(process.env.BENCH_SECONDS || 10);
const orderSeconds = Number(process.env.BENCH_ORDER_SECONDS || 6);
const rounds = Number(process.env.BENCH_ROUNDS || 2);
const connections = Number(process.env.BENCH_CONNECTIONS || 10);
const port = Number(process.env.BENCH_PORT || 3200);
const quick = process.argv.includes('--quick');
const SECTIONS = [
  'public',
  'home',
  'lighthouse',
  'dashboard',
  'orders',
  'lines',
  'contracts',
  'catalogue',
];
/** `--only a,b` (or `--only=a,b`): the parts to measure; every part unless told. */
function onlySections() {
  const index = process.argv.findIndex((arg) => arg === '--only' || arg.startsWith('--only='));
  if (index === -1) return new Set(SECTIONS);
  const value = process.argv[index].startsWith('--only=')
    ? process.argv[index].slice('--only='.length)
    : (process.argv[index + 1] ?? '');
  const chosen = value.split(',').filter(Boolean);
  const unknown = chosen.filter((name) => !SECTIONS.includes(name));
  if (!chosen.length || unknown.length) {
    throw new Error(`--only takes a comma-separated list of: ${SECTIONS.join(', ')}`);
  }
  return new Set(chosen);
}
const only = onlySections();
const base = `http://127.0.0.1:${port}`;
const distDir = process.env.BENCH_DIST_DIR || '.next-bench';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-'));
const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  NEXT_DIST_DIR: distDir,
  DATA_DIR: dataDir,
  MONGODB_URI: '',
  // A production server on this machine's embedded database, on loopback: the local demo's
  // set-up, said to the production profile (lib/security/production-profile.mjs).
  EMBEDDED_DB_IN_PRODUCTION: 'true',
  LOCAL_DEMO: 'true',
  // The order load places thousands of unpaid orders from 100 accounts: the unpaid-orders
  // cap per buyer (a count on every order, still made) is raised for the benchmark's server.
  MAX_UNPAID_ORDERS: '100000',
};
delete env.STRIPE_SECRET_KEY;
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');

let server;
let stopping = false;

async function cleanUp() {
  stopping = true;
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  await stopEmbeddedMongo({ dataDir }).catch(() => {});
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** The figures and their verdicts, printed as they come and written to .bench/last.json. */
const results = { startedAt: new Date().toISOString(), cores: os.cpus().length, checks: [] };

/** One figure against its budget: prints `label  value  budget  PASS|FAIL`. */
function check(label, value, { max, min, below, format = String }) {
  const pass =
    (max === undefined || value <= max) &&
    (min === undefined || value >= min) &&
    (below === undefined || value < below);
  const budget =
    max !== undefined
      ? `<= ${format(max)}`
      : min !== undefined
        ? `>= ${format(min)}`
        : `< ${format(below)}`;
  results.checks.push({ label, value, budget: max ?? min ?? below, rule: budget, pass });
  console.log(
    `  ${label.padEnd(44)} ${format(value).padStart(10)}   budget ${budget.padEnd(10)} ${pass ? 'PASS' : 'FAIL'}`,
  );
  return pass;
}

/** The page's HTML and the gzip size of every script it loads on first visit. */
async function pageWeight(pagePath, headers = {}) {
  const response = await fetch(base + pagePath, { headers, redirect: 'manual' });
  if (response.status !== 200) throw new Error(`${pagePath} answered ${response.status}`);
  const html = await response.text();
  // `nomodule` scripts (Next.js's polyfills for browsers without ES modules) are never
  // fetched by a browser that runs modules; they are counted apart.
  const scripts = [...html.matchAll(/<script([^>]*)>/g)]
    .map((match) => ({
      src: /\ssrc="([^"]+)"/.exec(match[1])?.[1],
      noModule: /\snomodule/i.test(match[1]),
    }))
    .filter((script) => script.src);
  let js = 0;
  let noModuleJs = 0;
  const seen = new Set();
  for (const { src, noModule } of scripts) {
    if (seen.has(src)) continue;
    seen.add(src);
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    const size = gzipSync(body, { level: 9 }).length;
    if (noModule) noModuleJs += size;
    else js += size;
  }
  return { js, noModuleJs, html: Buffer.byteLength(html) };
}

function load(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * Two loads compared in the same run: `rounds` alternations of A then B, each `duration`
 * seconds; requests per second of each side over all its rounds, p99 the worst round's.
 */
async function compare(a, b, duration) {
  const sides = [a, b].map(() => ({
    requests: 0,
    seconds: 0,
    p99: 0,
    errors: 0,
    non2xx: 0,
    statuses: {},
  }));
  for (let round = 0; round < rounds; round++) {
    for (const [index, options] of [a, b].entries()) {
      const result = await load({ ...options(), duration });
      const side = sides[index];
      side.requests += result.requests.total;
      side.seconds += result.duration;
      side.p99 = Math.max(side.p99, result.latency.p99);
      side.errors += result.errors + result.timeouts;
      side.non2xx += result.non2xx;
      for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {})) {
        side.statuses[status] = (side.statuses[status] ?? 0) + count;
      }
    }
  }
  return sides.map((side) => ({ ...side, rps: side.requests / side.seconds }));
}

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

const WARM_UPS = 3;

/** Median time (ms) and body size (bytes) of SAMPLES sequential requests, after WARM_UPS. */
async function timed(url, headers = {}) {
  const times = [];
  let bytes = 0;
  for (let i = 0; i < WARM_UPS + SAMPLES; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    const body = Buffer.from(await response.arrayBuffer());
    const elapsed = performance.now() - started;
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    if (i >= WARM_UPS) times.push(elapsed);
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

/** Runs a command; resolves with its stdout, rejects with its stderr when it fails. */
function capture(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: projectRoot, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`${args.join(' ')} failed:\n${stderr}`)),
    );
  });
}

/** Signs in as the login form does (Auth.js credentials with its CSRF token): the session cookie. */
const signIn = (account) => signInSession(base, account);

/** BUYERS accounts, signed in; an admin among them for the admin pages. */
const BUYERS = 100;
const ORDER_MINIMUM = 500;

async function signedInBuyers() {
  const data = JSON.parse(
    await capture([
      tsxCli,
      '--conditions=react-server',
      path.join(projectRoot, 'scripts/lib/bench-orders-data.ts'),
      '--buyers',
      String(BUYERS + 1),
      '--stock',
      '1000000000',
      '--minimum',
      String(ORDER_MINIMUM),
      '--admins',
      '1',
    ]),
  );
  const sessions = [];
  for (let start = 0; start < data.buyers.length; start += 4) {
    sessions.push(...(await Promise.all(data.buyers.slice(start, start + 4).map(signIn))));
  }
  // The first account is the admin (bench-orders-data makes the first `--admins` accounts so).
  return { productId: data.productId, admin: sessions[0], buyers: sessions.slice(1) };
}

/** POST /api/order as autocannon requests: each request from the next buyer in turn. */
function orderLoad({ productId, buyers }) {
  let next = 0;
  const body = JSON.stringify({
    productId,
    quantity: ORDER_MINIMUM,
    address: '9 Bench Row, Leeds',
    phone: '01132345678',
  });
  const options = () => ({
    url: `${base}/api/order`,
    connections: ORDER_CONNECTIONS,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({
          ...request,
          body,
          headers: {
            'content-type': 'application/json',
            origin: base,
            cookie: buyers[next++ % buyers.length],
          },
        }),
      },
    ],
  });
  return Object.assign(options, { body });
}

const LIGHTHOUSE = 'lighthouse@12.8.2';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/**
 * Lighthouse (mobile, simulated throttling) of a page, with the Chromium the browser tests use
 * (CHROME_PATH or a system one; otherwise Lighthouse looks for a Chrome itself). Lighthouse is
 * fetched with npx on first use. Null when it did not run.
 */
function lighthouseRun(pagePath, run) {
  const chrome = chromiumPath();
  const flags = [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    "--host-resolver-rules='MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'",
  ].join(' ');
  const output = path.join(dataDir, `lighthouse${pagePath.replace(/\//g, '_')}-${run}.json`);
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
      `--only-categories=${CATEGORIES.join(',')}`,
    ],
    {
      env: { ...process.env, ...(chrome ? { CHROME_PATH: chrome } : {}) },
      stdio: 'ignore',
      timeout: 180_000,
    },
  );
  if (result.status !== 0 || !fs.existsSync(output)) return null;
  const report = JSON.parse(fs.readFileSync(output, 'utf8'));
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round(report.categories[id].score * 100)]),
  );
  const failed = Object.values(report.categories)
    .flatMap((category) => category.auditRefs)
    .map((ref) => report.audits[ref.id])
    .filter(
      (audit) =>
        audit &&
        audit.score !== null &&
        audit.score < 1 &&
        audit.scoreDisplayMode !== 'informative' &&
        audit.scoreDisplayMode !== 'manual',
    )
    .map((audit) => audit.id);
  return { ...scores, lcp: report.audits['largest-contentful-paint'].numericValue, failed };
}

async function main() {
  await ensureEmbeddedMongo({ dataDir });
  if ((await runMigrate(env)) !== 0) throw new Error('npm run db:migrate failed');
  // A new build each run: the home page is pre-rendered from the (fresh) database.
  const code = await runNext(['build'], env);
  if (code !== 0) throw new Error('next build failed');
  // The server's output goes to .bench/server.log, to read when a figure looks wrong.
  fs.mkdirSync(path.join(projectRoot, '.bench'), { recursive: true });
  const log = fs.openSync(path.join(projectRoot, '.bench/server.log'), 'w');
  // BENCH_PROFILE=1: the server writes a V8 CPU profile to .bench/profile when it stops
  // (open it in Chrome DevTools' Performance panel).
  const profile = process.env.BENCH_PROFILE
    ? ['--cpu-prof', `--cpu-prof-dir=${path.join(projectRoot, '.bench/profile')}`]
    : [];
  server = spawn(
    process.execPath,
    // Built just before, by this script.
    [...profile, serveScript, '-H', '127.0.0.1', '-p', String(port), '--skip-build-check'],
    {
      cwd: projectRoot,
      env,
      stdio: ['ignore', log, log],
    },
  );
  server.once('exit', (code, signal) => {
    if (!stopping)
      console.error(`\nThe server stopped (${signal ?? `exit ${code}`}); see .bench/server.log.`);
  });
  await waitForUrl(`${base}/`);
  for (let i = 0; i < 20; i++) await Promise.all([fetch(`${base}/`), fetch(`${base}/myportfolio`)]);

  console.log(
    `\nstorefront benchmark: loopback, ${results.cores} cores (budgets: bench/budgets.mjs)`,
  );

  // 1. First-load JS and HTML bytes of the public pages.
  const weights = {};
  if (only.has('public')) console.log('\nFirst-load JS (gzip), public pages:');
  for (const page of only.has('public') ? PUBLIC_PAGES : []) {
    weights[page] = await pageWeight(page);
    check(`first-load JS ${page}`, weights[page].js, {
      max: budgets.publicFirstLoadJs,
      format: kb,
    });
  }
  if (only.has('public')) {
    results.publicPages = weights;
    console.log(
      `  (not counted: ${kb(weights['/'].noModuleJs)} of \`nomodule\` polyfills, fetched only by browsers without ES modules)`,
    );
  }

  // 2. The home page: its HTML, and its throughput against a static page.
  if (only.has('home')) await homePage(weights);

  // 3. Lighthouse.
  if (only.has('lighthouse')) lighthouse();

  // 4. Orders, and the dashboard pages signed in.
  if (only.has('dashboard') || only.has('orders') || only.has('lines')) {
    console.log(`\nSigning in ${BUYERS} buyers and an admin...`);
    const accounts = await signedInBuyers();
    if (only.has('dashboard')) await dashboardPages(accounts);
    if (only.has('orders')) await orders(accounts);
    if (only.has('lines')) await orderLines(accounts);
  }

  // 5. Contract prices: a 10,000-entry price list resolving a 100-line cart.
  if (only.has('contracts')) await contractsSection();

  // 6. The catalogue at scale. Last: it replaces the catalogue.
  if (only.has('catalogue')) await catalogueSection();

  const failed = results.checks.filter((entry) => !entry.pass);
  console.log(
    `\n${results.checks.length - failed.length} of ${results.checks.length} budgets pass${failed.length ? `; failing: ${failed.map((entry) => entry.label).join('; ')}` : ''}.`,
  );
  results.finishedAt = new Date().toISOString();
  fs.mkdirSync(path.join(projectRoot, '.bench'), { recursive: true });
  fs.writeFileSync(
    path.join(projectRoot, '.bench/last.json'),
    `${JSON.stringify(results, null, 2)}\n`,
  );
  console.log('Figures written to .bench/last.json.');
}

async function homePage(weights) {
  console.log('\nHome page:');
  weights['/'] ??= await pageWeight('/');
  check('home HTML (uncompressed, demo catalogue)', weights['/'].html, {
    max: budgets.homeHtml,
    format: kb,
  });
  const [home, statik] = await compare(
    () => ({ url: `${base}/`, connections }),
    () => ({ url: `${base}/myportfolio`, connections }),
    seconds / rounds,
  );
  console.log(
    `  / ${home.rps.toFixed(0)} req/s (p99 ${home.p99} ms), /myportfolio ${statik.rps.toFixed(0)} req/s (p99 ${statik.p99} ms); ${connections} connections, ${rounds} x ${seconds / rounds} s alternating, errors ${home.errors + home.non2xx + statik.errors + statik.non2xx}`,
  );
  results.homeStatic = { home, static: statik, connections };
  check('home / static requests per second', home.rps / statik.rps, {
    min: budgets.homeStaticRatio,
    format: (value) => value.toFixed(2),
  });
}

function lighthouse() {
  if (quick) {
    console.log('\nLighthouse: skipped (--quick)');
  } else {
    console.log(`\nLighthouse (${LIGHTHOUSE}, mobile), median of ${LIGHTHOUSE_RUNS} runs:`);
    results.lighthouse = {};
    for (const page of LIGHTHOUSE_PAGES) {
      const runs = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
        const result = lighthouseRun(page, run);
        if (result) runs.push(result);
      }
      if (!runs.length) {
        console.log(`  ${page}: Lighthouse did not run`);
        results.lighthouse[page] = null;
        check(`Lighthouse ${page} ran`, 0, { min: 1 });
        continue;
      }
      const medians = Object.fromEntries(
        [...CATEGORIES, 'lcp'].map((key) => [key, median(runs.map((run) => run[key]))]),
      );
      results.lighthouse[page] = { medians, runs };
      console.log(
        `  ${page}: runs ${runs.map((run) => `${run.performance}/${run.accessibility}/${run['best-practices']}/${run.seo} LCP ${(run.lcp / 1000).toFixed(2)} s`).join(', ')}`,
      );
      const failing = [...new Set(runs.flatMap((run) => run.failed))];
      if (failing.length) console.log(`    audits below 1: ${failing.join(', ')}`);
      for (const category of CATEGORIES) {
        check(`Lighthouse ${page} ${category}`, medians[category], {
          min: budgets.lighthouse[category],
        });
      }
      check(`Lighthouse ${page} LCP`, medians.lcp, {
        max: budgets.lcpMs,
        format: (ms) => `${(ms / 1000).toFixed(2)} s`,
      });
    }
  }
}

async function dashboardPages(accounts) {
  console.log('\nFirst-load JS (gzip), dashboard pages (signed in):');
  results.dashboardPages = {};
  for (const page of [...BUYER_DASHBOARD_PAGES, ...ADMIN_DASHBOARD_PAGES]) {
    const cookie = ADMIN_DASHBOARD_PAGES.includes(page) ? accounts.admin : accounts.buyers[0];
    const weight = await pageWeight(page, { cookie });
    results.dashboardPages[page] = weight;
    check(`first-load JS ${page}`, weight.js, { max: budgets.dashboardFirstLoadJs, format: kb });
  }
  // An order's page, as its buyer sees it (an order placed for it).
  const placed = await fetch(`${base}/api/order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie: accounts.buyers[0] },
    body: orderLoad(accounts).body,
  });
  if (placed.status !== 201) throw new Error(`POST /api/order answered ${placed.status}`);
  const orderPage = `/dashboard/order/${(await placed.json()).insertedId}`;
  const weight = await pageWeight(orderPage, { cookie: accounts.buyers[0] });
  results.dashboardPages['/dashboard/order/{id}'] = weight;
  check('first-load JS /dashboard/order/{id}', weight.js, {
    max: budgets.dashboardFirstLoadJs,
    format: kb,
  });
}

async function orders(accounts) {
  console.log('\nOrders:');
  // Warm-up: a few orders and health checks before the measured rounds.
  await load({ ...orderLoad(accounts)(), connections: 5, amount: 50 });
  await load({ url: `${base}/api/health`, connections: 5, amount: 200 });
  const [order, health] = await compare(
    orderLoad(accounts),
    () => ({ url: `${base}/api/health`, connections: ORDER_CONNECTIONS }),
    orderSeconds / rounds,
  );
  console.log(
    `  POST /api/order ${order.rps.toFixed(0)} req/s (p99 ${order.p99} ms, answers ${JSON.stringify(order.statuses)}, errors ${order.errors}); GET /api/health ${health.rps.toFixed(0)} req/s (p99 ${health.p99} ms); ${ORDER_CONNECTIONS} connections, ${BUYERS} buyers in turn, ${rounds} x ${orderSeconds / rounds} s alternating`,
  );
  results.orders = { order, health, connections: ORDER_CONNECTIONS, buyers: BUYERS };
  check('order / health requests per second', order.rps / health.rps, {
    min: budgets.orderHealthRatio,
    format: (value) => value.toFixed(2),
  });
  check('POST /api/order p99', order.p99, {
    below: budgets.orderP99Ms,
    format: (ms) => `${ms} ms`,
  });
  check('POST /api/order answers other than 201', order.non2xx + order.errors, { max: 0 });
}

/** Requests of one signed-in buyer (session cookie and the store's Origin, as the pages send them). */
function buyerFetch(cookie) {
  return (pathName, init = {}) =>
    fetch(`${base}${pathName}`, {
      ...init,
      headers: { 'content-type': 'application/json', origin: base, cookie, ...init.headers },
    });
}

/** Fills a buyer's order list with `quantity` of each product (one PUT per line). */
async function fillList(call, productIds, quantity) {
  for (let start = 0; start < productIds.length; start += 10) {
    const answers = await Promise.all(
      productIds
        .slice(start, start + 10)
        .map((id) =>
          call(`/api/cart/lines/${id}`, { method: 'PUT', body: JSON.stringify({ quantity }) }),
        ),
    );
    const refused = answers.find((answer) => answer.status !== 200);
    if (refused) throw new Error(`PUT /api/cart/lines answered ${refused.status}`);
  }
}

const CHECKOUT_BODY = JSON.stringify({ address: '9 Bench Row, Leeds', phone: '01132345678' });

async function orderLines(accounts) {
  console.log('\nOrders of many lines:');
  const LINES = 100;
  const ORDERS = Number(process.env.BENCH_LINE_SAMPLES || 15);
  const { productIds } = JSON.parse(
    await capture([
      tsxCli,
      '--conditions=react-server',
      path.join(projectRoot, 'scripts/lib/bench-lines-data.ts'),
      '--count',
      String(LINES),
      '--stock',
      '100000000',
    ]),
  );
  // 1. A 100-line order: the list filled, then POST /api/checkout timed, ORDERS times (one
  // buyer per order, so no per-buyer limit is met), after two warm-up orders.
  const durations = [];
  for (let sample = 0; sample < ORDERS + 2; sample += 1) {
    const call = buyerFetch(accounts.buyers[sample % accounts.buyers.length]);
    await fillList(call, productIds, 500);
    const started = performance.now();
    const answer = await call('/api/checkout', { method: 'POST', body: CHECKOUT_BODY });
    const ms = performance.now() - started;
    if (answer.status !== 201) throw new Error(`POST /api/checkout answered ${answer.status}`);
    if (sample >= 2) durations.push(ms);
  }
  const p99 = [...durations].sort((a, b) => a - b)[Math.ceil(durations.length * 0.99) - 1];
  console.log(
    `  a ${LINES}-line order (POST /api/checkout): median ${median(durations).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (${ORDERS} orders)`,
  );
  results.lines = { lineOrder: { lines: LINES, medianMs: median(durations), p99Ms: p99 } };
  check(`${LINES}-line order placed, median`, median(durations), {
    below: budgets.lineOrderMedianMs,
    format: (ms) => `${ms.toFixed(1)} ms`,
  });

  // 2. /dashboard/cart with 100 lines, server-rendered: its first-load JS and render time.
  const cartCookie = accounts.buyers[ORDERS + 5];
  await fillList(buyerFetch(cartCookie), productIds, 500);
  const cartWeight = await pageWeight('/dashboard/cart', { cookie: cartCookie });
  const render = await timed(`${base}/dashboard/cart`, { cookie: cartCookie });
  console.log(
    `  /dashboard/cart with ${LINES} lines: rendered in ${render.ms.toFixed(1)} ms (median of ${SAMPLES} requests), ${kb(cartWeight.html)} HTML`,
  );
  results.lines.cartPage = { weight: cartWeight, renderMs: render.ms };
  check('first-load JS /dashboard/cart (100 lines)', cartWeight.js, {
    max: budgets.dashboardFirstLoadJs,
    format: kb,
  });

  // 3. 20 buyers check out 20 lines each at once, over products whose stock covers only some of
  // them: afterwards each product's stock is its start less the quantities of the orders'
  // lines that hold it, exactly.
  const BUYERS_AT_ONCE = 20;
  const PER_ORDER = 20;
  const { productIds: scarce } = JSON.parse(
    await capture([
      tsxCli,
      '--conditions=react-server',
      path.join(projectRoot, 'scripts/lib/bench-lines-data.ts'),
      '--count',
      String(PER_ORDER * 2),
      '--stock',
      String(500 * 12),
    ]),
  );
  const checkoutBuyers = accounts.buyers.slice(ORDERS + 10, ORDERS + 10 + BUYERS_AT_ONCE);
  await Promise.all(
    checkoutBuyers.map((cookie, index) => {
      // Each buyer takes 20 of the 40 products, overlapping with its neighbours.
      const mine = Array.from({ length: PER_ORDER }, (_, k) => scarce[(index + k) % scarce.length]);
      return fillList(buyerFetch(cookie), mine, 500);
    }),
  );
  const started = performance.now();
  const answers = await Promise.all(
    checkoutBuyers.map(async (cookie) => {
      const answer = await buyerFetch(cookie)('/api/checkout', {
        method: 'POST',
        body: CHECKOUT_BODY,
      });
      return answer.status;
    }),
  );
  const wall = performance.now() - started;
  const statuses = answers.reduce(
    (map, status) => ({ ...map, [status]: (map[status] ?? 0) + 1 }),
    {},
  );
  const consistent = await stockAgreesWithOrders(scarce, 500 * 12);
  console.log(
    `  ${BUYERS_AT_ONCE} buyers checking out ${PER_ORDER} lines at once: ${wall.toFixed(0)} ms in all, answers ${JSON.stringify(statuses)}; stock and order lines ${consistent.ok ? 'agree' : `DISAGREE (${consistent.text})`}`,
  );
  results.lines.concurrent = {
    buyers: BUYERS_AT_ONCE,
    lines: PER_ORDER,
    wallMs: wall,
    statuses,
    consistent,
  };
  check(
    'concurrent checkouts: answers other than 201/409',
    answers.filter((s) => s !== 201 && s !== 409).length,
    { max: 0 },
  );
  check('concurrent checkouts: products whose stock disagrees', consistent.mismatches, { max: 0 });
}

/**
 * Whether each product's stock is its start less the quantities of the live orders' lines that
 * hold it (reserved, not released), read from the database the server uses.
 */
async function stockAgreesWithOrders(productIds, start) {
  const { MongoClient, ObjectId } = await import('mongodb');
  const { uri } = await ensureEmbeddedMongo({ dataDir });
  const client = await MongoClient.connect(uri);
  try {
    const db = client.db(env.MONGODB_DB || 'storefront');
    const ids = productIds.map((id) => new ObjectId(id));
    const products = await db
      .collection('products')
      .find({ _id: { $in: ids } })
      .toArray();
    const orders = await db
      .collection('orders')
      .find({ 'lines.productId': { $in: ids } })
      .toArray();
    const held = new Map();
    for (const order of orders) {
      const released = new Set((order.released ?? []).map(String));
      for (const line of order.lines) {
        const key = String(line.productId);
        if ((order.reserved ?? []).map(String).includes(key) && !released.has(key)) {
          held.set(key, (held.get(key) ?? 0) + line.quantity);
        }
      }
    }
    const wrong = products.filter(
      (product) => product.availableQuantity !== start - (held.get(String(product._id)) ?? 0),
    );
    return {
      ok: wrong.length === 0,
      mismatches: wrong.length,
      text: wrong.map((p) => p.sku).join(', '),
    };
  } finally {
    await client.close();
  }
}

/**
 * A company's 10,000-entry price list resolving a 100-line cart through the store's own code
 * (scripts/lib/bench-contract-prices.ts: `contractFor`, one query for the cart's entries, then
 * `resolveUnitPrice` per line), against the bench database.
 */
async function contractsSection() {
  console.log('\nContract prices:');
  const figures = JSON.parse(
    await capture([
      tsxCli,
      '--conditions=react-server',
      path.join(projectRoot, 'scripts/lib/bench-contract-prices.ts'),
    ]),
  );
  results.contracts = figures;
  console.log(
    `  a ${figures.lines}-line cart against a ${figures.entries.toLocaleString('en-US')}-entry list: median ${figures.medianMs.toFixed(1)} ms, p99 ${figures.p99Ms.toFixed(1)} ms (${figures.runs} runs)`,
  );
  check(
    `contract prices, ${figures.lines} lines / ${figures.entries} entries (median)`,
    figures.medianMs,
    {
      below: budgets.contractCartMedianMs,
      format: (value) => `${value.toFixed(1)} ms`,
    },
  );
}

async function catalogueSection() {
  console.log(`\nCatalogue at scale (median of ${SAMPLES} sequential requests):`);
  const catalogue = await catalogueAtScale();
  results.catalogue = catalogue;
  for (const row of catalogue) {
    console.log(
      `  ${String(row.count).padStart(6)} products: GET /api/product ${row.api.ms.toFixed(1)} ms (${kb(row.api.bytes)}), search ${row.search.ms.toFixed(1)} ms, home uncached ${row.home.ms.toFixed(1)} ms, home cached ${row.cachedHome.ms.toFixed(1)} ms`,
    );
  }
  const [small, large] = [catalogue[0], catalogue[catalogue.length - 1]];
  const ratio = (value) => `${value.toFixed(2)}x`;
  check(`uncached home, ${large.count} / ${small.count} products`, large.home.ms / small.home.ms, {
    max: budgets.scaleRatio,
    format: ratio,
  });
  check(`GET /api/product, ${large.count} / ${small.count} products`, large.api.ms / small.api.ms, {
    max: budgets.scaleRatio,
    format: ratio,
  });
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
      if (error instanceof Error && error.cause) console.error('  cause:', error.cause);
      process.exitCode = 1;
    })
    .finally(cleanUp);
}
