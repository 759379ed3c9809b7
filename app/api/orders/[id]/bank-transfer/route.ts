import { handle } from '@/lib/api/handle';
import { companyCustomerForPayment } from '@/lib/billing';
import { bankTransferFor } from '@/lib/orders';
import { bankTransferOp } from '@/lib/orders/api';

/**
 * POST /api/orders/{id}/bank-transfer: the bank account and reference to pay the order by
 * transfer (lib/orders/bank-transfer.ts decides who may and creates the intent once). A company
 * order is paid from the company's Stripe customer, billing's (made from the company).
 */
export const POST = handle(bankTransferOp, ({ user, params }) =>
  bankTransferFor(user, params.id, { company: companyCustomerForPayment }),
);
