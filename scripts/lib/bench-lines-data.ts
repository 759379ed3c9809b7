// The products of `npm run bench`'s "lines" part, made the way Add Product makes them (the
// catalogue's store): `--count N` products with `--stock S` units each and volume tiers.
// Prints `{ productIds: [...] }` as JSON on stdout. Run with the bench server's environment.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { loadProjectEnv } from './project-env.mjs';

async function main() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { count: { type: 'string' }, stock: { type: 'string' } },
  });
  const count = Number(values.count);
  const stock = Number(values.stock);
  loadProjectEnv();
  const { closeConnection } = await import('@/lib/core/db');
  const { createProduct } = await import('@/lib/catalogue/store');
  const { productSchema } = await import('@/lib/catalogue/validation/product');
  const run = randomBytes(3).toString('hex').toUpperCase();
  const productIds: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const created = await createProduct(
      productSchema.parse({
        name: `Bench Washer M${6 + (index % 20)} ${run}-${index + 1}`,
        sku: `BL-${run}-${index + 1}`,
        category: 'fasteners',
        description: 'Zinc-plated steel flat washers, for the order-lines benchmark.',
        minimumOrderQuantity: 500,
        availableQuantity: stock,
        price: 0.12,
        priceTiers: [
          { minQuantity: 500, price: 0.12 },
          { minQuantity: 5_000, price: 0.1 },
        ],
        picture: '/images/products/hex-flange-bolt.webp',
      }),
    );
    if (!created.ok) throw new Error(`bench product: ${created.reason}`);
    productIds.push(created.product._id);
  }
  await closeConnection();
  process.stdout.write(`${JSON.stringify({ productIds })}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
