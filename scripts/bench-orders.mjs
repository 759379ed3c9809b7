// `npm run bench -- orders`: many buyers ordering the same scarce product at once, against a
// production build on loopback, and a check afterwards that nothing was lost, duplicated or
// oversold. A benchmark, not a test: CI does not run it.
//
//  - builds the store into BENCH_DIST_DIR (default .next-bench; unless that build is current) and starts it with
//    `next start` over a fresh embedded MongoDB, like `npm run bench`;
//  - makes BENCH_BUYERS (100) password accounts and one product of BENCH_STOCK (60,000) units
//    with a minimum order of BENCH_MINIMUM (500), through the stores (scripts/lib/bench-orders-data.ts);
//  - signs every buyer in through Auth.js (the login form's request) and asks for their access
//    token (PUT /api/user/{email}, with the session cookie and a same-origin Origin header);
//  - for BENCH_SECONDS (30) every buyer, with its bearer token, keeps placing orders of the
//    minimum quantity (POST /api/order) and, as often as not, deletes one of its live orders
//    (DELETE /api/order/{id}) at the same time;
//  - reports throughput, p50/p99 latency and the answers by status, then checks against the
//    database: no 5xx; every order answered 201 exists, unpaid, with its quantity; every order
//    answered deleted is gone; no order nobody was told about; the stock never went below zero
//    (sampled while the load runs) and, at the end, stock + quantities of the live unpaid
//    orders == the starting stock. Exits 1 when an invariant fails.
//
// The per-user limits stay as configured (MAX_UNPAID_ORDERS, default 20; POST /api/order 60 an
// hour per user): the stock (120 orders of the minimum) binds long before them, and any 409 or
// 429 they cause is counted and shown. BENCH_MAX_UNPAID_ORDERS raises the first for the
// benchmark's server; the output says what the server ran with.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { MongoClient, ObjectId } from 'mongodb';
import { ensureEmbeddedMongo, stopEmbeddedMongo } from '@storefront/embedded-mongodb';
import { buildIsCurrent, nextBin, runMigrate, runNext } from './lib/build.mjs';
import { projectRoot } from './lib/project-env.mjs';
import { signInSession } from './lib/sign-in.mjs';
import { waitForUrl } from './lib/wait.mjs';

const number = (name, fallback) => {
  const value = Number(process.env[name] || fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number`);
  return value;
};

const SECONDS = number('BENCH_SECONDS', 30);
const BUYERS = number('BENCH_BUYERS', 100);
const STOCK = number('BENCH_STOCK', 60_000);
const MINIMUM = number('BENCH_MINIMUM', 500);
const PORT = number('BENCH_PORT', 3200);
const MAX_UNPAID = process.env.BENCH_MAX_UNPAID_ORDERS;
const BASE = `http://127.0.0.1:${PORT}`;
const DIST_DIR = process.env.BENCH_DIST_DIR || '.next-bench';
const DATABASE = 'storefront';

const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');

/** Runs a command; resolves with its stdout, rejects with its stderr when it fails. */
function capture(args, env) {
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

/** Latency percentile (ms) of a list of durations. */
function percentile(values, p) {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Signs a buyer in the way the login form does (Auth.js credentials, with its CSRF token) and
 * exchanges the session for an access token. Cookie requests carry a same-origin Origin, as a
 * browser on the store's pages sends it.
 */
async function signIn({ email, password }) {
  const session = await signInSession(BASE, { email, password });
  const tokenResponse = await fetch(`${BASE}/api/user/${encodeURIComponent(email)}`, {
    method: 'PUT',
    headers: { Origin: BASE, Cookie: session },
  });
  if (!tokenResponse.ok) throw new Error(`no access token for ${email}: ${tokenResponse.status}`);
  return (await tokenResponse.json()).token;
}

/** Everything the clients were told, and how long each answer took. */
function newLedger() {
  return {
    latencies: { place: [], remove: [] },
    statuses: { place: new Map(), remove: new Map() },
    networkErrors: { place: 0, remove: 0 },
    /** id -> quantity, for every 201. */
    placed: new Map(),
    duplicateIds: 0,
    /** ids answered 200 to DELETE. */
    deleted: new Set(),
  };
}

async function timedFetch(ledger, kind, url, init) {
  const started = performance.now();
  try {
    const response = await fetch(url, init);
    const body = await response.text();
    ledger.latencies[kind].push(performance.now() - started);
    ledger.statuses[kind].set(
      response.status,
      (ledger.statuses[kind].get(response.status) ?? 0) + 1,
    );
    return { status: response.status, body };
  } catch (error) {
    ledger.networkErrors[kind] += 1;
    return { status: 0, body: String(error) };
  }
}

/** One buyer's loop: place an order, and as often as not delete one of its live orders at once. */
async function buyerLoop(ledger, { token, productId, deadline }) {
  const live = [];
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const place = async () => {
    const answer = await timedFetch(ledger, 'place', `${BASE}/api/order`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        productId,
        quantity: MINIMUM,
        address: '9 Bench Row, Leeds',
        phone: '01132345678',
      }),
    });
    if (answer.status !== 201) return;
    const id = JSON.parse(answer.body).insertedId;
    if (ledger.placed.has(id)) ledger.duplicateIds += 1;
    ledger.placed.set(id, MINIMUM);
    live.push(id);
  };
  const remove = async (id) => {
    const answer = await timedFetch(ledger, 'remove', `${BASE}/api/order/${id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${token}` },
    });
    if (answer.status === 200) ledger.deleted.add(id);
    else live.push(id); // not deleted: still the buyer's
  };
  while (Date.now() < deadline) {
    const work = [place()];
    if (live.length && Math.random() < 0.5) {
      const [id] = live.splice(Math.floor(Math.random() * live.length), 1);
      work.push(remove(id));
    }
    await Promise.all(work);
  }
}

/** Reads the product's stock every 50 ms while the load runs: the lowest value seen. */
function stockSampler(products, productId) {
  const seen = { lowest: Infinity, samples: 0 };
  let running = true;
  const done = (async () => {
    while (running) {
      const product = await products.findOne(
        { _id: new ObjectId(productId) },
        { projection: { availableQuantity: 1 } },
      );
      seen.lowest = Math.min(seen.lowest, product.availableQuantity);
      seen.samples += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    seen,
    async stop() {
      running = false;
      await done;
    },
  };
}

/** The invariants, checked against the database; each `{ ok, text }`. */
async function checkInvariants(ledger, db, productId, sampler) {
  const orders = db.collection('orders');
  const docs = await orders.find({ productId: new ObjectId(productId) }).toArray();
  const byId = new Map(docs.map((doc) => [doc._id.toHexString(), doc]));
  const fiveXx = [...ledger.statuses.place, ...ledger.statuses.remove]
    .filter(([status]) => status >= 500)
    .reduce((sum, [, count]) => sum + count, 0);

  const unanswered = ledger.networkErrors.place + ledger.networkErrors.remove;
  const kept = [...ledger.placed.keys()].filter((id) => !ledger.deleted.has(id));
  const lost = kept.filter((id) => {
    const doc = byId.get(id);
    return !doc || doc.paid || doc.cancelledAt || doc.quantity !== ledger.placed.get(id);
  });
  const notGone = [...ledger.deleted].filter((id) => {
    const doc = byId.get(id);
    return doc && !doc.cancelledAt;
  });
  const extra = docs.filter((doc) => !ledger.placed.has(doc._id.toHexString()));
  const liveUnpaid = docs.filter((doc) => !doc.paid && !doc.cancelledAt);
  const liveQuantity = liveUnpaid.reduce((sum, doc) => sum + doc.quantity, 0);
  const product = await db.collection('products').findOne({ _id: new ObjectId(productId) });
  const stock = product.availableQuantity;
  const lowest = Math.min(sampler.seen.lowest, stock);
  const fmt = (value) => value.toLocaleString('en-US');

  return [
    { ok: fiveXx === 0, text: `no 5xx answers (${fiveXx})` },
    {
      ok: lost.length === 0 && ledger.duplicateIds === 0,
      text: `every order answered 201 is in the database, unpaid, with its quantity (${fmt(kept.length)} kept; lost ${lost.length}, ids answered twice ${ledger.duplicateIds})`,
    },
    {
      ok: notGone.length === 0,
      text: `every order answered deleted is gone (${fmt(ledger.deleted.size)} deleted; still there ${notGone.length})`,
    },
    {
      ok: extra.length === 0,
      text: `no order the clients were not told about (extra ${extra.length})`,
    },
    {
      ok: unanswered === 0,
      text: `every request was answered (without an answer: ${unanswered})`,
    },
    {
      ok: lowest >= 0,
      text: `stock never negative (lowest seen ${fmt(lowest)} in ${fmt(sampler.seen.samples)} samples; ${fmt(stock)} at the end)`,
    },
    {
      ok: stock + liveQuantity === STOCK,
      text: `stock + live unpaid quantities == starting stock (${fmt(stock)} + ${fmt(liveQuantity)} in ${liveUnpaid.length} orders = ${fmt(stock + liveQuantity)}; started with ${fmt(STOCK)})`,
    },
  ];
}

function report(ledger, elapsedSeconds) {
  const row = (label, latencies, statuses, errors) => {
    const count = latencies.length + errors;
    const answers = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status} x${n}`)
      .join(', ');
    return `  ${label.padEnd(20)} ${String(count).padStart(7)} ${(count / elapsedSeconds).toFixed(1).padStart(8)} req/s   p50 ${percentile(latencies, 50).toFixed(0).padStart(5)} ms   p99 ${percentile(latencies, 99).toFixed(0).padStart(5)} ms   ${answers}${errors ? `, no answer x${errors}` : ''}`;
  };
  const all = [...ledger.latencies.place, ...ledger.latencies.remove];
  const allStatuses = new Map();
  for (const map of [ledger.statuses.place, ledger.statuses.remove]) {
    for (const [status, n] of map) allStatuses.set(status, (allStatuses.get(status) ?? 0) + n);
  }
  console.log(
    row(
      'POST /api/order',
      ledger.latencies.place,
      ledger.statuses.place,
      ledger.networkErrors.place,
    ),
  );
  console.log(
    row(
      'DELETE /api/order/id',
      ledger.latencies.remove,
      ledger.statuses.remove,
      ledger.networkErrors.remove,
    ),
  );
  console.log(
    row('all', all, allStatuses, ledger.networkErrors.place + ledger.networkErrors.remove),
  );
  console.log(
    '  (POST: 201 placed; 422 not enough stock left; 409 the unpaid-orders cap; 429 the hourly limit)',
  );
}

export async function runOrdersBench() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-orders-'));
  const env = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_DIST_DIR: DIST_DIR,
    DATA_DIR: dataDir,
    MONGODB_URI: '',
    // A production server on this machine's embedded database, on loopback: the local demo's
    // set-up, said to the production profile (lib/security/production-profile.mjs).
    EMBEDDED_DB_IN_PRODUCTION: 'true',
    LOCAL_DEMO: 'true',
    MONGODB_DB: DATABASE,
    SEED_DEMO_DATA: 'false',
    ...(MAX_UNPAID ? { MAX_UNPAID_ORDERS: MAX_UNPAID } : {}),
  };
  delete env.STRIPE_SECRET_KEY; // no card payments: deleting an order needs no Stripe call
  let server;
  let client;
  try {
    const engine = await ensureEmbeddedMongo({ dataDir });
    if ((await runMigrate(env)) !== 0) throw new Error('npm run db:migrate failed');
    if (buildIsCurrent(DIST_DIR)) console.log(`Using the current build in ${DIST_DIR}.`);
    else if ((await runNext(['build'], env)) !== 0) throw new Error('next build failed');
    server = spawn(process.execPath, [nextBin, 'start', '-H', '127.0.0.1', '-p', String(PORT)], {
      cwd: projectRoot,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitForUrl(`${BASE}/api/product`);

    const data = JSON.parse(
      await capture(
        [
          tsxCli,
          '--conditions=react-server',
          path.join(projectRoot, 'scripts/lib/bench-orders-data.ts'),
          '--buyers',
          String(BUYERS),
          '--stock',
          String(STOCK),
          '--minimum',
          String(MINIMUM),
        ],
        env,
      ),
    );
    const tokens = [];
    for (let start = 0; start < data.buyers.length; start += 10) {
      tokens.push(...(await Promise.all(data.buyers.slice(start, start + 10).map(signIn))));
    }

    client = new MongoClient(engine.uri);
    const db = client.db(DATABASE);
    const sampler = stockSampler(db.collection('products'), data.productId);
    const ledger = newLedger();
    const started = performance.now();
    const deadline = Date.now() + SECONDS * 1000;
    await Promise.all(
      tokens.map((token) => buyerLoop(ledger, { token, productId: data.productId, deadline })),
    );
    const elapsed = (performance.now() - started) / 1000;
    await sampler.stop();

    console.log(
      `\nOrders under load: ${BUYERS} signed-in buyers (bearer tokens), ${SECONDS} s (${elapsed.toFixed(1)} s with the last answers), loopback, ${os.cpus().length} cores`,
    );
    console.log(
      `Product: ${STOCK.toLocaleString('en-US')} units in stock, minimum order ${MINIMUM}; every order is for ${MINIMUM} units`,
    );
    console.log(
      `Server limits: MAX_UNPAID_ORDERS=${MAX_UNPAID ? `${MAX_UNPAID} (raised for this run by BENCH_MAX_UNPAID_ORDERS)` : `${process.env.MAX_UNPAID_ORDERS || 20} (as configured, not raised)`}; POST /api/order 60 an hour per user (not raised)`,
    );
    console.log('');
    report(ledger, elapsed);
    const checks = await checkInvariants(ledger, db, data.productId, sampler);
    console.log('\nInvariants:');
    for (const check of checks) console.log(`  ${check.ok ? 'ok  ' : 'FAIL'} ${check.text}`);
    const failed = checks.filter((check) => !check.ok).length;
    console.log(failed ? `\n${failed} invariant(s) failed.` : '\nAll invariants hold.');
    return failed ? 1 : 0;
  } finally {
    await client?.close().catch(() => {});
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    await stopEmbeddedMongo({ dataDir }).catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
