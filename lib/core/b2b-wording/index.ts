import { approvalWording } from './approval';
import { billingWording } from './billing';
import { checkoutWording } from './checkout';
import { companyWording } from './company';
import { invitationsWording } from './invitations';
import { orderListWording } from './order-list';
import { quotesWording } from './quotes';

/**
 * What a person reads in the business flows (the order list, checkout, approval, invitations,
 * the company account, invoices and payments on account, quotes), flow by flow: one table, read
 * as a whole by someone who has never seen the store.
 */
export const b2bWording = {
  orderList: orderListWording,
  checkout: checkoutWording,
  approval: approvalWording,
  invitations: invitationsWording,
  company: companyWording,
  billing: billingWording,
  quotes: quotesWording,
} as const;
