import { ObjectId, type Db } from 'mongodb';
import type { ProductDoc } from '@/lib/catalogue';
import { minimumQuantityOf } from '@/lib/catalogue/shared';
import { can, type CompanyRole } from '@/lib/companies/shared';
import {
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  SEED_STAFF_ID,
  SEEDED,
  seededRandom,
  writeInBatches,
  type Seeded,
  type SeededRandom,
} from '@/lib/core/seed-data';
import { resolveUnitPrice, type ContractPricing } from '@/lib/pricing/shared';
import {
  collections,
  type ApprovalDoc,
  type InvoiceDetailsDoc,
  type OrderAccountDoc,
  type OrderDoc,
  type OrderHistoryEntry,
  type OrderLineDoc,
} from './collections';
import type { CancelReason, OrderStatus } from './lifecycle';
import { flatFieldsOf } from './store/lines';

/**
 * Generated order history for trying the store at scale (`npm run seed -- --orders N`,
 * scripts/lib/seed-scale.ts): N orders of one to twenty lines, placed over the last two years by
 * generated buyers, about seven in ten by members of generated companies (with the company, its
 * contract prices, its approval limits and, for companies on net terms, their latest orders on
 * account), the others by people on their own. Each order is stored as the store's own moves
 * would have left it: priced by the store's price resolution (`priceSource`), totals in integer
 * cents, its history from placing through approval, payment (a verified card payment with its
 * invoice number and frozen invoice details), processing, shipping (carrier and tracking) and
 * delivery, or cancelled (deleted, not paid in time, rejected, not approved in time); the status
 * is wherever that history has reached by now, so the recent orders are the open ones.
 *
 * History takes no stock: a generated order records that it holds none (`reserved: []`), so
 * no cancel or expiry ever gives stock back for it, and the products are never touched. Each is
 * marked `seeded`; a new run removes them first. Deterministic: the same options give the same
 * orders (their dates count back from the moment of the run).
 */

/** What a generated order needs of a product. */
export type SeedProduct = Pick<
  ProductDoc,
  | '_id'
  | 'name'
  | 'sku'
  | 'picture'
  | 'description'
  | 'minimumOrderQuantity'
  | 'availableQuantity'
  | 'orderMultiple'
  | 'priceCents'
  | 'priceTiers'
>;

/** A generated person who orders (a member of a company, or on their own). */
export interface SeedBuyer {
  _id: ObjectId;
  name: string;
  email: string;
}

/** A member of a generated company, with what their role and limit say. */
export interface SeedMember extends SeedBuyer {
  role: CompanyRole;
  approvalLimitCents: number | null;
}

/** A generated company as its orders see it. */
export interface SeedCompany {
  _id: ObjectId;
  name: string;
  taxId: string | null;
  billingAddress: string;
  /** Where its orders go (its shipping addresses). */
  addresses: readonly { address: string; phone: string }[];
  members: readonly SeedMember[];
  /** Its net terms, and how many of its latest orders are on account; null: it pays by card. */
  terms: { netDays: number; invoiceOn: 'shipment' | 'order'; accountOrders: number } | null;
  /** Its contract (price list), or null. */
  contract: {
    list: ContractPricing['list'];
    entries: ReadonlyMap<string, NonNullable<ContractPricing['entry']>>;
  } | null;
}

export interface SeedOrdersInput {
  count: number;
  now: Date;
  products: readonly SeedProduct[];
  /** People who order on their own. */
  individuals: readonly SeedBuyer[];
  companies: readonly SeedCompany[];
}

/**
 * The invoice on account of a generated order, for lib/billing to write: the order's lines,
 * total and PO number, when it was drawn and, if it was, paid (a store admin's recorded payment,
 * `reference`).
 */
export type SeedAccountInvoice = Pick<OrderDoc, 'totalCents'> &
  Pick<OrderAccountDoc, 'netDays'> & {
    invoiceId: ObjectId;
    orderId: ObjectId;
    companyId: ObjectId;
    number: string;
    lines: readonly OrderLineDoc[];
    poNumber: string | null;
    issuedAt: Date;
    paidAt: Date | null;
    reference: string | null;
  };

export interface SeedOrdersResult {
  orders: number;
  lines: number;
  statuses: Partial<Record<OrderStatus, number>>;
  invoices: SeedAccountInvoice[];
  /** The credit the open orders on account hold, by company id (hex). */
  credit: Map<string, { orderId: ObjectId; cents: number }[]>;
  /** When each company on account had its first order on account, by company id (hex). */
  firstOnAccount: Map<string, Date>;
}

/** The invoice numbers of generated orders: `INV-2026-S000042`, never one the store issues. */
export const SEEDED_INVOICE_NUMBER = /^INV-\d{4}-S\d{6,}$/;

/** How many people order on their own alongside `companies` companies for `orders` orders. */
export function individualBuyersFor(orders: number, companies: number): number {
  if (orders === 0) return 0;
  const wanted = Math.ceil(orders / 100);
  return Math.min(5_000, Math.max(companies > 0 ? 5 : 20, wanted));
}

const TWO_YEARS_MS = 730 * DAY_MS;
const BATCH = 1_000;
const CARRIERS = ['DHL Freight', 'UPS', 'DB Schenker', 'FedEx Freight', 'DPD', 'Kuehne+Nagel'];
const REJECTIONS = [
  'Over budget this quarter',
  'Ordered from another supplier',
  'Wrong part number, ordering again',
  'Project postponed',
];
const STREETS = ['High Street', 'Market Place', 'Chapel Lane', 'Park Road', 'Bridge Street'];
const TOWNS = ['York YO1 7HH', 'Bristol BS1 4DJ', 'Utrecht 3511', 'Graz 8010', 'Porto 4050-001'];

/** One order before its lines and history: who, for which company, when, and how paid. */
interface Draft {
  createdAt: Date;
  company: number;
  /** The member of `company`, or the individual (when `company` is -1). */
  buyer: number;
  onAccount: boolean;
}

/** Where the orders come from: who places each and when, and which are on account. */
function drafts(input: SeedOrdersInput, random: SeededRandom): Draft[] {
  const { companies, individuals, now } = input;
  const placers = companies.map((company) =>
    company.members.flatMap((member, index) => (can(member.role, 'placeOrders') ? [index] : [])),
  );
  const companyShare = individuals.length === 0 ? 1 : companies.length === 0 ? 0 : 0.7;
  const list: Draft[] = Array.from({ length: input.count }, () => {
    // More orders lately than two years ago, none in the last minute.
    const age = MINUTE_MS + (TWO_YEARS_MS - MINUTE_MS) * random.next() ** 1.4;
    const createdAt = new Date(now.getTime() - Math.round(age));
    if (random.chance(companyShare)) {
      const company = random.int(0, companies.length - 1);
      return { createdAt, company, buyer: random.pick(placers[company]!), onAccount: false };
    }
    return {
      createdAt,
      company: -1,
      buyer: random.int(0, individuals.length - 1),
      onAccount: false,
    };
  });
  // A company on net terms pays its latest orders on account: its terms are that recent.
  const byCompany = new Map<number, Draft[]>();
  for (const draft of list) {
    if (draft.company < 0 || !companies[draft.company]!.terms) continue;
    byCompany.set(draft.company, [...(byCompany.get(draft.company) ?? []), draft]);
  }
  for (const [company, own] of byCompany) {
    own.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    for (const draft of own.slice(0, companies[company]!.terms!.accountOrders)) {
      draft.onAccount = true;
    }
  }
  return list;
}

/** The lines of one order: distinct products, whole minimums, priced as the store prices them. */
function linesOf(
  random: SeededRandom,
  products: readonly SeedProduct[],
  contract: SeedCompany['contract'],
  at: Date,
): OrderLineDoc[] {
  const wanted = Math.min(
    products.length,
    random.weighted([
      [1, 52],
      [2, 18],
      [3, 10],
      [4, 7],
      [5, 5],
      [8, 4],
      [12, 3],
      [20, 1],
    ] as const),
  );
  const chosen = new Map<string, SeedProduct>();
  while (chosen.size < wanted) {
    const product = random.pick(products);
    chosen.set(product._id.toHexString(), product);
  }
  return [...chosen].map(([id, product]) => {
    const quantity =
      minimumQuantityOf(product) *
      random.weighted([
        [1, 40],
        [2, 20],
        [3, 10],
        [5, 10],
        [10, 10],
        [20, 6],
        [50, 4],
      ] as const);
    const { unitPriceCents, priceSource } = resolveUnitPrice({
      product,
      quantity,
      contract: contract ? { list: contract.list, entry: contract.entries.get(id) ?? null } : null,
      at,
    });
    return {
      productId: product._id,
      sku: product.sku ?? null,
      name: product.name,
      picture: product.picture,
      quantity,
      unitPriceCents,
      totalCents: quantity * unitPriceCents,
      priceSource,
    };
  });
}

const hex = (random: SeededRandom, length: number) =>
  Array.from({ length }, () => random.int(0, 15).toString(16)).join('');

/**
 * Generates and inserts the orders, in batches of 1,000 as they are made. Answers what was
 * written and what the invoices and terms of the companies on account need.
 */
export async function insertSeededOrders(
  db: Db,
  input: SeedOrdersInput,
): Promise<SeedOrdersResult> {
  const { now, companies, individuals } = input;
  const result: SeedOrdersResult = {
    orders: 0,
    lines: 0,
    statuses: {},
    invoices: [],
    credit: new Map(),
    firstOnAccount: new Map(),
  };
  if (input.count === 0 || input.products.length === 0) return result;
  const random = seededRandom(0x0_0d_e5_01);
  const products = new Map(input.products.map((product) => [product._id.toHexString(), product]));
  const homes = individuals.map(() => ({
    address: `${random.int(1, 180)} ${random.pick(STREETS)}, ${random.pick(TOWNS)}`,
    phone: `020${random.int(30_000_000, 89_999_999)}`,
  }));
  const invoiceSeq = new Map<number, number>();
  const invoiceNumber = (at: Date) => {
    const year = at.getUTCFullYear();
    const seq = (invoiceSeq.get(year) ?? 0) + 1;
    invoiceSeq.set(year, seq);
    return `INV-${year}-S${String(seq).padStart(6, '0')}`;
  };
  const after = (at: Date, min: number, max: number) =>
    new Date(at.getTime() + Math.round(random.between(min, max)));

  const build = (draft: Draft): OrderDoc & Seeded => {
    const company = draft.company >= 0 ? companies[draft.company]! : null;
    const buyer: SeedBuyer & { approvalLimitCents?: number | null } = company
      ? company.members[draft.buyer]!
      : individuals[draft.buyer]!;
    const delivery = company ? random.pick(company.addresses) : homes[draft.buyer]!;
    const createdAt = draft.createdAt;
    const lines = linesOf(random, input.products, company?.contract ?? null, createdAt);
    const flat = flatFieldsOf(lines, products)!;
    const poNumber = random.chance(company ? 0.6 : 0.15)
      ? `PO-${random.int(10_000, 99_999)}`
      : undefined;
    const terms = draft.onAccount ? company!.terms! : null;

    const history: OrderHistoryEntry[] = [];
    let status: OrderStatus = 'unpaid';
    const step = (
      to: OrderStatus,
      at: Date,
      by: OrderHistoryEntry['by'],
      note: string | null = null,
    ) => {
      history.push({ status: to, at, by, note });
      status = to;
    };
    let expiresAt = new Date(createdAt.getTime() + 48 * HOUR_MS);
    let cancelled: { at: Date; reason: CancelReason } | null = null;
    let approval: ApprovalDoc | undefined;
    let paid: { at: Date; transactionId: string } | null = null;
    let shipped: { carrier: string; trackingNumber: string } | null = null;
    let invoice: SeedAccountInvoice | null = null;
    /** Whether the order goes on from its last step (`at` the time of that step). */
    let goesOn = true;
    let at = createdAt;
    const opened = terms ? 'confirmed' : 'unpaid';

    // Placed; above its placer's approval limit, it waits for an approver first.
    const limit = company ? (buyer.approvalLimitCents ?? null) : null;
    if (limit !== null && flat.totalCents > limit) {
      step('awaiting_approval', at, buyer._id);
      approval = { limitCents: limit };
      expiresAt = new Date(at.getTime() + 72 * HOUR_MS);
      const approvers = company!.members.filter(
        (member) => can(member.role, 'approveOrders') && !member._id.equals(buyer._id),
      );
      const approver = random.pick(approvers);
      const fate = random.weighted([
        ['approved', 87],
        ['rejected', 10],
        ['lapsed', 3],
      ] as const);
      const decidedAt = fate === 'lapsed' ? expiresAt : after(at, 10 * MINUTE_MS, 30 * HOUR_MS);
      goesOn = false;
      if (decidedAt <= now) {
        if (fate === 'lapsed') {
          step('cancelled', decidedAt, 'system', 'Not approved in time');
          cancelled = { at: decidedAt, reason: 'approval_expired' };
        } else {
          Object.assign(approval, {
            decidedBy: approver._id,
            decidedByName: approver.name,
            decidedAt,
          });
          if (fate === 'rejected') {
            const reason = random.pick(REJECTIONS);
            approval.reason = reason;
            step('cancelled', decidedAt, approver._id, reason);
            cancelled = { at: decidedAt, reason: 'rejected' };
          } else {
            step(opened, decidedAt, approver._id);
            if (!terms) expiresAt = new Date(decidedAt.getTime() + 48 * HOUR_MS);
            at = decidedAt;
            goesOn = true;
          }
        }
      }
    } else {
      step(opened, at, buyer._id);
    }

    // Paid by card (a verified payment), deleted by its buyer, or not paid in time.
    if (goesOn && !terms) {
      const fate = random.weighted([
        ['paid', 88],
        ['deleted', 4],
        ['expired', 8],
      ] as const);
      const when =
        fate === 'paid'
          ? after(at, 2 * MINUTE_MS, 30 * HOUR_MS)
          : fate === 'deleted'
            ? after(at, 10 * MINUTE_MS, 40 * HOUR_MS)
            : expiresAt;
      goesOn = false;
      if (when <= now) {
        if (fate === 'paid') {
          paid = { at: when, transactionId: `pi_seed${hex(random, 20)}` };
          step('paid', when, 'stripe');
          at = when;
          goesOn = true;
        } else if (fate === 'deleted') {
          step('cancelled', when, buyer._id);
          cancelled = { at: when, reason: 'deleted' };
        } else {
          step('cancelled', when, 'system', 'Not paid in time');
          cancelled = { at: when, reason: 'expired' };
        }
      }
    }
    // On account: a few are cancelled before they are processed.
    if (goesOn && terms && terms.invoiceOn === 'shipment' && random.chance(0.03)) {
      const when = after(at, HOUR_MS, 20 * HOUR_MS);
      if (when <= now) {
        step('cancelled', when, buyer._id);
        cancelled = { at: when, reason: 'deleted' };
        goesOn = false;
      }
    }
    const issuedAt = terms?.invoiceOn === 'order' && goesOn ? at : null;
    let shippedAt: Date | null = null;
    // The warehouse: processing (most orders), shipped, delivered, as far as time has come.
    if (goesOn) {
      const moves: Array<{ to: OrderStatus; min: number; max: number }> = [];
      // `paid` and `confirmed` may go straight to `shipped`.
      if (random.chance(0.8)) moves.push({ to: 'processing', min: 2 * HOUR_MS, max: 48 * HOUR_MS });
      moves.push({ to: 'shipped', min: 4 * HOUR_MS, max: 72 * HOUR_MS });
      moves.push({ to: 'delivered', min: DAY_MS, max: 6 * DAY_MS });
      for (const { to, min, max } of moves) {
        const when = after(at, min, max);
        if (when > now) break;
        step(to, when, SEED_STAFF_ID);
        at = when;
        if (to === 'shipped') {
          shippedAt = when;
          shipped = {
            carrier: random.pick(CARRIERS),
            trackingNumber: `${random.pick(['JD', '1Z', 'TR'])}${hex(random, 14).toUpperCase()}`,
          };
        }
      }
    }
    const _id = new ObjectId();
    // On account: its invoice is drawn at ordering or shipment, and paid some time around its due date.
    const drawnAt = terms
      ? (issuedAt ?? (terms.invoiceOn === 'shipment' ? shippedAt : null))
      : null;
    if (terms && drawnAt) {
      const paidAt = after(drawnAt, terms.netDays * 0.3 * DAY_MS, terms.netDays * 1.1 * DAY_MS);
      const settled = paidAt <= now;
      const reference = settled ? `WIRE-${random.int(100_000, 999_999)}` : null;
      invoice = {
        invoiceId: new ObjectId(),
        orderId: _id,
        companyId: company!._id,
        number: invoiceNumber(drawnAt),
        lines,
        poNumber: poNumber ?? null,
        totalCents: flat.totalCents,
        netDays: terms.netDays,
        issuedAt: drawnAt,
        paidAt: settled ? paidAt : null,
        reference,
      };
      result.invoices.push(invoice);
      if (settled) paid = { at: paidAt, transactionId: `manual:${reference}` };
    }
    if (terms && !cancelled && !paid) {
      const key = company!._id.toHexString();
      result.credit.set(key, [
        ...(result.credit.get(key) ?? []),
        { orderId: _id, cents: flat.totalCents },
      ]);
    }
    if (terms) {
      const key = company!._id.toHexString();
      const first = result.firstOnAccount.get(key);
      if (!first || createdAt < first) result.firstOnAccount.set(key, createdAt);
    }

    const number = invoice ? invoice.number : paid ? invoiceNumber(paid.at) : undefined;
    const frozenAt = invoice ? invoice.issuedAt : paid?.at;
    const invoiceDetails: InvoiceDetailsDoc | undefined = frozenAt
      ? {
          name: buyer.name,
          email: buyer.email,
          company: company?.name ?? null,
          taxId: company?.taxId ?? null,
          ...(company ? { billingAddress: company.billingAddress } : {}),
          address: delivery.address,
          phone: delivery.phone,
          partNumber: flat.sku ?? null,
          frozenAt,
        }
      : undefined;
    const account: OrderAccountDoc | undefined = terms
      ? {
          netDays: terms.netDays,
          invoiceOn: terms.invoiceOn,
          creditCents: flat.totalCents,
          ...(invoice ? { invoiceDueAt: invoice.issuedAt, invoiceId: invoice.invoiceId } : {}),
          ...(invoice && paid ? { paidBy: 'admin' as const } : {}),
        }
      : undefined;

    result.orders += 1;
    result.lines += lines.length;
    result.statuses[status] = (result.statuses[status] ?? 0) + 1;
    return {
      _id,
      lines,
      // History takes no stock: nothing is ever given back for a generated order.
      reserved: [],
      ...flat,
      userId: buyer._id,
      userName: buyer.name,
      email: buyer.email,
      address: delivery.address,
      phone: delivery.phone,
      ...(poNumber ? { poNumber } : {}),
      ...(company ? { companyId: company._id, placedBy: buyer._id } : {}),
      ...(approval ? { approval } : {}),
      ...(account ? { account } : {}),
      status,
      history,
      paid: paid !== null,
      ...(paid
        ? {
            paidAt: paid.at,
            transactionId: paid.transactionId,
            ...(terms ? {} : { paymentIntentId: paid.transactionId }),
          }
        : {}),
      ...(number ? { invoiceNumber: number } : {}),
      ...(invoiceDetails ? { invoiceDetails } : {}),
      ...(shipped ?? {}),
      createdAt,
      expiresAt,
      ...(cancelled ? { cancelledAt: cancelled.at, cancelReason: cancelled.reason } : {}),
      ...SEEDED,
    };
  };

  const { orders } = collections(db);
  const list = drafts(input, random);
  function* documents() {
    for (const draft of list) yield build(draft);
  }
  await writeInBatches(documents(), BATCH, (batch) => orders.insertMany(batch, { ordered: false }));
  return result;
}

/**
 * Removes every generated order (whatever has become of it since). When the store holds no
 * other order, the collection is dropped and its indexes made again (seconds instead of a
 * minute for 100,000 orders); otherwise the generated ones are deleted one by one. (An order
 * placed in the instant between the look and the drop would go with them: the seed is run on
 * purpose, on a store being tried out, as the catalogue's reset is.)
 */
export async function deleteSeededOrders(db: Db): Promise<number> {
  const { orders } = collections(db);
  const other = await orders.findOne({ seeded: { $ne: true } }, { projection: { _id: 1 } });
  if (other) return (await orders.deleteMany(SEEDED)).deletedCount;
  const count = await orders.countDocuments(SEEDED);
  if (count === 0) return 0;
  await orders.drop();
  await Promise.all(
    collections.declared.orders.indexes.map((index) =>
      orders.createIndex(index.key, index.options),
    ),
  );
  return count;
}
