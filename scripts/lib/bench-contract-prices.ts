// The "contracts" part of `npm run bench`: a company's price list of 10,000 entries (written as
// an import writes them, in one bulk write) resolving the prices of a 100-line cart through the
// store's own code (`contractFor`: the company's list and the cart's entries in ONE query, then
// `resolveUnitPrice` per line), RUNS times after WARM_UPS. Prints `{ medianMs, p99Ms, runs,
// entries, lines }` as JSON on stdout. Run with the bench server's environment.
import { ObjectId } from 'mongodb';
import { loadProjectEnv } from './project-env.mjs';

const ENTRIES = 10_000;
const LINES = 100;
const WARM_UPS = 5;
const RUNS = 50;

async function main() {
  loadProjectEnv();
  const { closeConnection, getDb } = await import('@/lib/core/db');
  const pricing = await import('@/lib/pricing/contract');
  const { resolveUnitPrice } = await import('@/lib/pricing/resolve');
  const { upsertEntries, insertPriceList } = await import('@/lib/pricing/store');
  const { collections } = await import('@/lib/pricing/collections');
  const admin = new ObjectId();
  const list = await insertPriceList(
    {
      name: `Bench contract ${admin.toHexString().slice(-6)}`,
      validFrom: null,
      validTo: null,
      percentOffBasisPoints: 300,
    },
    admin,
  );
  const productIds = Array.from({ length: ENTRIES }, () => new ObjectId());
  await upsertEntries(
    list._id,
    productIds.map((productId, index) => ({
      productId,
      sku: `BENCH-${String(index).padStart(5, '0')}`,
      unitPriceCents: 100 + (index % 50),
      tiers: null,
      minQuantity: null,
      multiple: null,
      maxQuantity: null,
    })),
  );
  const companyId = new ObjectId();
  await collections(await getDb()).companyPriceLists.insertOne({
    _id: new ObjectId(),
    companyId,
    priceListId: list._id,
    assignedAt: new Date(),
    assignedBy: admin,
  });
  const cart = Array.from({ length: LINES }, (_, index) =>
    productIds[Math.floor((index * ENTRIES) / LINES)]!.toHexString(),
  );
  const product = { priceCents: 200 };
  const times: number[] = [];
  for (let run = 0; run < WARM_UPS + RUNS; run += 1) {
    const started = performance.now();
    const contract = await pricing.contractFor(companyId.toHexString(), cart);
    const prices = cart.map((productId) =>
      resolveUnitPrice({
        product,
        quantity: 1_000,
        contract: pricing.contractPricingOf(contract, productId),
      }),
    );
    const elapsed = performance.now() - started;
    if (prices.some((price) => !price.priceSource.startsWith('contract:'))) {
      throw new Error('a line was not priced by the contract');
    }
    if (run >= WARM_UPS) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  const median = (times[RUNS / 2 - 1]! + times[RUNS / 2]!) / 2;
  const p99 = times[Math.ceil(RUNS * 0.99) - 1]!;
  await closeConnection();
  process.stdout.write(
    `${JSON.stringify({ medianMs: median, p99Ms: p99, runs: RUNS, entries: ENTRIES, lines: LINES })}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
