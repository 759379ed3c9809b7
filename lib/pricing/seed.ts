import { ObjectId, type Db } from 'mongodb';
import { SEED_STAFF_ID, SEEDED, seededRandom, type Seeded } from '@/lib/core/seed-data';
import {
  collections,
  type CompanyPriceListDoc,
  type PriceListDoc,
  type PriceListEntryDoc,
} from './collections';
import type { ContractPricing } from './resolve';

/**
 * Price lists of generated companies (`npm run seed -- --companies N`,
 * scripts/lib/seed-scale.ts): one list per 25 companies (at most 40), each a percentage off the
 * list price with fixed contract prices for 20 parts, as a store admin writes them, assigned to
 * about a quarter of the companies. Marked `seeded`; a new run removes the lists, their entries
 * and every assignment of a generated company first.
 */

/** What a generated order needs of a company's contract: the list, and its entries by product. */
export interface SeededContract {
  list: ContractPricing['list'];
  entries: ReadonlyMap<string, NonNullable<ContractPricing['entry']>>;
}

/** A product as the lists price it. */
export interface PricedProduct {
  _id: ObjectId;
  sku?: string;
  priceCents: number;
}

const ENTRIES_PER_LIST = 20;

/** Writes the lists and assigns them; answers each assigned company's contract (by id hex). */
export async function insertSeededPriceLists(
  db: Db,
  companyIds: readonly ObjectId[],
  products: readonly PricedProduct[],
  now: Date,
): Promise<{ lists: number; contracts: Map<string, SeededContract> }> {
  const contracts = new Map<string, SeededContract>();
  if (companyIds.length === 0 || products.length === 0) return { lists: 0, contracts };
  const random = seededRandom(0x9_1ce_0001);
  const c = collections(db);
  const count = Math.min(40, Math.ceil(companyIds.length / 25));
  const lists: Array<PriceListDoc & Seeded> = [];
  const entries: Array<PriceListEntryDoc & Seeded> = [];
  const byList: SeededContract[] = [];
  for (let index = 0; index < count; index += 1) {
    const percentOffBasisPoints = random.pick([200, 350, 500, 750, 1_000, 1_250]);
    const list: PriceListDoc & Seeded = {
      _id: new ObjectId(),
      name: `Contract ${String.fromCharCode(65 + (index % 26))}${index >= 26 ? index : ''}: ${percentOffBasisPoints / 100}% off`,
      validFrom: null,
      validTo: null,
      percentOffBasisPoints,
      createdAt: now,
      updatedAt: now,
      createdBy: SEED_STAFF_ID,
      updatedBy: SEED_STAFF_ID,
      ...SEEDED,
    };
    lists.push(list);
    const own = new Map<string, NonNullable<ContractPricing['entry']>>();
    for (let n = 0; n < ENTRIES_PER_LIST && own.size < products.length; n += 1) {
      const product = random.pick(products);
      const key = product._id.toHexString();
      if (own.has(key)) continue;
      const unitPriceCents = Math.max(
        1,
        Math.round(product.priceCents * random.between(0.75, 0.9)),
      );
      own.set(key, { unitPriceCents, tiers: null });
      entries.push({
        _id: new ObjectId(),
        priceListId: list._id,
        productId: product._id,
        sku: product.sku ?? '',
        unitPriceCents,
        tiers: null,
        minQuantity: null,
        multiple: null,
        maxQuantity: null,
        createdAt: now,
        updatedAt: now,
        ...SEEDED,
      });
    }
    byList.push({
      list: { id: list._id.toHexString(), validFrom: null, validTo: null, percentOffBasisPoints },
      entries: own,
    });
  }
  const assignments: Array<CompanyPriceListDoc & Seeded> = [];
  for (const companyId of companyIds) {
    if (!random.chance(0.25)) continue;
    const index = random.int(0, count - 1);
    assignments.push({
      _id: new ObjectId(),
      companyId,
      priceListId: lists[index]!._id,
      assignedAt: now,
      assignedBy: SEED_STAFF_ID,
      ...SEEDED,
    });
    contracts.set(companyId.toHexString(), byList[index]!);
  }
  await c.priceLists.insertMany(lists, { ordered: false });
  if (entries.length) await c.priceListEntries.insertMany(entries, { ordered: false });
  if (assignments.length) await c.companyPriceLists.insertMany(assignments, { ordered: false });
  return { lists: lists.length, contracts };
}

/** Removes the generated lists with their entries and assignments, and every generated company's assignment. */
export async function deleteSeededPriceLists(
  db: Db,
  companyIds: readonly ObjectId[],
): Promise<void> {
  const c = collections(db);
  const lists = await c.priceLists.find(SEEDED, { projection: { _id: 1 } }).toArray();
  const priceListId = { $in: lists.map((list) => list._id) };
  await c.companyPriceLists.deleteMany({
    $or: [{ priceListId }, { companyId: { $in: [...companyIds] } }],
  });
  await c.priceListEntries.deleteMany({ priceListId });
  await c.priceLists.deleteMany(SEEDED);
}
