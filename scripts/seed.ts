// `npm run seed`: replaces the products and reviews with the demo catalogue, on purpose.
// `npm run seed -- --products 10000`: the same, filled up to 10,000 products with generated
// parts across every category, for measuring and trying the store at scale.
import { parseArgs } from 'node:util';
import { loadProjectEnv } from './lib/project-env.mjs';

const MAX_PRODUCTS = 1_000_000;
const usage = 'Usage: npm run seed [-- --products N]   (N from 1 to 1,000,000)';

/** The `--products N` (or `--products=N`) option; undefined without it. */
function productsOption(args: string[]): number | undefined {
  let value: string | undefined;
  try {
    value = parseArgs({ args, options: { products: { type: 'string' } } }).values.products;
  } catch {
    throw new Error(usage);
  }
  if (value === undefined) return undefined;
  const count = Number(value);
  if (!/^\d+$/.test(value) || count < 1 || count > MAX_PRODUCTS) throw new Error(usage);
  return count;
}

async function main() {
  const products = productsOption(process.argv.slice(2));
  loadProjectEnv();
  // Imported after the .env files are loaded: lib/core/env reads the environment once, on import.
  const { closeConnection, getDb } = await import('@/lib/core/db');
  const { resetDemoData } = await import('@/lib/catalogue/seed');
  const db = await getDb();
  const started = Date.now();
  const counts = await resetDemoData(db, { products });
  const generated = counts.generated ? ` (${counts.generated} of them generated)` : '';
  console.log(
    `Seeded ${counts.products} products${generated} and ${counts.reviews} reviews into "${db.databaseName}" in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  await closeConnection();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
