import 'server-only';
import { canAccessOwned, type User } from '@/lib/accounts';
import { can, companyOfMember, type CompanyAction } from '@/lib/companies';
import type { ErrorKey } from '@/lib/core/error-messages';
import { refuse } from '@/lib/core/refusal';
import { goneFor } from './rules';
import { findOrder, type OrderRecord } from './store';

/** Who looks at an order: its buyer, a member of its company, or an admin. */
export type Viewer = Pick<User, 'id' | 'role'>;

/** What the viewer means to do with an order. */
export type OrderPurpose = 'view' | 'pay' | 'invoice' | 'cancel';

/**
 * What a company member other than the placer needs for each purpose, from the companies'
 * role table (lib/companies/roles.ts). Cancelling (a delete) is the placer's alone; an
 * approver or owner rejects instead.
 */
const COMPANY_ACTION_FOR: Record<OrderPurpose, CompanyAction | null> = {
  view: 'viewCompanyOrders',
  pay: 'payOrders',
  invoice: 'viewInvoices',
  cancel: null,
};

/**
 * Whether `viewer` may reach `order` for `purpose`:
 * - an admin may always;
 * - a company's order (it has `companyId`): only members of that company, as it is now (a
 *   member removed loses access at once, the order stays with the company): its placer for
 *   everything, other members as their role allows; anyone else is told it does not exist
 *   (`not_found`: another company's ids are not disclosed);
 * - a person's own order: its buyer (`canAccessOwned`), anyone else `forbidden`.
 */
export async function orderAccess(
  viewer: Viewer,
  order: Pick<OrderRecord, 'userId' | 'companyId'>,
  purpose: OrderPurpose,
): Promise<'ok' | 'not_found' | 'forbidden'> {
  if (viewer.role === 'admin') return 'ok';
  if (order.companyId) {
    const membership = await companyOfMember(viewer);
    if (!membership || membership.company._id.toHexString() !== order.companyId) {
      return 'not_found';
    }
    if (order.userId === viewer.id) return 'ok';
    const action = COMPANY_ACTION_FOR[purpose];
    return action && can(membership.member.role, action) ? 'ok' : 'forbidden';
  }
  return canAccessOwned(viewer, order) ? 'ok' : 'forbidden';
}

/**
 * The order with this id if the viewer may reach it for `purpose`: 404 when there is none (or
 * its buyer deleted it, for that buyer; or it is another company's), else `refusal` (403).
 */
export async function accessibleOrder(
  viewer: Viewer,
  id: string,
  refusal: ErrorKey = 'order.not_yours',
  purpose: OrderPurpose = 'view',
): Promise<OrderRecord> {
  const order = await findOrder(id);
  if (!order) throw refuse('order.not_found');
  const access = await orderAccess(viewer, order, purpose);
  if (access === 'not_found') throw refuse('order.not_found');
  if (access === 'forbidden') throw refuse(refusal);
  if (goneFor(viewer, order)) throw refuse('order.not_found');
  return order;
}
