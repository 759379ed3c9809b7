#!/usr/bin/env node
// `npm run bench`: every performance and accessibility budget of the store (bench/budgets.mjs),
// measured on a production build on loopback in one run, against the framework's floor measured
// in the same run, each figure printed with its budget and PASS/FAIL, and written as JSON to
// .bench/last.json (git-ignored). A benchmark, not a test: CI does not run it, and its exit code
// is 0 whether budgets pass or not (1 only when it could not run).
//
//  0. builds the store into .next-bench over a fresh embedded MongoDB seeded with the demo
//     catalogue and serves it as `npm run serve` does (scripts/serve.mjs); builds the floor, an
//     empty Next.js App Router page (scripts/lib/bench-floor.mjs), with the same `next`, and
//     serves it with the same server beside the store;
//  1. first-load JavaScript (gzip of every script the page's HTML loads, but the `nomodule`
//     polyfills a browser with ES modules never fetches) of every public page against the
//     floor's, and of every dashboard page signed in (buyer pages as the owner of a company on
//     account, admin pages as an admin, the pages of one order, invoice, company and price list);
//  2. the home page's HTML bytes, and requests per second of / (pre-rendered from MongoDB,
//     served from the cache) against /myportfolio (static) of the same build;
//  3. Lighthouse (mobile, throttling applied in the browser: `--throttling-method=devtools`) of
//     /, /products, /blogs, /login and the floor, interleaved, 5 runs each; scores, and LCP and
//     total blocking time against the floor's medians (skipped by `-- --quick`);
//  4. orders: POST /api/order at a steady 100 a second for 20 s from 100 buyers (open loop:
//     autocannon's overallRate), then by 50 concurrent buyers (closed loop) against GET
//     /api/health; stock and orders checked to agree afterwards;
//  5. orders of many lines: a 100-line order placed through the order list (median and p99 of
//     POST /api/checkout), a 20-line checkout by 20 buyers at once with stock checked against
//     every order's lines afterwards, and /dashboard/cart with 100 lines server-rendered;
//  6. contract prices: a company's 10,000-entry price list resolving a 100-line cart (median);
//  7. accessibility: axe-core on every page, as a visitor, a buyer and an admin, 1280 and 390
//     px wide, the API reference included (violations of impact serious or critical);
//  8. scale: the uncached home page, GET /api/product, Manage Orders' first page, a company's
//     invoices page and the first byte of the orders CSV export, with the demo data (measured
//     first) and after `npm run seed -- --products 10000 --orders 100000 --companies 1000`
//     (measured last: it replaces the catalogue).
// Load comparisons alternate their two sides in BENCH_ROUNDS rounds (default 2), so both see
// the same machine load. Options: BENCH_SECONDS (seconds per side for the pages, default 10),
// BENCH_ORDER_SECONDS (per side for orders/health, default 6), BENCH_CONNECTIONS (pages,
// default 10), BENCH_PORT (default 3200; the floor on the next port), BENCH_DIST_DIR (default
// .next-bench), BENCH_LIGHTHOUSE_RUNS (runs of each page, default 5), BENCH_PROFILE (1: a CPU profile of the server in .bench/profile, summarised at
// the end). `npm run bench -- --only orders,dashboard` measures only those parts (public, home,
// lighthouse, dashboard, orders, lines, contracts, a11y, scale; the builds are always made).
// `npm run bench -- orders` runs the orders benchmark with its invariants instead
// (scripts/bench-orders.mjs).
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
  SCALE,
} from '../bench/budgets.mjs';
import { buildFloor, serveFloor } from './lib/bench-floor.mjs';
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
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS || LIGHTHOUSE_RUNS);
const SECTIONS = [
  'public',
  'home',
  'lighthouse',
  'dashboard',
  'orders',
  'lines',
  'contracts',
  'a11y',
  'scale',
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
/** The floor page's server: the same server on the empty Next.js app. */
const floorBase = `http://127.0.0.1:${port + 1}`;
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
let floorServer;
let stopping = false;

/** Stops a server this script started, and waits until it has exited. */
async function stopChild(child) {
  stopping = true;
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

async function cleanUp() {
  stopping = true;
  for (const child of [server, floorServer]) await stopChild(child);
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
async function pageWeight(pagePath, headers = {}, origin = base) {
  const response = await fetch(origin + pagePath, { headers, redirect: 'manual' });
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
    const body = Buffer.from(await (await fetch(new URL(src, origin))).arrayBuffer());
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

const SAMPLES = Number(process.env.BENCH_SAMPLES || 15);

/**
 * `npm run seed -- <args>` against the bench database; its output. Asynchronous: a blocked event
 * loop would not see the server close its idle keep-alive connections meanwhile, and the next
 * request would be written to one of them.
 */
async function seed(args) {
  return (await run('npm', ['run', '--silent', 'seed', '--', ...args])).trim();
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
 * Median time (ms) to the first chunk of the body of SAMPLES sequential requests (a streamed
 * download: the rest is not read, the request is cancelled), after WARM_UPS.
 */
async function timedFirstByte(url, headers = {}) {
  const times = [];
  for (let i = 0; i < WARM_UPS + SAMPLES; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const reader = response.body.getReader();
    const first = await reader.read();
    const elapsed = performance.now() - started;
    await reader.cancel();
    if (first.done || !first.value?.length) throw new Error(`${url} sent no body`);
    if (i >= WARM_UPS) times.push(elapsed);
  }
  return { ms: median(times) };
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

/** How many documents the bench database holds in each collection the scale data fills. */
async function databaseCounts() {
  const { MongoClient } = await import('mongodb');
  const { uri } = await ensureEmbeddedMongo({ dataDir });
  const client = await MongoClient.connect(uri);
  try {
    const db = client.db(env.MONGODB_DB || 'storefront');
    const counts = {};
    for (const name of ['products', 'orders', 'companies', 'accountInvoices', 'users']) {
      counts[name] = await db.collection(name).estimatedDocumentCount();
    }
    return counts;
  } finally {
    await client.close();
  }
}

/**
 * The five figures of the scale section, on the data the database holds now: the uncached home
 * page, GET /api/product, Manage Orders' first page (as an admin), the company's invoices page
 * (as its owner) and the first byte of the orders CSV export (as an admin); a search and the
 * cached home page beside them.
 */
async function scaleFigures(accounts) {
  const check = await fetch(`${base}/`, { headers: revalidateHeaders() });
  await check.arrayBuffer();
  const cache = check.headers.get('x-nextjs-cache');
  if (cache !== 'REVALIDATED')
    throw new Error(`home revalidation answered x-nextjs-cache ${cache}`);
  return {
    counts: await databaseCounts(),
    home: await timed(`${base}/`, revalidateHeaders()),
    api: await timed(`${base}/api/product`),
    manageOrders: await timed(`${base}/dashboard/manageorder`, { cookie: accounts.admin }),
    invoices: await timed(`${base}/dashboard/invoices`, { cookie: accounts.owner }),
    csvFirstByte: await timedFirstByte(`${base}/api/allOrder?format=csv`, {
      cookie: accounts.admin,
    }),
    search: await timed(`${base}/api/product?q=bearing&category=bearings`),
    cachedHome: await timed(`${base}/`),
  };
}

/** Runs a command; resolves with its stdout, rejects with its stderr when it fails. */
function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: projectRoot, env });
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

/**
 * Runs one of the benchmark's data scripts (`scripts/lib/<name>.ts`, against the bench database,
 * through the store's own functions) and answers the JSON it prints.
 */
async function dataScript(name, args = []) {
  const script = path.join(projectRoot, 'scripts/lib', `${name}.ts`);
  return JSON.parse(
    await run(process.execPath, [tsxCli, '--conditions=react-server', script, ...args]),
  );
}

/** Signs in as the login form does (Auth.js credentials with its CSRF token): the session cookie. */
const signIn = (account) => signInSession(base, account);

/** BUYERS accounts that place the order loads, signed in; beside them an admin, the owner and a member of a company on account, and an account in no company. */
const BUYERS = 100;
const ORDER_MINIMUM = 500;
const ORDER_STOCK = 1_000_000_000;

/** `withCompany`: the company, its price list, invoices and an order awaiting approval are made too. */
async function signedInBuyers(withCompany) {
  const data = await dataScript('bench-orders-data', [
    '--buyers',
    String(BUYERS + 4),
    '--stock',
    String(ORDER_STOCK),
    '--minimum',
    String(ORDER_MINIMUM),
    '--admins',
    '1',
  ]);
  const sessions = [];
  for (let start = 0; start < data.buyers.length; start += 4) {
    sessions.push(...(await Promise.all(data.buyers.slice(start, start + 4).map(signIn))));
  }
  // The first account is the admin (bench-orders-data makes the first `--admins` accounts so);
  // the next two own and belong to the company made for the company, approval and invoice pages.
  const [admin, owner, member, loner, ...buyers] = sessions;
  const [adminAccount, ownerAccount, memberAccount] = data.buyers;
  if (!withCompany) return { productId: data.productId, admin, owner, member, loner, buyers };
  const company = await dataScript('bench-company-data', [
    '--owner',
    ownerAccount.email,
    '--member',
    memberAccount.email,
    '--admin',
    adminAccount.email,
  ]);
  return { productId: data.productId, admin, owner, member, loner, buyers, company };
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
 * Lighthouse (mobile) of a page with the throttling applied in the browser
 * (`--throttling-method=devtools`: the slow 4G link's latency and bandwidth and the 4x CPU
 * slowdown really happen, so the paint order is the one a phone sees), with the Chromium the
 * browser tests use (CHROME_PATH or a system one; otherwise Lighthouse looks for a Chrome
 * itself). Lighthouse is fetched with npx on first use. Null when it did not run.
 */
function lighthouseRun(url, name) {
  const chrome = chromiumPath();
  const flags = [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    "--host-resolver-rules='MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'",
  ].join(' ');
  const output = path.join(dataDir, `lighthouse-${name}.json`);
  const result = spawnSync(
    'npx',
    [
      '-y',
      LIGHTHOUSE,
      url,
      '--quiet',
      '--throttling-method=devtools',
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
  fs.mkdirSync(path.join(projectRoot, '.bench/lighthouse'), { recursive: true });
  fs.copyFileSync(output, path.join(projectRoot, '.bench/lighthouse', `${name}.json`));
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
  const lcpElement =
    report.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  return {
    ...scores,
    fcp: report.audits['first-contentful-paint'].numericValue,
    lcp: report.audits['largest-contentful-paint'].numericValue,
    tbt: report.audits['total-blocking-time'].numericValue,
    lcpElement: lcpElement ? `${lcpElement.nodeLabel ?? ''} (${lcpElement.selector ?? ''})` : null,
    failed,
  };
}

/**
 * The pages robots.txt keeps out of search engines (`Disallow:` lines for every user agent):
 * their SEO score is not held to the budget (Lighthouse marks them not indexable).
 */
async function disallowedPaths() {
  const text = await (await fetch(`${base}/robots.txt`)).text();
  return text
    .split(/\r?\n/)
    .map((line) => /^\s*disallow:\s*(\S+)/i.exec(line)?.[1])
    .filter(Boolean);
}

async function main() {
  await ensureEmbeddedMongo({ dataDir });
  if ((await runMigrate(env)) !== 0) throw new Error('npm run db:migrate failed');
  // A new build each run: the home page is pre-rendered from the (fresh) database.
  const code = await runNext(['build'], env);
  if (code !== 0) throw new Error('next build failed');
  console.log('\nBuilding the floor (an empty Next.js App Router page)...');
  if ((await buildFloor(env)) !== 0) throw new Error('the floor page did not build');
  // The servers' output goes to .bench/server.log and .bench/floor.log, to read when a figure
  // looks wrong.
  fs.mkdirSync(path.join(projectRoot, '.bench'), { recursive: true });
  const log = fs.openSync(path.join(projectRoot, '.bench/server.log'), 'w');
  // BENCH_PROFILE=1: the server writes a V8 CPU profile to .bench/profile when it stops
  // (summarised at the end; open it in Chrome DevTools' Performance panel for the detail).
  const profileDir = path.join(projectRoot, '.bench/profile');
  if (process.env.BENCH_PROFILE) fs.rmSync(profileDir, { recursive: true, force: true });
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
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
  floorServer = serveFloor(
    env,
    port + 1,
    fs.openSync(path.join(projectRoot, '.bench/floor.log'), 'w'),
  );
  floorServer.once('exit', (code, signal) => {
    if (!stopping)
      console.error(
        `\nThe floor's server stopped (${signal ?? `exit ${code}`}); see .bench/floor.log.`,
      );
  });
  await Promise.all([waitForUrl(`${base}/`), waitForUrl(`${floorBase}/`)]);
  for (let i = 0; i < 20; i++) {
    await Promise.all([fetch(`${base}/`), fetch(`${base}/myportfolio`), fetch(`${floorBase}/`)]);
  }

  console.log(
    `\nstorefront benchmark: loopback, ${results.cores} cores, ${os.cpus()[0]?.model ?? 'unknown CPU'}, Node.js ${process.versions.node} (budgets: bench/budgets.mjs)`,
  );
  results.machine = {
    cpu: os.cpus()[0]?.model,
    cores: os.cpus().length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.versions.node,
    platform: `${os.type()} ${os.release()}`,
  };

  // 0. The floor: the empty page's first-load JS and HTML.
  const floor = await pageWeight('/', {}, floorBase);
  results.floor = floor;
  console.log(
    `\nThe floor (an empty Next.js ${nextVersion()} App Router page): first-load JS ${kb(floor.js)} gzip, HTML ${kb(floor.html)}`,
  );
  const overFloor = (bytes) => `${bytes >= 0 ? '+' : ''}${kb(bytes)}`;

  // 1. First-load JS and HTML bytes of the public pages.
  const weights = {};
  if (only.has('public')) console.log('\nFirst-load JS (gzip) over the floor, public pages:');
  for (const page of only.has('public') ? PUBLIC_PAGES : []) {
    weights[page] = await pageWeight(page);
    check(`first-load JS ${page} (${kb(weights[page].js)})`, weights[page].js - floor.js, {
      max: budgets.publicJsOverFloor,
      format: overFloor,
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
  if (only.has('lighthouse')) await lighthouse();

  // 4. Orders, the dashboard pages signed in, accessibility and the data at scale.
  const signedIn = ['dashboard', 'orders', 'lines', 'a11y', 'scale'];
  if (signedIn.some((section) => only.has(section))) {
    console.log(`\nSigning in ${BUYERS} buyers, an admin and a company's members...`);
    const accounts = await signedInBuyers(
      ['dashboard', 'a11y', 'scale'].some((section) => only.has(section)),
    );
    if (only.has('dashboard')) await dashboardPages(accounts, floor);
    if (only.has('orders')) await orders(accounts);
    if (only.has('lines')) await orderLines(accounts);
    if (only.has('contracts')) await contractsSection();
    if (only.has('a11y')) await accessibility(accounts);
    // Last: it replaces the catalogue and adds 100,000 orders.
    if (only.has('scale')) await scaleSection(accounts);
  } else if (only.has('contracts')) {
    await contractsSection();
  }

  if (process.env.BENCH_PROFILE) {
    // The server writes its profile as it stops.
    await stopChild(server);
    await profileSummary(profileDir);
  }

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

/** The `next` version the store and the floor are built with. */
function nextVersion() {
  return JSON.parse(
    fs.readFileSync(path.join(projectRoot, 'node_modules/next/package.json'), 'utf8'),
  ).version;
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

async function lighthouse() {
  if (quick) {
    console.log('\nLighthouse: skipped (--quick)');
    return;
  }
  console.log(
    `\nLighthouse (${LIGHTHOUSE}, mobile, --throttling-method=devtools), ${lighthouseRuns} runs each, pages interleaved:`,
  );
  const disallowed = await disallowedPaths();
  const pages = [{ name: 'floor', url: `${floorBase}/` }].concat(
    LIGHTHOUSE_PAGES.map((page) => ({ name: page, url: base + page })),
  );
  const runs = Object.fromEntries(pages.map((page) => [page.name, []]));
  // Warm-up: the first visit of a page compresses its scripts in Brotli and optimises its pictures.
  for (const page of pages) lighthouseRun(page.url, `warm-${page.name.replace(/\//g, '_')}`);
  for (let run = 0; run < lighthouseRuns; run++) {
    for (const page of pages) {
      const result = lighthouseRun(page.url, `${page.name.replace(/\//g, '_')}-${run}`);
      if (result) runs[page.name].push(result);
    }
  }
  results.lighthouse = {};
  const medianOf = (name) =>
    Object.fromEntries(
      [...CATEGORIES, 'fcp', 'lcp', 'tbt'].map((key) => [
        key,
        median(runs[name].map((run) => run[key])),
      ]),
    );
  const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
  const describe = (name) =>
    runs[name]
      .map(
        (run) =>
          `${run.performance}/${run.accessibility}/${run['best-practices']}/${run.seo} FCP ${seconds(run.fcp)} LCP ${seconds(run.lcp)} TBT ${Math.round(run.tbt)} ms`,
      )
      .join(', ');
  if (!runs.floor.length) {
    console.log('  the floor: Lighthouse did not run');
    check('Lighthouse floor ran', 0, { min: 1 });
    return;
  }
  const floor = medianOf('floor');
  results.lighthouse.floor = { medians: floor, runs: runs.floor };
  console.log(
    `  floor: median FCP ${seconds(floor.fcp)}, LCP ${seconds(floor.lcp)}, TBT ${Math.round(floor.tbt)} ms, performance ${floor.performance}; runs ${describe('floor')}`,
  );
  for (const page of LIGHTHOUSE_PAGES) {
    if (!runs[page].length) {
      console.log(`  ${page}: Lighthouse did not run`);
      results.lighthouse[page] = null;
      check(`Lighthouse ${page} ran`, 0, { min: 1 });
      continue;
    }
    const medians = medianOf(page);
    const indexable = !disallowed.some((prefix) => page.startsWith(prefix));
    results.lighthouse[page] = { medians, runs: runs[page], indexable };
    console.log(`  ${page}: runs ${describe(page)}`);
    const elements = [...new Set(runs[page].map((run) => run.lcpElement).filter(Boolean))];
    if (elements.length) console.log(`    LCP element: ${elements.join('; ')}`);
    const failing = [...new Set(runs[page].flatMap((run) => run.failed))];
    if (failing.length) console.log(`    audits below 1: ${failing.join(', ')}`);
    for (const category of CATEGORIES) {
      if (category === 'seo' && !indexable) {
        console.log(
          `  ${`Lighthouse ${page} seo`.padEnd(44)} ${String(medians.seo).padStart(10)}   not held: robots.txt keeps ${page} out of search engines`,
        );
        continue;
      }
      check(`Lighthouse ${page} ${category}`, medians[category], {
        min: budgets.lighthouse[category],
      });
    }
    check(`Lighthouse ${page} LCP over the floor's`, medians.lcp - floor.lcp, {
      max: budgets.lcpOverFloorMs,
      format: (ms) => `${ms >= 0 ? '+' : ''}${(ms / 1000).toFixed(2)} s`,
    });
    check(`Lighthouse ${page} TBT over the floor's`, medians.tbt - floor.tbt, {
      max: budgets.tbtOverFloorMs,
      format: (ms) => `${ms >= 0 ? '+' : ''}${Math.round(ms)} ms`,
    });
  }
}

/** Places one order of the load's product for a buyer; its id. */
async function placeOrder(accounts, cookie) {
  const placed = await fetch(`${base}/api/order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: orderLoad(accounts).body,
  });
  if (placed.status !== 201) throw new Error(`POST /api/order answered ${placed.status}`);
  return (await placed.json()).insertedId;
}

/**
 * Every dashboard page with who sees it: buyer pages as the company's owner, admin pages as the
 * admin, and the pages of one order, invoice, company and price list.
 */
async function dashboardPageList(accounts) {
  accounts.orderId ??= await placeOrder(accounts, accounts.owner);
  const { company } = accounts;
  return [
    ...BUYER_DASHBOARD_PAGES.map((page) => ({ page, cookie: accounts.owner })),
    {
      page: `/dashboard/order/${accounts.orderId}`,
      cookie: accounts.owner,
      name: '/dashboard/order/{id}',
    },
    {
      page: `/dashboard/payment/${accounts.orderId}`,
      cookie: accounts.owner,
      name: '/dashboard/payment/{id}',
    },
    {
      page: `/dashboard/invoices/${company.invoiceId}`,
      cookie: accounts.owner,
      name: '/dashboard/invoices/{id}',
    },
    { page: '/dashboard/company/join', cookie: accounts.loner },
    ...ADMIN_DASHBOARD_PAGES.map((page) => ({ page, cookie: accounts.admin })),
    {
      page: `/dashboard/companies/${company.companyId}`,
      cookie: accounts.admin,
      name: '/dashboard/companies/{id}',
    },
    {
      page: `/dashboard/price-lists/${company.priceListId}`,
      cookie: accounts.admin,
      name: '/dashboard/price-lists/{id}',
    },
  ];
}

async function dashboardPages(accounts, floor) {
  console.log('\nFirst-load JS (gzip) over the floor, dashboard pages (signed in):');
  results.dashboardPages = {};
  for (const { page, cookie, name = page } of await dashboardPageList(accounts)) {
    const weight = await pageWeight(page, { cookie });
    results.dashboardPages[name] = weight;
    check(`first-load JS ${name} (${kb(weight.js)})`, weight.js - floor.js, {
      max: budgets.dashboardJsOverFloor,
      format: (bytes) => `${bytes >= 0 ? '+' : ''}${kb(bytes)}`,
    });
  }
}

async function orders(accounts) {
  console.log('\nOrders:');
  // Warm-up: a few orders and health checks before the measured loads.
  await load({ ...orderLoad(accounts)(), connections: 5, amount: 50 });
  await load({ url: `${base}/api/health`, connections: 5, amount: 200 });

  // 1. A steady arrival rate (open loop): `perSecond` orders a second from `buyers` connections,
  // each a buyer sending one order a second whatever the answers' pace, so the rate holds as
  // long as each answer comes within a second.
  const { perSecond, seconds: rateSeconds, buyers: rateBuyers } = budgets.orderRate;
  const steady = await load({
    ...orderLoad(accounts)(),
    connections: rateBuyers,
    overallRate: perSecond,
    duration: rateSeconds,
  });
  const steadyAnswers = Object.fromEntries(
    Object.entries(steady.statusCodeStats ?? {}).map(([status, { count }]) => [status, count]),
  );
  const achieved = steady.requests.total / steady.duration;
  console.log(
    `  steady ${perSecond}/s for ${rateSeconds} s (${rateBuyers} buyers, open loop): ${steady.requests.total} orders (${achieved.toFixed(1)}/s), p50 ${steady.latency.p50} ms, p90 ${steady.latency.p90} ms, p99 ${steady.latency.p99} ms, max ${steady.latency.max} ms, answers ${JSON.stringify(steadyAnswers)}, errors ${steady.errors + steady.timeouts}`,
  );
  results.orders = {
    steady: {
      perSecond,
      seconds: rateSeconds,
      buyers: rateBuyers,
      requests: steady.requests.total,
      achievedPerSecond: achieved,
      latency: steady.latency,
      statuses: steadyAnswers,
      errors: steady.errors + steady.timeouts,
    },
  };
  check(`POST /api/order p99 at ${perSecond}/s`, steady.latency.p99, {
    below: budgets.orderRateP99Ms,
    format: (ms) => `${ms} ms`,
  });
  check(
    `POST /api/order at ${perSecond}/s: answers other than 201`,
    steady.non2xx + steady.errors + steady.timeouts,
    { max: 0 },
  );
  check(`POST /api/order at ${perSecond}/s: rate held`, achieved, {
    min: perSecond * 0.95,
    format: (value) => `${value.toFixed(1)}/s`,
  });

  // 2. Closed loop: 50 buyers each ordering again as soon as answered, against GET /api/health.
  const [order, health] = await compare(
    orderLoad(accounts),
    () => ({ url: `${base}/api/health`, connections: ORDER_CONNECTIONS }),
    orderSeconds / rounds,
  );
  console.log(
    `  closed loop: POST /api/order ${order.rps.toFixed(0)} req/s (p99 ${order.p99} ms, answers ${JSON.stringify(order.statuses)}, errors ${order.errors}); GET /api/health ${health.rps.toFixed(0)} req/s (p99 ${health.p99} ms); ${ORDER_CONNECTIONS} connections, ${BUYERS} buyers in turn, ${rounds} x ${orderSeconds / rounds} s alternating`,
  );
  results.orders.closedLoop = { order, health, connections: ORDER_CONNECTIONS, buyers: BUYERS };
  check('order / health requests per second', order.rps / health.rps, {
    min: budgets.orderHealthRatio,
    format: (value) => value.toFixed(2),
  });
  check('POST /api/order answers other than 201', order.non2xx + order.errors, { max: 0 });

  // 3. Nothing lost: the product's stock is its start less every live order's reserved lines.
  const consistent = await stockAgreesWithOrders([accounts.productId], ORDER_STOCK);
  console.log(
    `  stock and orders after the loads: ${consistent.ok ? 'agree' : `DISAGREE (${consistent.text})`} (${consistent.orders} orders hold ${consistent.held} units)`,
  );
  results.orders.consistent = consistent;
  check('orders: products whose stock disagrees', consistent.mismatches, { max: 0 });
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
  const { productIds } = await dataScript('bench-lines-data', [
    '--count',
    String(LINES),
    '--stock',
    '100000000',
  ]);
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
  check(
    `first-load JS /dashboard/cart, 100 lines (${kb(cartWeight.js)})`,
    cartWeight.js - results.floor.js,
    { max: budgets.dashboardJsOverFloor, format: (bytes) => `+${kb(bytes)}` },
  );

  // 3. 20 buyers check out 20 lines each at once, over products whose stock covers only some of
  // them: afterwards each product's stock is its start less the quantities of the orders'
  // lines that hold it, exactly.
  const BUYERS_AT_ONCE = 20;
  const PER_ORDER = 20;
  const { productIds: scarce } = await dataScript('bench-lines-data', [
    '--count',
    String(PER_ORDER * 2),
    '--stock',
    String(500 * 12),
  ]);
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
    // As lib/orders/stock.ts reads an order: its lines hold their stock when reserved (every
    // line, for an order without `reserved`) and not released.
    const held = new Map();
    for (const order of orders) {
      const released = new Set((order.released ?? []).map(String));
      const reserved = new Set(
        (order.reserved ?? order.lines.map((line) => line.productId)).map(String),
      );
      for (const line of order.lines) {
        const key = String(line.productId);
        if (reserved.has(key) && !released.has(key)) {
          held.set(key, (held.get(key) ?? 0) + line.quantity);
        }
      }
    }
    const wrong = products.filter(
      (product) => product.availableQuantity !== start - (held.get(String(product._id)) ?? 0),
    );
    return {
      ok: wrong.length === 0 && products.length === ids.length,
      mismatches: wrong.length + (ids.length - products.length),
      orders: orders.length,
      held: [...held.values()].reduce((sum, units) => sum + units, 0),
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
  const figures = await dataScript('bench-contract-prices');
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

/** Every page with who sees it, for axe: the public ones, a product's, the reset form, the API reference and the dashboard's. */
async function everyPage(accounts) {
  return [
    ...PUBLIC_PAGES.map((page) => ({ page })),
    { page: `/product/${accounts.productId}`, name: '/product/{id}' },
    { page: '/reset-password?token=bench-token', name: '/reset-password' },
    { page: '/api/docs' },
    ...(await dashboardPageList(accounts)),
  ];
}

const AXE_WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core (WCAG 2.0/2.1/2.2 A and AA, as the accessibility test runs it) on every page at 1280
 * and 390 px, in the Chromium of the browser tests: violations of impact serious or critical are
 * held to the budget, the others are listed.
 */
async function accessibility(accounts) {
  console.log('\nAccessibility (axe-core, WCAG A and AA), every page at 1280 and 390 px:');
  const { chromium } = await import('@playwright/test');
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const executablePath = chromiumPath();
  const browser = await chromium.launch(executablePath ? { executablePath } : {});
  results.accessibility = {};
  let serious = 0;
  try {
    for (const { page: pagePath, cookie, name = pagePath } of await everyPage(accounts)) {
      const context = await browser.newContext({ baseURL: base });
      if (cookie) {
        const [cookieName, ...value] = cookie.split('=');
        await context.addCookies([{ name: cookieName, value: value.join('='), url: base }]);
      }
      const page = await context.newPage();
      const found = [];
      for (const viewport of AXE_WIDTHS) {
        await page.setViewportSize(viewport);
        if (found.length === 0 && viewport === AXE_WIDTHS[0]) {
          const response = await page.goto(pagePath);
          if (!response?.ok()) throw new Error(`${pagePath} answered ${response?.status()}`);
          await page.waitForLoadState('networkidle');
        }
        // Finite animations (the sign-in cards' fade) are let finish: colours as they end up.
        await page.evaluate(() =>
          Promise.all(
            document
              .getAnimations()
              .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
              .map((animation) => animation.finished.catch(() => undefined)),
          ),
        );
        const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
        for (const violation of violations) {
          found.push({
            width: viewport.width,
            id: violation.id,
            impact: violation.impact,
            nodes: violation.nodes.length,
            targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
          });
        }
      }
      await context.close();
      results.accessibility[name] = found;
      const grave = found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      serious += grave.reduce((sum, v) => sum + v.nodes, 0);
      console.log(
        `  ${name.padEnd(40)} ${found.length === 0 ? 'no violation' : found.map((v) => `${v.id} (${v.impact}, ${v.nodes} at ${v.width} px: ${v.targets.join(', ')})`).join('; ')}`,
      );
    }
  } finally {
    await browser.close();
  }
  check('axe: serious or critical violations, every page', serious, {
    max: budgets.axeSeriousOrCritical,
  });
}

async function scaleSection(accounts) {
  console.log(`\nScale (median of ${SAMPLES} sequential requests each):`);
  const figures = [];
  const describe = (label, row) =>
    console.log(
      `  ${label}: ${row.counts.products} products, ${row.counts.orders} orders, ${row.counts.companies} companies, ${row.counts.accountInvoices} invoices on account; home uncached ${row.home.ms.toFixed(1)} ms, GET /api/product ${row.api.ms.toFixed(1)} ms (${kb(row.api.bytes)}), Manage Orders ${row.manageOrders.ms.toFixed(1)} ms, invoices page ${row.invoices.ms.toFixed(1)} ms, CSV first byte ${row.csvFirstByte.ms.toFixed(1)} ms; search ${row.search.ms.toFixed(1)} ms, home cached ${row.cachedHome.ms.toFixed(1)} ms`,
    );
  figures.push(await scaleFigures(accounts));
  describe('demo data', figures[0]);
  const started = performance.now();
  const seeded = await seed([
    '--products',
    String(SCALE.products),
    '--orders',
    String(SCALE.orders),
    '--companies',
    String(SCALE.companies),
  ]);
  console.log(`  ${seeded} (${((performance.now() - started) / 1000).toFixed(1)} s in all)`);
  figures.push(await scaleFigures(accounts));
  describe('scale data', figures[1]);
  results.scale = { demo: figures[0], scale: figures[1] };
  const [small, large] = figures;
  const ratio = (value) => `${value.toFixed(2)}x`;
  for (const [key, label] of [
    ['home', 'uncached home'],
    ['api', 'GET /api/product'],
    ['manageOrders', "Manage Orders' first page"],
    ['invoices', "a company's invoices page"],
    ['csvFirstByte', 'orders CSV export, first byte'],
  ]) {
    check(`${label}, scale / demo data`, large[key].ms / small[key].ms, {
      max: budgets.scaleRatio,
      format: ratio,
    });
  }
}

/**
 * Where the server's time went (BENCH_PROFILE=1): self time of its CPU profile by package (or
 * the store's own code, Node.js's internals, garbage collection), and the heaviest functions.
 */
async function profileSummary(profileDir) {
  const files = fs.existsSync(profileDir)
    ? fs.readdirSync(profileDir).filter((file) => file.endsWith('.cpuprofile'))
    : [];
  if (!files.length) {
    console.log('\nNo CPU profile was written.');
    return;
  }
  const { summariseProfile } = await import('./lib/profile-summary.mjs');
  const summary = summariseProfile(
    JSON.parse(fs.readFileSync(path.join(profileDir, files[0]), 'utf8')),
  );
  results.profile = summary;
  console.log(`\nCPU profile of the server (${files[0]}), self time:`);
  for (const row of summary.groups.slice(0, 15)) {
    console.log(`  ${row.share.toFixed(1).padStart(5)}%  ${row.name}`);
  }
  console.log('  heaviest functions:');
  for (const row of summary.functions.slice(0, 15)) {
    console.log(`  ${row.share.toFixed(1).padStart(5)}%  ${row.name}`);
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
      if (error instanceof Error && error.cause) console.error('  cause:', error.cause);
      process.exitCode = 1;
    })
    .finally(cleanUp);
}
