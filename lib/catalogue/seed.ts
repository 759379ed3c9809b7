import { ObjectId, type Db } from 'mongodb';
import { deleteAllReviews, insertReviewDocuments } from '@/lib/reviews';
import { collections } from './collections';
import { demoProducts, demoReviews, type DemoProduct } from '@/lib/catalogue/demo-catalogue';
import { generatedProducts } from '@/lib/catalogue/generated-catalogue';

const SEED_MARKER = 'demo-seed';

/**
 * Stored documents of seeded products, created a second apart from `now` backwards (after
 * `offset` earlier ones), so the catalogue keeps its order when sorted newest first.
 */
function productDocuments(products: DemoProduct[], now: Date, offset = 0) {
  return products.map((product, index) => ({
    _id: new ObjectId(),
    ...product,
    skuLower: product.sku.toLowerCase(),
    createdAt: new Date(now.getTime() - (offset + index) * 1000),
  }));
}

function demoDocuments(now = new Date()) {
  const products = productDocuments(demoProducts, now);
  const reviews = demoReviews.map((review, index) => ({
    _id: new ObjectId(),
    ...review,
    createdAt: new Date(now.getTime() - index * 1000),
  }));
  return { products, reviews };
}

/**
 * Seeds the demo catalogue into a database that has no products and was never seeded.
 * The marker document is inserted first with a fixed _id, so when several processes start
 * at once exactly one of them seeds; a database that already has products is never touched.
 */
export async function seedDemoDataIfEmpty(db: Db): Promise<boolean> {
  const c = collections(db);
  if ((await c.products.countDocuments({}, { limit: 1 })) > 0) return false;
  try {
    await c.meta.insertOne({ _id: SEED_MARKER, at: new Date() });
  } catch (error) {
    if ((error as { code?: number }).code === 11000) return false;
    throw error;
  }
  const { products, reviews } = demoDocuments();
  await c.products.insertMany(products);
  await insertReviewDocuments(db, reviews);
  return true;
}

/** Generated products are inserted this many at a time. */
const GENERATED_BATCH = 1_000;

export interface SeedCounts {
  /** Products in the catalogue afterwards: the demo ones plus `generated`. */
  products: number;
  generated: number;
  reviews: number;
}

/**
 * `npm run seed`: replaces all products and reviews with the demo catalogue, on purpose.
 * With `products` (`npm run seed -- --products 10000`) the catalogue is filled up to that many
 * products with generated parts across every category (lib/catalogue/generated-catalogue.ts),
 * inserted in batches and dated before the demo products, so the home page still opens on
 * the demo catalogue.
 */
export async function resetDemoData(
  db: Db,
  { products: wanted = 0 }: { products?: number } = {},
): Promise<SeedCounts> {
  const c = collections(db);
  const now = new Date();
  const { products, reviews } = demoDocuments(now);
  await c.products.deleteMany({});
  await deleteAllReviews(db);
  await c.products.insertMany(products);
  await insertReviewDocuments(db, reviews);
  const generated = generatedProducts(Math.max(0, wanted - products.length));
  for (let start = 0; start < generated.length; start += GENERATED_BATCH) {
    const batch = generated.slice(start, start + GENERATED_BATCH);
    await c.products.insertMany(productDocuments(batch, now, products.length + start), {
      ordered: false,
    });
  }
  await c.meta.updateOne({ _id: SEED_MARKER }, { $set: { at: new Date() } }, { upsert: true });
  return {
    products: products.length + generated.length,
    generated: generated.length,
    reviews: reviews.length,
  };
}

/**
 * The products orders can be generated for (`npm run seed -- --orders N`,
 * scripts/lib/seed-scale.ts): every product with a part number, with what an order copies and
 * prices.
 */
export function productsForOrders(db: Db) {
  return collections(db)
    .products.find(
      { sku: { $type: 'string' } },
      {
        projection: {
          name: 1,
          sku: 1,
          picture: 1,
          description: 1,
          minimumOrderQuantity: 1,
          availableQuantity: 1,
          orderMultiple: 1,
          priceCents: 1,
          priceTiers: 1,
        },
      },
    )
    .sort({ _id: 1 })
    .toArray();
}
