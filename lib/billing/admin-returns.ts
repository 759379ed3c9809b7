import 'server-only';
import { ObjectId } from 'mongodb';
import { findUserById, type User } from '@/lib/accounts';
import { companyNames } from '@/lib/companies';
import { formatShortDay } from '@/lib/core/dates';
import { refuse } from '@/lib/core/refusal';
import type { MoneyToReturnDoc } from './collections';
import { MONEY_TO_RETURN_SHOWN, type MoneyToReturn, type MoneyToReturnList } from './shared';
import { findMoneyToReturn, markMoneyReturned, moneyToReturnPage, returnedMoney } from './store';
import type { MoneyReturnedInput } from './validation/invoices';

/**
 * The store admin's side of money to return (returns.ts records it): the list the invoices page
 * and `GET /api/invoices` show, what is still to return and what was marked returned, and
 * marking an entry returned once the money went back to its payer (a refund at Stripe, a
 * cheque): one conditional update from `to_return`, recording when, by whom and their note.
 */

/** Who marked money returned, by name (an account removed since is said so). */
async function markedBy(docs: MoneyToReturnDoc[]): Promise<Map<string, string>> {
  const ids = [
    ...new Set(docs.flatMap((doc) => (doc.returnedBy ? [doc.returnedBy.toHexString()] : []))),
  ];
  const users = await Promise.all(ids.map(findUserById));
  return new Map(ids.map((id, index) => [id, users[index]?.name ?? 'a removed account']));
}

/** The entries as the admin reads them, with their company's name and who marked them. */
async function moneyViews(docs: MoneyToReturnDoc[]): Promise<MoneyToReturn[]> {
  const [companies, people] = await Promise.all([
    companyNames(docs.flatMap((doc) => (doc.companyId ? [doc.companyId.toHexString()] : []))),
    markedBy(docs),
  ]);
  return docs.map((doc) => {
    const by = doc.returnedBy?.toHexString();
    return {
      _id: doc._id.toHexString(),
      kind: doc.kind,
      orderId: doc.orderId?.toHexString() ?? null,
      invoiceId: doc.invoiceId?.toHexString() ?? null,
      invoiceNumber: doc.invoiceNumber,
      companyId: doc.companyId?.toHexString() ?? null,
      companyName: doc.companyId ? (companies.get(doc.companyId.toHexString()) ?? null) : null,
      amountCents: doc.amountCents,
      reference: doc.reference,
      receivedAt: doc.receivedAt.toISOString(),
      status: doc.status,
      returnedAt: doc.returnedAt?.toISOString() ?? null,
      returnedBy: by ? { id: by, name: people.get(by) ?? 'a removed account' } : null,
      returnNote: doc.returnNote || null,
    };
  });
}

/** The money still to be returned (newest first) and the latest marked returned. */
export async function moneyToReturnList(): Promise<MoneyToReturnList> {
  const [{ items, total, owedCents }, returned] = await Promise.all([
    moneyToReturnPage('to_return', { skip: 0, limit: MONEY_TO_RETURN_SHOWN }),
    returnedMoney(MONEY_TO_RETURN_SHOWN),
  ]);
  return {
    items: await moneyViews(items),
    count: total,
    totalCents: owedCents,
    returned: await moneyViews(returned),
  };
}

/**
 * `POST /api/admin/money-to-return/{id}/returned`: marks the money returned to its payer, once
 * (one conditional update from `to_return`), with when, by whom and the admin's note. 404
 * `billing.money_to_return_not_found` for an unknown id; 409 `billing.money_already_returned`
 * (saying when and by whom) when it was marked already, so a second click or a form sent twice
 * changes nothing.
 */
export async function markMoneyToReturnReturned(
  admin: Pick<User, 'id'>,
  id: string,
  input: MoneyReturnedInput,
  now: Date = new Date(),
): Promise<MoneyToReturn> {
  const marked = await markMoneyReturned(id, new ObjectId(admin.id), input.note ?? '', now);
  if (marked) return (await moneyViews([marked]))[0]!;
  const existing = await findMoneyToReturn(id);
  if (!existing) throw refuse('billing.money_to_return_not_found');
  const [view] = await moneyViews([existing]);
  throw refuse('billing.money_already_returned', {
    params: {
      day: existing.returnedAt ? formatShortDay(existing.returnedAt) : 'an earlier day',
      by: view!.returnedBy?.name ?? 'another admin',
    },
    details: { returnedAt: view!.returnedAt, returnedBy: view!.returnedBy },
  });
}
