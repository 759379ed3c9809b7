// The generated companies and order history of `npm run seed -- --orders N --companies N`: each
// feature writes its own documents (lib/<feature>/seed.ts); this puts them together in order
// (people and companies, terms and price lists, orders, their invoices) and hands each the
// ids and plans it needs from the others. Every run first removes what an earlier run
// generated (documents marked `seeded`, accounts under @seed.example, and what refers to
// them), and nothing else. Deterministic: the same options give the same data.
// Imported once the environment is loaded (lib/core/env reads it on import).
import type { Db } from 'mongodb';
import {
  deleteSeededPeople,
  insertSeededPeople,
  seededUserIds,
  type PersonSpec,
} from '@/lib/accounts/seed';
import { deleteSeededInvoices, insertSeededInvoices } from '@/lib/billing/seed';
import { productsForOrders } from '@/lib/catalogue/seed';
import {
  deleteSeededCompanies,
  insertSeededCompanies,
  planCompanies,
  seededCompanyIds,
} from '@/lib/companies/seed';
import { DAY_MS } from '@/lib/core/seed-data';
import { deleteSeededInvoicePdfs } from '@/lib/invoices/seed';
import {
  deleteSeededOrders,
  individualBuyersFor,
  insertSeededOrders,
  SEEDED_INVOICE_NUMBER,
  type SeedOrdersResult,
} from '@/lib/orders/seed';
import { deleteSeededPriceLists, insertSeededPriceLists } from '@/lib/pricing/seed';
import { deleteSeededTerms, insertSeededTerms, planTerms } from '@/lib/terms/seed';

export interface ScaleCounts {
  removed: { orders: number; companies: number; people: number };
  people: number;
  companies: number;
  members: number;
  onAccount: number;
  priceLists: number;
  orders: number;
  lines: number;
  statuses: SeedOrdersResult['statuses'];
  invoices: { open: number; paid: number };
}

/** Removes everything an earlier run generated; answers what was removed. */
export async function removeScaleData(db: Db): Promise<ScaleCounts['removed']> {
  const [companyIds, userIds] = await Promise.all([seededCompanyIds(db), seededUserIds(db)]);
  const orders = await deleteSeededOrders(db);
  await deleteSeededInvoicePdfs(db, SEEDED_INVOICE_NUMBER);
  await deleteSeededInvoices(db, companyIds);
  await deleteSeededTerms(db, companyIds);
  await deleteSeededPriceLists(db, companyIds);
  const companies = await deleteSeededCompanies(db, companyIds, userIds);
  const people = await deleteSeededPeople(db, userIds);
  return { orders, companies, people };
}

/**
 * Replaces the generated data with `companies` companies and `orders` orders over the products
 * in the catalogue now.
 */
export async function seedScaleData(
  db: Db,
  { orders = 0, companies = 0 }: { orders?: number; companies?: number },
  now = new Date(),
): Promise<ScaleCounts> {
  const removed = await removeScaleData(db);
  const plans = planCompanies(companies, now);
  const individuals = individualBuyersFor(orders, companies);
  const specs: PersonSpec[] = [
    ...plans.flatMap((plan) =>
      plan.members.map((member) => ({
        company: { name: plan.name, taxId: plan.taxId },
        since: member.joinedAt,
      })),
    ),
    ...Array.from({ length: individuals }, (_, index) => ({
      since: new Date(now.getTime() - (740 + (index % 300)) * DAY_MS),
    })),
  ];
  const people = await insertSeededPeople(db, specs);
  let next = 0;
  const membersOf = plans.map((plan) => plan.members.map(() => people[next++]!));
  const written = await insertSeededCompanies(db, plans, membersOf);

  const companyIds = plans.map((plan) => plan._id);
  const terms = planTerms(companyIds);
  const products = await productsForOrders(db);
  const priced = await insertSeededPriceLists(db, companyIds, products, now);
  const result = await insertSeededOrders(db, {
    count: orders,
    now,
    products,
    individuals: people.slice(next),
    companies: plans.map((plan, index) => {
      const key = plan._id.toHexString();
      const planned = terms.get(key);
      return {
        _id: plan._id,
        name: plan.name,
        taxId: plan.taxId,
        billingAddress: plan.billingAddress,
        addresses: plan.shippingAddresses,
        members: plan.members.map((member, n) => ({ ...membersOf[index]![n]!, ...member })),
        terms: planned
          ? {
              netDays: planned.netDays,
              invoiceOn: planned.invoiceOn,
              accountOrders: planned.accountOrders,
            }
          : null,
        contract: priced.contracts.get(key) ?? null,
      };
    }),
  });
  const invoices = await insertSeededInvoices(db, result.invoices, now);
  const since = new Map(
    [...result.firstOnAccount].map(([key, first]) => [key, new Date(first.getTime() - DAY_MS)]),
  );
  const onAccount = await insertSeededTerms(db, terms, result.credit, since, now);
  return {
    removed,
    people: people.length,
    companies: written.companies,
    members: written.members,
    onAccount,
    priceLists: priced.lists,
    orders: result.orders,
    lines: result.lines,
    statuses: result.statuses,
    invoices,
  };
}
