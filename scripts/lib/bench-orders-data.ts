// The data of `npm run bench -- orders`, made the way the store makes it (the features' stores, as sign-up
// and Add Product do): `--buyers N` password accounts with verified emails (the first
// `--admins N` of them admins) and one product with limited stock.
// Prints `{ productId, buyers: [{ email, password }] }` as JSON on stdout. Run by
// scripts/bench-orders.mjs with the bench server's environment (DATA_DIR, MONGODB_DB).
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadProjectEnv } from './project-env.mjs';

async function main() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      buyers: { type: 'string' },
      stock: { type: 'string' },
      minimum: { type: 'string' },
      admins: { type: 'string' },
    },
  });
  const buyers = Number(values.buyers);
  const stock = Number(values.stock);
  const minimum = Number(values.minimum);
  const admins = Number(values.admins ?? 0);
  loadProjectEnv();
  // Imported after the environment is complete: lib/core/env reads it once, on import.
  const { closeConnection } = await import('@/lib/core/db');
  const { createPasswordUser, makeAdmin, markEmailVerified } =
    await import('@/lib/accounts/store/users');
  const { createProduct } = await import('@/lib/catalogue/store');
  const { productSchema } = await import('@/lib/catalogue/validation/product');

  const run = randomBytes(4).toString('hex');
  const created = await createProduct(
    productSchema.parse({
      name: `Bench Hex Nut M10 ${run}`,
      sku: `BENCH-${run.toUpperCase()}`,
      category: 'fasteners',
      description: 'Zinc-plated steel hex nuts, M10, grade 8, for the orders benchmark.',
      minimumOrderQuantity: minimum,
      availableQuantity: stock,
      price: 0.12,
      picture: '/images/products/hex-flange-bolt.webp',
    }),
  );
  if (!created.ok) throw new Error(`bench product: ${created.reason}`);
  const product = created.product;
  const accounts = Array.from({ length: buyers }, (_, index) => ({
    name: `Bench Buyer ${index + 1}`,
    email: `bench_${run}_${index + 1}@example.com`,
    password: `bench-${randomBytes(6).toString('hex')}`,
  }));
  // Password hashing is the slow part; a few at a time keeps the machine usable. Their emails
  // count as verified, as a regular buyer's: an unverified account holds only 3 unpaid orders.
  for (let start = 0; start < accounts.length; start += 8) {
    await Promise.all(
      accounts.slice(start, start + 8).map(async (account) => {
        const created = await createPasswordUser(account);
        if (!created.ok) throw new Error(`${account.email}: ${created.reason}`);
        await markEmailVerified(created.user.id, created.user.email);
      }),
    );
  }
  // `--admins N`: the first N accounts are admins (npm run bench measures the admin pages).
  for (const account of accounts.slice(0, admins)) await makeAdmin(account.email);
  await closeConnection();
  process.stdout.write(
    `${JSON.stringify({
      productId: product._id,
      buyers: accounts.map(({ email, password }) => ({ email, password })),
    })}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
