/**
 * The orders store: every read and write of the orders collection, one job per file (records:
 * the order as pages see it; place: placing; reads: queries; cancel: cancelling and restocking;
 * payment: payment and invoice-number writes; deadline: when an unpaid order runs out;
 * company-orders: a company's orders).
 */
export type { Order, OrderApproval, OrderHistoryStep, OrderLine, OrderRecord } from './records';
export { orderRecord, publicOrder } from './records';
export { payByOf } from './deadline';
export type { LineToPlace, PlaceOrderResult, QuotedTerms, RefusedLine } from './place';
export { flatFieldsOf, linesOf, multiLineName } from './lines';
export { placeOrder } from './place';
export type { OrderDateBounds } from './reads';
export {
  allOrdersFilter,
  buyerMayBeMailed,
  findOrder,
  findOverdueOrders,
  listAllOrders,
  listOrdersByEmail,
  listOrdersByUser,
} from './reads';
export { cancelOverdueOrder, cancelUnpaidOrder } from './cancel';
export {
  attachBankTransferIntent,
  attachPaymentIntent,
  markOrderPaid,
  recordBankTransferFunding,
  setInvoiceNumbers,
} from './payment';
export type { CompanyOrderRow } from './company-orders';
export {
  listAwaitingApproval,
  listCompanyOrders,
  monthSpentBy,
  monthStartOf,
  OPEN_STATUSES,
  openOrderCountsByCompany,
  recentCompanyOrders,
} from './company-orders';
