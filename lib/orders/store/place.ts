import 'server-only';
import { ObjectId } from 'mongodb';
import { findProductDocuments } from '@/lib/catalogue';
import type { OutboxEntry } from '@/lib/core/mail/outbox';
import { toObjectId } from '@/lib/core/db/ids';
import { faultPoint } from '@/lib/core/faults';
import { giveBackCredit, holdCredit } from '@/lib/terms';
import type { OrderDoc } from '../collections';
import { LostClaim, newClaim, releaseOrderStock, reserveOrderStock } from '../stock';
import { ordersCollection } from './collection';
import { flatFieldsOf } from './lines';
import type { Contract } from '@/lib/pricing';
import {
  lineRefusal,
  priceLines,
  type LinePricing,
  type LineToPlace,
  type RefusedLine,
} from './place-lines';
import { countUnpaidOrders, roomByHint } from './unpaid-count';
import { monthSpentBy, monthStartOf } from './company-orders';

export type { LineToPlace, RefusedLine } from './place-lines';

/**
 * Placing an order: the insert, the unpaid-orders cap (counted in unpaid-count.ts) and the stock
 * of every line (each line refused or priced in place-lines.ts).
 */

export type PlaceOrderResult =
  | { ok: true; insertedId: string; status: 'unpaid' | 'awaiting_approval' | 'confirmed' }
  | {
      ok: false;
      reason: 'credit_refused';
      refusal: 'not_enabled' | 'on_hold' | 'credit_limit_exceeded';
      availableCents: number;
      totalCents: number;
    }
  | { ok: false; reason: 'product_not_found' }
  | { ok: false; reason: 'below_minimum'; minimum: number; multiple?: number }
  | { ok: false; reason: 'quantity_refused'; line: RefusedLine }
  | { ok: false; reason: 'out_of_stock'; available: number }
  | { ok: false; reason: 'lines_refused'; lines: RefusedLine[] }
  | { ok: false; reason: 'total_too_large' }
  | { ok: false; reason: 'too_many_unpaid'; max: number }
  | { ok: false; reason: 'approval_unverified' }
  | { ok: false; reason: 'quote_already_ordered'; orderId: string }
  | { ok: false; reason: 'interrupted' };

/** The terms of an accepted quote an order is placed on (lib/quotes). */
export interface QuotedTerms {
  quoteId: string;
  reference: string;
  /** The quoted price of one unit, in cents: it replaces the product's price list. */
  unitPriceCents: number;
}

type PlaceOrderInput = {
  /** The lines, each product once, at most MAX_CART_LINES (checked by the caller). */
  lines: readonly LineToPlace[];
  address: string;
  phone: string;
  /** The buyer's purchase-order number, if any (validated: trimmed, non-empty). */
  poNumber?: string;
  user: { id: string; name: string; email: string };
  /** The most unpaid orders the buyer may hold. */
  maxUnpaid: number;
  /**
   * How long the order holds its stock unpaid, from now: stamped on it as `expiresAt`
   * (lib/orders/rules.ts `holdFor`, from the buyer's account when ordering).
   */
  holdMs: number;
  /**
   * Mails the new order carries in its `outbox` from its insert (lib/orders/mails.ts), held
   * until the caller releases them, so an order that is placed has them and one that is not
   * (refused, or stepped back over the cap) sends none.
   */
  outbox?: OutboxEntry[];
  /**
   * An order placed by accepting a quote: its lines carry the quoted unit prices instead of the
   * products' price lists, and the order the quote's id and reference (one order per quote: a
   * unique index refuses a second, answered as `quote_already_ordered`).
   */
  quote?: Pick<QuotedTerms, 'quoteId' | 'reference'>;
  /**
   * An order placed by a company member: the company, and the placer's approval limit in cents
   * (null: none). An order whose total is above the limit, or that takes the placer's calendar
   * month (UTC: their orders for the company not cancelled) over `monthlyLimitCents`, is
   * committed `awaiting_approval`, holding its stock for `holdMs` of `approval` instead, with
   * `approval.outbox` instead of `outbox` (the approvers' mail rather than the pay link). Such an
   * order is refused (`approval_unverified`, nothing taken) unless `approval.allowed` (a placer
   * whose email is verified): waiting for an approval is a hold of stock.
   */
  company?: {
    companyId: string;
    limitCents: number | null;
    monthlyLimitCents?: number | null;
    approval: { holdMs: number; outbox: OutboxEntry[]; allowed: boolean };
  };
  /**
   * An order on account (a company on net terms; needs `company`): its total is held against
   * the company's credit (lib/terms, one conditional update) before it is committed, and it is
   * committed `confirmed` instead of `unpaid` (or `awaiting_approval` above the placer's limit,
   * holding the credit all the same). Refused credit undoes the placement. `outbox` are its
   * mails instead of the pay link.
   */
  account?: { netDays: number; invoiceOn: 'shipment' | 'order'; outbox: OutboxEntry[] };
  /**
   * The buyer's company contract (lib/pricing `contractFor`, read for these lines' products):
   * its quantity overrides and prices apply to every line not on a quote. Absent: none.
   */
  contract?: Contract | null;
};

/** How many times an order that met a full cap in a burst tries again. */
const CAP_ATTEMPTS = 3;

/**
 * Places an order of one or many lines, all or nothing (lib/orders/stock.ts):
 *
 * 1. The products are read once: a line whose product is gone, below its minimum or above the
 *    stock is refused before anything is written.
 * 2. The order is inserted in `reserving` with its intended lines and a claim; then the buyer's
 *    unpaid orders (those being placed included) are counted: over the cap, the order is
 *    removed again before any stock was taken. Of any number of concurrent orders the last one
 *    inserted sees all of them, so the cap can never be exceeded. Orders of a burst may all see
 *    each other and all step back; each tries again after a random pause (a few times).
 * 3. Each line's stock is taken by ONE conditional update of its product (`availableQuantity
 *    >= quantity`), so concurrent buyers can never take a stock below zero, and recorded on the
 *    order. When a line is short, the lines taken are given back and the order removed, and the
 *    answer says which lines were short and what is available.
 * 4. Each line is priced from the very document its stock was taken from (the unit price of its
 *    volume tier, lib/catalogue/pricing.ts, or the quoted price), the order's total is the sum
 *    of its lines in integer cents, and the order is committed `unpaid` with its lines, its
 *    flat fields (lib/orders/store/lines.ts) and its first history entry.
 *
 * A crash anywhere leaves a `reserving` order that the stock sweep undoes exactly.
 */
export async function placeOrder(input: PlaceOrderInput): Promise<PlaceOrderResult> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await placeOrderOnce(input);
    if (result.ok || result.reason !== 'too_many_unpaid' || attempt === CAP_ATTEMPTS) {
      return result;
    }
    await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40 * attempt));
  }
}

/** A refusal of the whole order from refused lines: as a one-line order always answered. */
function refusedLines(lines: RefusedLine[], single: boolean): PlaceOrderResult {
  const [line] = lines;
  if (single && line) {
    if (line.reason === 'not_found') return { ok: false, reason: 'product_not_found' };
    if (line.reason === 'below_minimum')
      return {
        ok: false,
        reason: 'below_minimum',
        minimum: line.minimum!,
        multiple: line.multiple,
      };
    if (line.reason === 'out_of_stock') {
      return { ok: false, reason: 'out_of_stock', available: line.available! };
    }
    return { ok: false, reason: 'quantity_refused', line };
  }
  return { ok: false, reason: 'lines_refused', lines };
}

/** One try of `placeOrder`: check, insert, count, take the stock, price and commit. */
async function placeOrderOnce(input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const single = input.lines.length === 1;
  const ids = input.lines.map((line) => toObjectId(line.productId));
  if (single && !ids[0]) return { ok: false, reason: 'product_not_found' };
  const buyerId = new ObjectId(input.user.id);
  const orders = await ordersCollection();
  const max = input.maxUnpaid;
  // The quick check: a buyer at the cap is refused without touching the stock. Skipped when the
  // last count this process read for them left room (most orders), which saves a count per order;
  // the count after the insert below holds the cap either way.
  if (!roomByHint(buyerId, max) && (await countUnpaidOrders(buyerId)) >= max) {
    return { ok: false, reason: 'too_many_unpaid', max };
  }

  const known = await findProductDocuments(ids.filter((id): id is ObjectId => id !== null));
  const refused = input.lines.flatMap((line, index) => {
    const refusal = lineRefusal(
      line.productId,
      line.quantity,
      ids[index] ? known.get(ids[index].toHexString()) : undefined,
      { quoted: line.quotedUnitPriceCents !== undefined, contract: input.contract ?? null },
    );
    return refusal ? [refusal] : [];
  });
  if (refused.length) return refusedLines(refused, single);
  const lines = input.lines.map((line, index) => ({ ...line, _id: ids[index]! }));

  // The intended lines, priced as the products are now; priced again as their stock is taken.
  const createdAt = new Date();
  const pricing: LinePricing = {
    contract: input.contract ?? null,
    at: createdAt,
    ...(input.quote ? { quoteReference: input.quote.reference } : {}),
  };
  const intended = priceLines(lines, known, pricing);
  if (intended === 'too_large') return { ok: false, reason: 'total_too_large' };
  if (!Array.isArray(intended)) return refusedLines([intended], single);
  const flat = flatFieldsOf(intended, known);
  if (!flat) return { ok: false, reason: 'total_too_large' };

  const company = input.company;
  const overLimit = (totalCents: number) =>
    company !== undefined && company.limitCents !== null && totalCents > company.limitCents;
  // The placer's month: what it comes to with this order, when they have a monthly limit.
  const monthly = company?.monthlyLimitCents ?? null;
  const monthStart = monthStartOf(createdAt);
  const monthWith = async (orderCents: number, self: boolean) =>
    ((await monthSpentBy(new ObjectId(company!.companyId), [buyerId], monthStart)).get(
      buyerId.toHexString(),
    ) ?? 0) + (self ? 0 : orderCents);
  const overMonth = (monthCents: number) => monthly !== null && monthCents > monthly;
  const monthBefore = monthly !== null ? await monthWith(flat.totalCents, false) : 0;
  const awaiting = overLimit(flat.totalCents) || overMonth(monthBefore);
  if (awaiting && !company!.approval.allowed) return { ok: false, reason: 'approval_unverified' };
  const approvalDoc = (totalCents: number, monthCents: number) => ({
    limitCents: company!.limitCents,
    ...(overMonth(monthCents) && !overLimit(totalCents)
      ? { month: { limitCents: monthly!, totalCents: monthCents } }
      : {}),
  });
  const account = company ? input.account : undefined;
  const outbox = awaiting ? company!.approval.outbox : (account?.outbox ?? input.outbox);
  const claim = newClaim(createdAt);
  const quote = input.quote;
  const holdMs = awaiting ? company!.approval.holdMs : input.holdMs;
  const doc: OrderDoc = {
    _id: new ObjectId(),
    lines: intended,
    reserved: [],
    stockMarkers: true,
    claim,
    ...flat,
    userId: buyerId,
    userName: input.user.name,
    email: input.user.email,
    address: input.address,
    phone: input.phone,
    ...(input.poNumber ? { poNumber: input.poNumber } : {}),
    ...(company ? { companyId: new ObjectId(company.companyId), placedBy: buyerId } : {}),
    ...(awaiting ? { approval: approvalDoc(flat.totalCents, monthBefore) } : {}),
    ...(account
      ? {
          account: {
            netDays: account.netDays,
            invoiceOn: account.invoiceOn,
            creditCents: flat.totalCents,
          },
        }
      : {}),
    status: 'reserving',
    history: [],
    paid: false,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + holdMs),
    ...(outbox?.length ? { outbox } : {}),
    ...(quote ? { quoteId: new ObjectId(quote.quoteId), quoteReference: quote.reference } : {}),
  };
  try {
    await orders.insertOne(doc);
  } catch (error) {
    if (quote && (error as { code?: number }).code === 11000) {
      const existing = await orders.findOne({ quoteId: new ObjectId(quote.quoteId) });
      if (existing && existing.status !== 'reserving') {
        return { ok: false, reason: 'quote_already_ordered', orderId: existing._id.toHexString() };
      }
      if (existing) return { ok: false, reason: 'interrupted' };
    }
    throw error;
  }
  await faultPoint('place:after-insert');
  // Never seen by anyone and holding no stock yet: removed, not cancelled.
  const remove = () =>
    orders.deleteOne({ _id: doc._id, status: 'reserving', 'claim.token': claim.token });
  if ((await countUnpaidOrders(buyerId)) > max) {
    await remove();
    return { ok: false, reason: 'too_many_unpaid', max };
  }

  try {
    const reserved = await reserveOrderStock(
      doc._id,
      claim.token,
      lines.map((line) => ({ productId: line._id, quantity: line.quantity })),
    );
    if (!reserved.ok) {
      await remove();
      return refusedLines(
        reserved.short.map((line) => ({
          productId: line.productId.toHexString(),
          quantity: line.quantity,
          reason: line.missing ? 'not_found' : 'out_of_stock',
          available: line.available,
        })),
        single,
      );
    }
    // Priced from the documents the stock was taken from (a price changed meanwhile counts).
    const final = priceLines(lines, reserved.products, pricing);
    const finalFlat = Array.isArray(final) ? flatFieldsOf(final, reserved.products) : null;
    if (!Array.isArray(final) || !finalFlat) {
      await releaseOrderStock(
        doc,
        lines.map((line) => ({ productId: line._id, quantity: line.quantity })),
      );
      await remove();
      return final === 'too_large' || Array.isArray(final)
        ? { ok: false, reason: 'total_too_large' }
        : refusedLines([final], single);
    }
    if (account) {
      // The credit, held for the final total; a crash from here on leaves a `reserving` order
      // carrying `account`, whose credit the stock sweep gives back with its stock.
      const credit = await holdCredit(
        company!.companyId,
        doc._id.toHexString(),
        finalFlat.totalCents,
      );
      if (!credit.ok) {
        await releaseOrderStock(
          doc,
          lines.map((line) => ({ productId: line._id, quantity: line.quantity })),
        );
        await remove();
        return {
          ok: false,
          reason: 'credit_refused',
          refusal: credit.reason,
          availableCents: credit.availableCents,
          totalCents: finalFlat.totalCents,
        };
      }
      await faultPoint('place:after-credit');
    }
    await faultPoint('place:before-commit');
    // A price raised meanwhile above the placer's limit needs the approval all the same, and so
    // does an order whose month, counted again with this order and any placed at the same moment
    // in it, is over the monthly limit (its approvers find it in their list; the mail queued was
    // the pay link, which is not sent for an order awaiting approval).
    const monthAfter =
      monthly !== null ? (await monthWith(0, true)) - flat.totalCents + finalFlat.totalCents : 0;
    const lateApproval = !awaiting && (overLimit(finalFlat.totalCents) || overMonth(monthAfter));
    if (lateApproval && !company!.approval.allowed) {
      await releaseOrderStock(
        doc,
        lines.map((line) => ({ productId: line._id, quantity: line.quantity })),
      );
      if (account) await giveBackCredit(company!.companyId, doc._id.toHexString());
      await remove();
      return { ok: false, reason: 'approval_unverified' };
    }
    const status =
      awaiting || lateApproval ? 'awaiting_approval' : account ? 'confirmed' : 'unpaid';
    const { matchedCount } = await orders.updateOne(
      { _id: doc._id, status: 'reserving', 'claim.token': claim.token },
      {
        $set: {
          ...finalFlat,
          lines: final,
          status,
          history: [{ status, at: createdAt, by: buyerId, note: null }],
          ...(account
            ? {
                account: {
                  netDays: account.netDays,
                  invoiceOn: account.invoiceOn,
                  creditCents: finalFlat.totalCents,
                  ...(status === 'confirmed' && account.invoiceOn === 'order'
                    ? { invoiceDueAt: createdAt }
                    : {}),
                },
              }
            : {}),
          ...(lateApproval
            ? {
                approval: approvalDoc(finalFlat.totalCents, monthAfter),
                expiresAt: new Date(createdAt.getTime() + company!.approval.holdMs),
              }
            : {}),
        },
        $unset: { claim: '' },
      },
    );
    if (matchedCount !== 1) throw new LostClaim();
    return { ok: true, insertedId: doc._id.toHexString(), status };
  } catch (error) {
    if (error instanceof LostClaim) {
      // The stock sweep took the order over and undid it: the credit held here goes back too.
      if (account) await giveBackCredit(company!.companyId, doc._id.toHexString());
      return { ok: false, reason: 'interrupted' };
    }
    throw error;
  }
}
