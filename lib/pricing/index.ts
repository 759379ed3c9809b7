import 'server-only';
import { ObjectId } from 'mongodb';
import { findProduct, findProductsBySkus } from '@/lib/catalogue';
import { adminCompany, companyOfMember } from '@/lib/companies';
import type { Id } from '@/lib/core/ids';
import { centsToDollars, toCents } from '@/lib/core/money';
import { refuse, refuseFields } from '@/lib/core/refusal';
import { pageWindow } from '@/lib/core/validation/pagination';
import { BodyTooLargeError, readBounded } from '@/lib/security';
import type { PriceListDoc, PriceListEntryDoc } from './collections';
import {
  importLines,
  importMessages,
  judgeImportLines,
  tooManyImportLines,
  type ImportLineReport,
} from './import-lines';
import {
  basisPointsToPercent,
  DEFAULT_ENTRY_LIMIT,
  DEFAULT_PRICE_LIST_LIMIT,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_LINES,
  percentToBasisPoints,
} from './rules';
import type {
  CompanyPriceListView,
  ImportResult,
  Paged,
  PriceListDetail,
  PriceListEntryView,
  PriceListView,
} from './shared';
import { contractFor, type Contract } from './contract';
import * as store from './store';
import { memberPriceIds, memberPricesUnder, noMemberPrices } from './member-prices';
import {
  pricingMessages,
  type AssignPriceListInput,
  type CreatePriceListInput,
  type EntryInput,
  type PageQuery,
  type PriceListQuery,
  type UpdatePriceListInput,
} from './validation/price-lists';

/**
 * Price lists (issue 26, part 2): contract prices a store admin sets per company. The
 * feature's public face for server code. The resolution itself is `resolveUnitPrice`
 * (./resolve.ts, client-safe); `contractFor` gives it a company's contract.
 */

export type * from './shared';
export * from './resolve';
export * from './rules';
export * from './contract';

// ---- Views -----------------------------------------------------------------------------------

function listView(
  doc: PriceListDoc,
  counts: { entryCount: number; companyCount: number } = { entryCount: 0, companyCount: 0 },
): PriceListView {
  return {
    _id: doc._id.toHexString(),
    name: doc.name,
    validFrom: doc.validFrom?.toISOString() ?? null,
    validTo: doc.validTo?.toISOString() ?? null,
    percentOff:
      doc.percentOffBasisPoints === null ? null : basisPointsToPercent(doc.percentOffBasisPoints),
    ...counts,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

function entryView(doc: PriceListEntryDoc): PriceListEntryView {
  return {
    productId: doc.productId.toHexString(),
    sku: doc.sku,
    unitPrice: doc.unitPriceCents === null ? null : centsToDollars(doc.unitPriceCents),
    tiers:
      doc.tiers?.map((tier) => ({
        minQuantity: tier.minQuantity,
        unitPrice: centsToDollars(tier.unitPriceCents),
      })) ?? null,
    minQuantity: doc.minQuantity,
    multiple: doc.multiple,
    maxQuantity: doc.maxQuantity,
    updatedAt: doc.updatedAt.toISOString(),
  };
}

/** The list, or 404 `price_list.not_found`. */
async function existingList(id: Id): Promise<PriceListDoc> {
  const doc = await store.findPriceList(new ObjectId(id));
  if (!doc) throw refuse('price_list.not_found');
  return doc;
}

async function withCounts(doc: PriceListDoc): Promise<PriceListView> {
  return listView(doc, (await store.listCounts([doc._id])).get(doc._id.toHexString()));
}

// ---- Lists -----------------------------------------------------------------------------------

/**
 * `GET /api/admin/price-lists`: a page of lists, newest first; with `companyId`, the list that
 * company buys at (none or one).
 */
export async function adminPriceLists(query: PriceListQuery): Promise<Paged<PriceListView>> {
  const { page, limit, skip } = pageWindow(query, DEFAULT_PRICE_LIST_LIMIT);
  let found: { items: PriceListDoc[]; total: number };
  if (query.companyId !== undefined) {
    const assignment = await store.findAssignment(new ObjectId(query.companyId));
    const doc = assignment ? await store.findPriceList(assignment.priceListId) : null;
    found = { items: doc && skip === 0 ? [doc] : [], total: doc ? 1 : 0 };
  } else {
    found = await store.listPriceLists({ skip, limit });
  }
  const counts = await store.listCounts(found.items.map((doc) => doc._id));
  return {
    items: found.items.map((doc) => listView(doc, counts.get(doc._id.toHexString()))),
    page,
    pages: Math.max(1, Math.ceil(found.total / limit)),
    total: found.total,
  };
}

/** `POST /api/admin/price-lists`. */
export async function createPriceList(
  admin: { id: string },
  input: CreatePriceListInput,
): Promise<PriceListView> {
  const doc = await store.insertPriceList(
    {
      name: input.name,
      validFrom: input.validFrom ?? null,
      validTo: input.validTo ?? null,
      percentOffBasisPoints:
        input.percentOff == null ? null : percentToBasisPoints(input.percentOff),
    },
    new ObjectId(admin.id),
  );
  return listView(doc);
}

/** `GET /api/admin/price-lists/{id}`: the list with a page of its entries, by part number. */
export async function adminPriceList(id: Id, query: PageQuery): Promise<PriceListDetail> {
  const doc = await existingList(id);
  const { page, limit, skip } = pageWindow(query, DEFAULT_ENTRY_LIMIT);
  const [view, entries, companies] = await Promise.all([
    withCounts(doc),
    store.listEntries(doc._id, { skip, limit }),
    store.companiesOf(doc._id, 100),
  ]);
  return {
    ...view,
    entries: {
      items: entries.items.map(entryView),
      page,
      pages: Math.max(1, Math.ceil(entries.total / limit)),
      total: entries.total,
    },
    companyIds: companies.map((companyId) => companyId.toHexString()),
  };
}

/**
 * `PATCH /api/admin/price-lists/{id}`: name, dates, percentage (null clears one). The dates are
 * checked together with the stored ones (`to` not before `from`), and written only if the list
 * is still as read.
 */
export async function changePriceList(
  admin: { id: string },
  id: Id,
  input: UpdatePriceListInput,
): Promise<PriceListView> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const current = await existingList(id);
    const validFrom = input.validFrom === undefined ? current.validFrom : input.validFrom;
    const validTo = input.validTo === undefined ? current.validTo : input.validTo;
    if (validFrom && validTo && validTo.getTime() < validFrom.getTime()) {
      throw refuseFields({ validTo: [pricingMessages.toBeforeFrom] });
    }
    const fields: Parameters<typeof store.updatePriceList>[1] = {};
    if (input.name !== undefined) fields.name = input.name;
    if (input.validFrom !== undefined) fields.validFrom = input.validFrom;
    if (input.validTo !== undefined) fields.validTo = input.validTo;
    if (input.percentOff !== undefined) {
      fields.percentOffBasisPoints =
        input.percentOff === null ? null : percentToBasisPoints(input.percentOff);
    }
    const updated = await store.updatePriceList(current, fields, new ObjectId(admin.id));
    if (updated) return withCounts(updated);
  }
  throw refuse('price_list.busy');
}

/**
 * `DELETE /api/admin/price-lists/{id}`: the list, its entries, and the companies' assignments
 * to it (they buy at list prices from then on). Placed orders keep their prices.
 */
export async function removePriceList(
  id: Id,
): Promise<{ ok: true; entriesRemoved: number; companiesUnassigned: number }> {
  await existingList(id);
  const result = await store.deletePriceList(new ObjectId(id));
  return {
    ok: true,
    entriesRemoved: result.entriesRemoved,
    companiesUnassigned: result.companiesUnassigned,
  };
}

// ---- Entries ---------------------------------------------------------------------------------

/**
 * `PUT /api/admin/price-lists/{id}/entries/{productId}`: one product's contract price (a fixed
 * price or its own tiers) and its overrides, created or replaced.
 */
export async function setEntry(
  id: Id,
  productId: Id,
  input: EntryInput,
): Promise<PriceListEntryView> {
  const list = await existingList(id);
  const product = await findProduct(productId);
  if (!product) throw refuse('product.not_found');
  const doc = await store.upsertEntry(list._id, {
    productId: new ObjectId(productId),
    sku: product.sku ?? '',
    unitPriceCents: input.unitPrice === undefined ? null : toCents(input.unitPrice),
    tiers:
      input.tiers?.map((tier) => ({
        minQuantity: tier.minQuantity,
        unitPriceCents: toCents(tier.unitPrice),
      })) ?? null,
    minQuantity: input.minQuantity ?? null,
    multiple: input.multiple ?? null,
    maxQuantity: input.maxQuantity ?? null,
  });
  return entryView(doc);
}

/** `DELETE /api/admin/price-lists/{id}/entries/{productId}`. */
export async function removeEntry(id: Id, productId: Id): Promise<{ ok: true }> {
  const list = await existingList(id);
  if (!(await store.deleteEntry(list._id, new ObjectId(productId)))) {
    throw refuse('price_list.entry_not_found');
  }
  return { ok: true };
}

// ---- Import ----------------------------------------------------------------------------------

/** Multipart overhead allowed around the file of an upload (boundaries, part headers). */
const MULTIPART_OVERHEAD = 16 * 1024;

function tooLarge(): never {
  throw refuse('price_list.import_too_large', {
    params: { max: '2 MB' },
    details: { maxBytes: MAX_IMPORT_BYTES },
  });
}

/**
 * The CSV of an import: the body as it is (`text/csv`), or the `file` field of a
 * `multipart/form-data` upload. More than 2 MB is refused (422) before it is read further.
 */
export async function readImportText(request: Request): Promise<string> {
  const type = request.headers.get('content-type') ?? '';
  const multipart = /^multipart\/form-data/i.test(type);
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readBounded(request, MAX_IMPORT_BYTES + (multipart ? MULTIPART_OVERHEAD : 0));
  } catch (error) {
    if (error instanceof BodyTooLargeError) tooLarge();
    throw error;
  }
  if (!multipart) return new TextDecoder().decode(bytes);
  let file: FormDataEntryValue | null;
  try {
    file = (await new Response(bytes, { headers: { 'content-type': type } }).formData()).get(
      'file',
    );
  } catch {
    throw refuseFields({ file: [pricingMessages.fileUnreadable] });
  }
  if (file === null) throw refuseFields({ file: [pricingMessages.fileMissing] });
  if (typeof file === 'string') return file;
  if (file.size > MAX_IMPORT_BYTES) tooLarge();
  return file.text();
}

/** Lines reported on a refused import, at most (the count of all is given). */
const MAX_REPORTED_LINES = 1_000;

/**
 * `POST /api/admin/price-lists/{id}/entries/import`: every line is checked first (its numbers,
 * duplicates, its part number in the catalogue); when any is refused NOTHING is written and the
 * refusal (422 `price_list.import_refused`) reports each refused line; otherwise every entry is
 * written by ONE `bulkWrite` of upserts. Over 10,000 lines: 422 before any line is read.
 */
export async function importEntries(id: Id, text: string): Promise<ImportResult> {
  const list = await existingList(id);
  const lines = importLines(text);
  if (tooManyImportLines(lines.length)) {
    throw refuse('price_list.import_too_many_lines', {
      params: { max: MAX_IMPORT_LINES.toLocaleString('en-US'), count: lines.length },
      details: { maxLines: MAX_IMPORT_LINES, lines: lines.length },
    });
  }
  if (!lines.length) throw refuse('price_list.import_empty');
  const { rows, refused } = judgeImportLines(lines);
  const products = await findProductsBySkus(rows.map((row) => row.sku));
  const entries: store.EntryFields[] = [];
  for (const row of rows) {
    const product = products.get(row.sku.toLowerCase());
    if (!product) {
      refused.push({
        line: row.line,
        text: lines.find((line) => line.line === row.line)!.text.slice(0, 200),
        sku: row.sku,
        problems: [
          { field: 'sku', reason: 'unknown_part', message: importMessages.unknownPart(row.sku) },
        ],
      });
      continue;
    }
    entries.push({
      productId: new ObjectId(product._id),
      sku: product.sku ?? row.sku,
      unitPriceCents: row.unitPriceCents,
      tiers: null,
      minQuantity: row.minQuantity,
      multiple: row.multiple,
      maxQuantity: row.maxQuantity,
    });
  }
  if (refused.length) {
    const report: ImportLineReport[] = refused
      .sort((a, b) => a.line - b.line)
      .slice(0, MAX_REPORTED_LINES);
    throw refuse('price_list.import_refused', {
      params: { refused: refused.length, lines: lines.length },
      details: { lineCount: lines.length, refusedCount: refused.length, refused: report },
    });
  }
  const written = await store.upsertEntries(list._id, entries);
  // Deleted while the import was written: its entries go with it.
  if (!(await store.findPriceList(list._id))) {
    await store.deleteEntriesOf(list._id);
    throw refuse('price_list.not_found');
  }
  return { lineCount: lines.length, ...written };
}

// ---- Companies -------------------------------------------------------------------------------

/**
 * `PATCH /api/admin/companies/{companyId}` `{ priceListId }`: the company buys at this list
 * from now on (null: at list prices). 404 for an unknown company or list.
 */
export async function assignPriceList(
  admin: { id: string },
  companyId: Id,
  input: AssignPriceListInput,
): Promise<CompanyPriceListView> {
  await adminCompany(companyId);
  const _id = new ObjectId(companyId);
  if (input.priceListId === null) {
    await store.removeAssignment(_id);
    return { companyId, priceList: null };
  }
  const list = await store.findPriceList(new ObjectId(input.priceListId));
  if (!list) throw refuse('price_list.not_found');
  await store.saveAssignment(_id, list._id, new ObjectId(admin.id));
  // Deleted meanwhile: the assignment goes with it.
  if (!(await store.findPriceList(list._id))) {
    await store.removeAssignmentsTo(list._id);
    throw refuse('price_list.not_found');
  }
  return { companyId, priceList: { _id: list._id.toHexString(), name: list.name } };
}

// ---- The contract of a company: ./contract.ts ------------------------------------------------

/**
 * The contract a person buys at now: their company's (`contractFor`), or null for someone in no
 * company. Read afresh on every call, so a member who left a company, or a list unassigned or
 * out of its dates, stops pricing at once.
 */
export async function contractOfPerson(
  person: { id: string },
  productIds: readonly (Id | string)[],
  at: Date = new Date(),
): Promise<Contract | null> {
  const membership = await companyOfMember(person);
  return membership ? contractFor(membership.company._id.toHexString(), productIds, at) : null;
}

// ---- A member's own prices -------------------------------------------------------------------

/**
 * `GET /api/prices` (issue 26, part 4): the contract a signed-in person buys at, and their own
 * price of each of `productIds` that comes from it (`memberPricesUnder`, ./member-prices.ts):
 * the list (`contractOfPerson`, ONE query for the entries of every product) and the products
 * (ONE query) are read afresh on every call. Nothing for a guest (null), a person in no
 * company, or a company without a list valid at `at`. Per person: never cached, never part of a
 * shared page.
 */
export async function memberPrices(
  person: { id: string } | null,
  productIds: readonly string[],
  at: Date = new Date(),
) {
  if (!person) return noMemberPrices();
  const ids = memberPriceIds(productIds);
  return memberPricesUnder(await contractOfPerson(person, ids, at), ids, at);
}
