import { ObjectId, type Db } from 'mongodb';
import { DAY_MS, SEED_STAFF_ID, SEEDED, seededRandom, type Seeded } from '@/lib/core/seed-data';
import { collections, type PaymentTermsDoc } from './collections';
import {
  DEFAULT_HOLD_AFTER_DAYS_OVERDUE,
  NET_DAYS,
  type InvoiceMoment,
  type NetDays,
} from './rules';

/**
 * Payment terms of generated companies (`npm run seed -- --companies N`,
 * scripts/lib/seed-scale.ts): two in five are on net terms, as a store admin sets them
 * (net 15-60 days, invoiced at shipment or at ordering, a credit limit). Their exposure is what
 * their generated orders on account hold (`creditOrders`), written once those orders are made,
 * with a limit that leaves room for more. Marked `seeded`; a new run removes them first.
 */

/** A generated company's net terms, chosen before its orders are made. */
export interface TermsPlan {
  netDays: NetDays;
  invoiceOn: InvoiceMoment;
  /** How many of the company's latest orders are on account (its terms are that recent). */
  accountOrders: number;
  /** The credit limit it was given, before its orders are known (raised if they need more). */
  creditLimitCents: number;
}

/** The terms of the companies that are on account, by company id (hex). */
export function planTerms(companyIds: readonly ObjectId[]): Map<string, TermsPlan> {
  const random = seededRandom(0x7e_0001);
  const plans = new Map<string, TermsPlan>();
  companyIds.forEach((id, index) => {
    // Two companies in every five.
    if (index % 5 >= 2) return;
    plans.set(id.toHexString(), {
      netDays: random.pick(NET_DAYS),
      invoiceOn: random.chance(0.8) ? 'shipment' : 'order',
      accountOrders: random.int(3, 5),
      creditLimitCents: random.pick([5_000_000, 10_000_000, 25_000_000, 50_000_000]),
    });
  });
  return plans;
}

/** The credit an order on account holds. */
export interface HeldCredit {
  orderId: ObjectId;
  cents: number;
}

/**
 * Writes the planned terms: `held` by company id (hex) is the credit its open orders on account
 * hold, and `since` when its terms were set (before its first order on account). The limit is
 * raised to a round figure above twice what is held when the plan's is too small.
 */
export async function insertSeededTerms(
  db: Db,
  plans: ReadonlyMap<string, TermsPlan>,
  held: ReadonlyMap<string, readonly HeldCredit[]>,
  since: ReadonlyMap<string, Date>,
  now: Date,
): Promise<number> {
  const docs: Array<PaymentTermsDoc & Seeded> = [...plans].map(([companyId, plan]) => {
    const creditOrders = [...(held.get(companyId) ?? [])];
    const exposureCents = creditOrders.reduce((sum, entry) => sum + entry.cents, 0);
    const needed = Math.ceil((exposureCents * 2) / 1_000_000) * 1_000_000;
    return {
      _id: new ObjectId(),
      companyId: new ObjectId(companyId),
      mode: 'net',
      netDays: plan.netDays,
      creditLimitCents: Math.max(plan.creditLimitCents, needed),
      invoiceOn: plan.invoiceOn,
      holdAfterDaysOverdue: DEFAULT_HOLD_AFTER_DAYS_OVERDUE,
      exposureCents,
      creditOrders,
      onHold: false,
      updatedAt: since.get(companyId) ?? new Date(now.getTime() - 30 * DAY_MS),
      updatedBy: SEED_STAFF_ID,
      ...SEEDED,
    };
  });
  if (docs.length) await collections(db).paymentTerms.insertMany(docs, { ordered: false });
  return docs.length;
}

/** Removes the terms of the generated companies (and any other generated terms). */
export async function deleteSeededTerms(db: Db, companyIds: readonly ObjectId[]): Promise<void> {
  await collections(db).paymentTerms.deleteMany({
    $or: [SEEDED, { companyId: { $in: [...companyIds] } }],
  });
}
