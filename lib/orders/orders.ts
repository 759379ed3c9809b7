import 'server-only';
/**
 * The orders module: placing, viewing, paying, deleting and expiring an order, each a function
 * that decides every rule and answers with the errors of lib/core/messages.ts. Route handlers and
 * pages parse, authenticate, call one of these and answer; lib/orders/store/ holds the
 * queries, lib/orders/stripe.ts the Stripe calls, lib/orders/mails.ts the mails each change queues.
 *
 * One job per file: place-order.ts (placing), views.ts (viewing and the lists),
 * status-changes.ts (delete, cancel, move forward), order-payments.ts (preparing and recording a
 * payment), expiry.ts (expiring), payment.ts (the payment checked with Stripe).
 *
 * Functions that change an order take `origin`: where the links of the mails it queues start,
 * the store's origin (`linkOrigin()`, lib/security), passed by the caller.
 */

export { placeOrderFor, placeOrderOfLines, type Delivery } from './place-order';
export { checkoutCart, checkoutHolds, type CheckedOut } from './checkout';
export {
  allOrdersPage,
  type AllOrdersPage,
  myOrders,
  orderForPaymentPage,
  orderPage,
  ordersByEmail,
  viewOrder,
  type OrderPage,
  type StepActor,
} from './views';
export { changeOrderStatus, deleteOrder } from './status-changes';
export { preparePayment, recordPayment } from './order-payments';
export { applyPaymentEvent } from './payment';
export { bankAccountOf } from './bank-transfer-intents';
export {
  BANK_TRANSFER_HOLD_DAYS,
  bankTransferFor,
  bankTransferInstructions,
  type BankAccountDetails,
  type BankTransferInstructions,
} from './bank-transfer';
export {
  attachAccountInvoice,
  invoiceVoided,
  ordersAwaitingInvoice,
  ordersWithInvoiceToVoid,
  releaseAccountCredit,
  settleAccountOrder,
  type AccountPaymentProof,
  type SettleResult,
} from './account';
export { orderAccess, type OrderPurpose, type Viewer } from './access';
export {
  approvalForViewer,
  approveOrder,
  approvalsFor,
  companyOrdersFor,
  rejectOrder,
  type ApprovalForViewer,
  type OrderApprover,
} from './approvals';
export { membersWithMonth } from './spending';
export { EXPIRY_JOB, expireOrder, expireOverdueOrders } from './expiry';
export {
  isOverdue,
  orderCancelledMessage,
  orderExpiredMessage,
  UNVERIFIED_MAX_UNPAID_ORDERS,
} from './rules';
