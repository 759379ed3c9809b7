import 'server-only';
import { ObjectId } from 'mongodb';
import { companyOfMember, listMembers, type CompanyMemberWithMonth } from '@/lib/companies';
import { refuse } from '@/lib/core/refusal';
import { monthSpentBy, monthStartOf } from './store';

/**
 * What a company's members spend in a calendar month (UTC): the orders each placed for the
 * company this month and not cancelled (awaiting approval included), the figure their monthly
 * limit (`monthlyLimitCents`) is checked against when they order (lib/orders/store/place.ts).
 */

/**
 * `GET /api/companies/me/members`: every member of the caller's company (lib/companies), each
 * with what their orders of this month total so far. 404 `company.none` without a company.
 */
export async function membersWithMonth(
  person: { id: string },
  now = new Date(),
): Promise<{ items: CompanyMemberWithMonth[] }> {
  const membership = await companyOfMember(person);
  if (!membership) throw refuse('company.none');
  const { items } = await listMembers(person);
  const spent = await monthSpentBy(
    membership.company._id,
    items.map((member) => new ObjectId(member.userId)),
    monthStartOf(now),
  );
  return {
    items: items.map((member) => ({ ...member, monthSpentCents: spent.get(member.userId) ?? 0 })),
  };
}
