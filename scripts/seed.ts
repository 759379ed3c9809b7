// `npm run seed`: replaces the products and reviews with the demo catalogue, on purpose.
// `npm run seed -- --products 10000`: the same, filled up to 10,000 products with generated
// parts across every category, for measuring and trying the store at scale.
// `--companies N` and `--orders N` add generated companies (members, terms, price lists) and
// order history with invoices (scripts/lib/seed-scale.ts); every run replaces what an earlier
// run generated, and touches no other account or order.
// With NODE_ENV=production it first checks the production profile, as the servers do.
import { parseArgs } from 'node:util';
import { refuseUnlessProfileAllows } from './lib/preflight.mjs';
import { loadProjectEnv } from './lib/project-env.mjs';

const MAX = 1_000_000;
const usage =
  'Usage: npm run seed [-- [--products N] [--orders N] [--companies N]]\n' +
  '  --products N   fill the catalogue up to N products (1 to 1,000,000)\n' +
  '  --orders N     N generated orders over the catalogue (0 to 1,000,000)\n' +
  '  --companies N  N generated companies with members, terms and invoices (0 to 1,000,000)';

type Counts = { products?: number; orders?: number; companies?: number };

/** The options, each undefined when not given; a usage error for anything else. */
function options(args: string[]): Counts {
  let values: Record<string, string | undefined>;
  try {
    values = parseArgs({
      args,
      options: {
        products: { type: 'string' },
        orders: { type: 'string' },
        companies: { type: 'string' },
      },
    }).values;
  } catch {
    throw new Error(usage);
  }
  const count = (name: keyof Counts, min: number) => {
    const value = values[name];
    if (value === undefined) return undefined;
    const number = Number(value);
    if (!/^\d+$/.test(value) || number < min || number > MAX) {
      throw new Error(`--${name} ${value}: not a whole number from ${min} to ${MAX}.\n${usage}`);
    }
    return number;
  };
  return {
    products: count('products', 1),
    orders: count('orders', 0),
    companies: count('companies', 0),
  };
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

async function main() {
  const { products, orders, companies } = options(process.argv.slice(2));
  loadProjectEnv();
  refuseUnlessProfileAllows('npm run seed');
  // Imported after the .env files are loaded: lib/core/env reads the environment once, on import.
  const { closeConnection, getDb } = await import('@/lib/core/db');
  const { resetDemoData } = await import('@/lib/catalogue/seed');
  const { seedScaleData } = await import('./lib/seed-scale');
  const db = await getDb();
  const started = Date.now();
  const counts = await resetDemoData(db, { products });
  const generated = counts.generated ? ` (${counts.generated} of them generated)` : '';
  console.log(
    `Seeded ${counts.products} products${generated} and ${counts.reviews} reviews into "${db.databaseName}" in ${seconds(started)}.`,
  );
  const scaleStarted = Date.now();
  const scale = await seedScaleData(db, { orders, companies });
  const { removed } = scale;
  if (removed.orders || removed.companies || removed.people) {
    console.log(
      `Removed the earlier run's ${removed.orders} orders, ${removed.companies} companies and ${removed.people} accounts.`,
    );
  }
  if (orders || companies) {
    const statuses = Object.entries(scale.statuses)
      .map(([status, count]) => `${status} ${count}`)
      .join(', ');
    console.log(
      `Generated ${scale.companies} companies (${scale.members} members, ${scale.onAccount} on account, ${scale.priceLists} price lists), ` +
        `${scale.people} accounts, ${scale.orders} orders of ${scale.lines} lines${statuses ? ` (${statuses})` : ''} ` +
        `and ${scale.invoices.open + scale.invoices.paid} invoices on account (${scale.invoices.paid} paid) in ${seconds(scaleStarted)}.`,
    );
  }
  console.log(`Done in ${seconds(started)}.`);
  await closeConnection();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
