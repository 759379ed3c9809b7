import { ObjectId, type Db } from 'mongodb';
import { collections } from '@/lib/db/collections';
import { demoProducts, demoReviews } from './demo-catalogue';

const SEED_MARKER = 'demo-seed';

function demoDocuments(now = new Date()) {
  // Spread the creation times so the catalogue keeps its order when sorted newest first.
  const products = demoProducts.map((product, index) => ({
    _id: new ObjectId(),
    ...product,
    skuLower: product.sku.toLowerCase(),
    createdAt: new Date(now.getTime() - index * 1000),
  }));
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
  await c.reviews.insertMany(reviews);
  return true;
}

/** `npm run seed`: replaces all products and reviews with the demo catalogue, on purpose. */
export async function resetDemoData(db: Db): Promise<{ products: number; reviews: number }> {
  const c = collections(db);
  const { products, reviews } = demoDocuments();
  await c.products.deleteMany({});
  await c.reviews.deleteMany({});
  await c.products.insertMany(products);
  await c.reviews.insertMany(reviews);
  await c.meta.updateOne({ _id: SEED_MARKER }, { $set: { at: new Date() } }, { upsert: true });
  return { products: products.length, reviews: reviews.length };
}
