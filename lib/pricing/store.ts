import 'server-only';
import { ObjectId, type AnyBulkWriteOperation } from 'mongodb';
import { getDb } from '@/lib/core/db';
import {
  collections,
  type CompanyPriceListDoc,
  type EntryTierDoc,
  type PriceListDoc,
  type PriceListEntryDoc,
} from './collections';

/** Every read and write of price lists, their entries and the companies' assignments. */

async function pricing() {
  return collections(await getDb());
}

export type { CompanyPriceListDoc, PriceListDoc, PriceListEntryDoc };

// ---- Lists -----------------------------------------------------------------------------------

export async function insertPriceList(
  fields: Pick<PriceListDoc, 'name' | 'validFrom' | 'validTo' | 'percentOffBasisPoints'>,
  by: ObjectId,
): Promise<PriceListDoc> {
  const now = new Date();
  const doc: PriceListDoc = {
    _id: new ObjectId(),
    ...fields,
    createdAt: now,
    updatedAt: now,
    createdBy: by,
    updatedBy: by,
  };
  await (await pricing()).priceLists.insertOne(doc);
  return doc;
}

export async function findPriceList(id: ObjectId): Promise<PriceListDoc | null> {
  return (await pricing()).priceLists.findOne({ _id: id });
}

/** A page of lists, newest first. */
export async function listPriceLists({
  skip,
  limit,
}: {
  skip: number;
  limit: number;
}): Promise<{ items: PriceListDoc[]; total: number }> {
  const { priceLists } = await pricing();
  const [items, total] = await Promise.all([
    priceLists.find({}).sort({ createdAt: -1, _id: -1 }).skip(skip).limit(limit).toArray(),
    priceLists.countDocuments({}),
  ]);
  return { items, total };
}

/**
 * Changes a list, when it still is as read (`updatedAt`): one conditional update, so a change
 * checked against the stored dates never lands on dates changed meanwhile. Null when it is gone
 * or was changed meanwhile.
 */
export async function updatePriceList(
  current: PriceListDoc,
  fields: Partial<Pick<PriceListDoc, 'name' | 'validFrom' | 'validTo' | 'percentOffBasisPoints'>>,
  by: ObjectId,
): Promise<PriceListDoc | null> {
  return (await pricing()).priceLists.findOneAndUpdate(
    { _id: current._id, updatedAt: current.updatedAt },
    { $set: { ...fields, updatedAt: new Date(), updatedBy: by } },
    { returnDocument: 'after' },
  );
}

/**
 * Deletes a list: first the companies' assignments to it, then its entries, then the list, so
 * an interruption leaves the list to delete again (never entries or assignments of a list gone).
 */
export async function deletePriceList(
  id: ObjectId,
): Promise<{ deleted: boolean; entriesRemoved: number; companiesUnassigned: number }> {
  const { priceLists, priceListEntries, companyPriceLists } = await pricing();
  const unassigned = await companyPriceLists.deleteMany({ priceListId: id });
  const entries = await priceListEntries.deleteMany({ priceListId: id });
  const list = await priceLists.deleteOne({ _id: id });
  return {
    deleted: list.deletedCount === 1,
    entriesRemoved: entries.deletedCount,
    companiesUnassigned: unassigned.deletedCount,
  };
}

/** How many entries and companies each list has. */
export async function listCounts(
  ids: readonly ObjectId[],
): Promise<Map<string, { entryCount: number; companyCount: number }>> {
  const { priceListEntries, companyPriceLists } = await pricing();
  const group = [
    { $match: { priceListId: { $in: [...ids] } } },
    { $group: { _id: '$priceListId', count: { $sum: 1 } } },
  ];
  const [entries, companies] = await Promise.all([
    priceListEntries.aggregate<{ _id: ObjectId; count: number }>(group).toArray(),
    companyPriceLists.aggregate<{ _id: ObjectId; count: number }>(group).toArray(),
  ]);
  const counts = new Map(ids.map((id) => [id.toHexString(), { entryCount: 0, companyCount: 0 }]));
  for (const { _id, count } of entries) counts.get(_id.toHexString())!.entryCount = count;
  for (const { _id, count } of companies) counts.get(_id.toHexString())!.companyCount = count;
  return counts;
}

// ---- Entries ---------------------------------------------------------------------------------

/** What an entry says, as written. */
export interface EntryFields {
  productId: ObjectId;
  sku: string;
  unitPriceCents: number | null;
  tiers: EntryTierDoc[] | null;
  minQuantity: number | null;
  multiple: number | null;
  maxQuantity: number | null;
}

function upsertOf(priceListId: ObjectId, entry: EntryFields, now: Date) {
  const { productId, ...fields } = entry;
  return {
    updateOne: {
      filter: { priceListId, productId },
      update: {
        $set: { ...fields, updatedAt: now },
        $setOnInsert: { _id: new ObjectId(), priceListId, productId, createdAt: now },
      },
      upsert: true,
    },
  } satisfies AnyBulkWriteOperation<PriceListEntryDoc>;
}

/**
 * Writes every entry at once: ONE unordered `bulkWrite` of upserts on the unique
 * `{ priceListId, productId }` index (the import has checked every line before).
 */
export async function upsertEntries(
  priceListId: ObjectId,
  entries: readonly EntryFields[],
): Promise<{ created: number; updated: number }> {
  if (!entries.length) return { created: 0, updated: 0 };
  const now = new Date();
  const result = await (
    await pricing()
  ).priceListEntries.bulkWrite(
    entries.map((entry) => upsertOf(priceListId, entry, now)),
    { ordered: false },
  );
  return { created: result.upsertedCount, updated: result.matchedCount };
}

/** Writes one entry (created or replaced); answers it as stored. */
export async function upsertEntry(
  priceListId: ObjectId,
  entry: EntryFields,
): Promise<PriceListEntryDoc> {
  const { updateOne } = upsertOf(priceListId, entry, new Date());
  const options = { upsert: true, returnDocument: 'after' as const };
  const entries = (await pricing()).priceListEntries;
  try {
    return (await entries.findOneAndUpdate(updateOne.filter, updateOne.update, options))!;
  } catch (error) {
    // Two first writes at once: one inserted, the other now updates it.
    if ((error as { code?: number }).code !== 11000) throw error;
    return (await entries.findOneAndUpdate(updateOne.filter, updateOne.update, options))!;
  }
}

export async function deleteEntry(priceListId: ObjectId, productId: ObjectId): Promise<boolean> {
  const result = await (await pricing()).priceListEntries.deleteOne({ priceListId, productId });
  return result.deletedCount === 1;
}

/** Removes every entry of a list (after a list deleted while its import was written). */
export async function deleteEntriesOf(priceListId: ObjectId): Promise<void> {
  await (await pricing()).priceListEntries.deleteMany({ priceListId });
}

/** A page of a list's entries, by part number. */
export async function listEntries(
  priceListId: ObjectId,
  { skip, limit }: { skip: number; limit: number },
): Promise<{ items: PriceListEntryDoc[]; total: number }> {
  const { priceListEntries } = await pricing();
  const [items, total] = await Promise.all([
    priceListEntries
      .find({ priceListId })
      .sort({ sku: 1, _id: 1 })
      .skip(skip)
      .limit(limit)
      .toArray(),
    priceListEntries.countDocuments({ priceListId }),
  ]);
  return { items, total };
}

/** The entries of these products in a list: ONE query (`$in` on the unique index). */
export async function findEntries(
  priceListId: ObjectId,
  productIds: readonly ObjectId[],
): Promise<PriceListEntryDoc[]> {
  if (!productIds.length) return [];
  return (await pricing()).priceListEntries
    .find({ priceListId, productId: { $in: [...productIds] } })
    .toArray();
}

// ---- Assignments -----------------------------------------------------------------------------

export async function findAssignment(companyId: ObjectId): Promise<CompanyPriceListDoc | null> {
  return (await pricing()).companyPriceLists.findOne({ companyId });
}

/** Gives a company its list (one per company: the unique index makes two at once one). */
export async function saveAssignment(
  companyId: ObjectId,
  priceListId: ObjectId,
  by: ObjectId,
): Promise<void> {
  const update = {
    $set: { priceListId, assignedAt: new Date(), assignedBy: by },
    $setOnInsert: { _id: new ObjectId() },
  };
  const assignments = (await pricing()).companyPriceLists;
  try {
    await assignments.updateOne({ companyId }, update, { upsert: true });
  } catch (error) {
    if ((error as { code?: number }).code !== 11000) throw error;
    await assignments.updateOne({ companyId }, update, { upsert: true });
  }
}

export async function removeAssignment(companyId: ObjectId): Promise<void> {
  await (await pricing()).companyPriceLists.deleteOne({ companyId });
}

/** Removes the assignments to a list (given while the list was being deleted). */
export async function removeAssignmentsTo(priceListId: ObjectId): Promise<void> {
  await (await pricing()).companyPriceLists.deleteMany({ priceListId });
}

/** The companies buying at a list (ids), at most `limit`. */
export async function companiesOf(priceListId: ObjectId, limit: number): Promise<ObjectId[]> {
  const docs = await (
    await pricing()
  ).companyPriceLists
    .find({ priceListId }, { projection: { companyId: 1 } })
    .sort({ companyId: 1 })
    .limit(limit)
    .toArray();
  return docs.map((doc) => doc.companyId);
}
