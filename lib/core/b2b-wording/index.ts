import { approvalWording } from './approval';
import { checkoutWording } from './checkout';
import { invitationsWording } from './invitations';
import { orderListWording } from './order-list';

/**
 * What a person reads in the business flows (the order list, checkout, approval, invitations),
 * flow by flow: one table, read as a whole by someone who has never seen the store.
 */
export const b2bWording = {
  orderList: orderListWording,
  checkout: checkoutWording,
  approval: approvalWording,
  invitations: invitationsWording,
} as const;
