import { z } from 'zod';
import { operation, queryRefused, validationExample } from '@/lib/core/api/operation';
import { orderStatusFilterSchema, rejectOrderSchema } from '@/lib/orders/schemas';
import { orderId, orderResponseSchema, tag } from './order-api-parts';

/**
 * A company's orders and their approval (lib/orders/approvals.ts): the members' list of the
 * company's orders, the approvers' list, approving and rejecting.
 */

const ordersList = z.object({ items: z.array(orderResponseSchema) }).meta({
  id: 'OrderList',
  description: 'The orders; each names who placed it (`placedBy`, `userName`, `email`).',
});

/** GET /api/companies/me/orders?status=. */
export const companyOrdersQuerySchema = z.object({
  status: orderStatusFilterSchema.optional(),
});

const decisionErrors = [
  {
    key: 'order.not_found',
    when: 'no order has this id, or it is not an order of the caller’s company',
  },
  'company.not_allowed',
  'order.approve_own',
  {
    key: 'order.not_awaiting_approval',
    params: { status: 'unpaid' },
    details: { status: 'unpaid' },
    when: 'it was approved, rejected, withdrawn or lapsed already (of two approvers at once, the second)',
  },
] as const;

export const listCompanyOrdersOp = operation({
  method: 'get',
  path: '/api/companies/me/orders',
  operationId: 'listCompanyOrders',
  tag,
  summary: 'The orders of the caller’s company',
  description:
    'Every live order placed by a member of the caller’s company (or those in one `status`), newest first, with who placed each; for every role of the company (owner, approver, buyer, accounts). An order stays with the company when its placer leaves it.',
  access: 'user',
  params: { query: companyOrdersQuerySchema },
  responses: { 200: { description: 'The company’s orders.', json: ordersList } },
  errors: [
    'company.none',
    'company.not_allowed',
    queryRefused(companyOrdersQuerySchema, { status: 'lost' }),
  ],
});

export const listApprovalsOp = operation({
  method: 'get',
  path: '/api/approvals',
  operationId: 'listApprovals',
  tag,
  summary: 'Orders awaiting the approval of the caller’s company',
  description:
    'The orders of the caller’s company placed above their placer’s approval limit and not decided yet, oldest first, each holding its stock until `payBy` (APPROVAL_HOLD_HOURS after placing, default 72): for approvers and owners. The caller’s own orders are listed, but someone else must decide them.',
  access: 'user',
  responses: { 200: { description: 'The orders awaiting approval.', json: ordersList } },
  errors: ['company.none', 'company.not_allowed'],
});

export const approveOrderOp = operation({
  method: 'post',
  path: '/api/orders/{id}/approve',
  operationId: 'approveOrder',
  tag,
  summary: 'Approve an order of the company',
  description:
    'An approver or owner of the order’s company (not its placer) approves an order awaiting approval: it becomes `unpaid`, to be paid within its placer’s usual hold from now, and its buyer is mailed the pay link. Of two approvers at once, one wins; the other gets 409.',
  access: 'user',
  params: { path: z.object({ id: orderId }) },
  responses: { 200: { description: 'The order, now unpaid.', json: orderResponseSchema } },
  errors: [...decisionErrors],
});

export const rejectOrderOp = operation({
  method: 'post',
  path: '/api/orders/{id}/reject',
  operationId: 'rejectOrder',
  tag,
  summary: 'Reject an order of the company',
  description:
    'An approver or owner of the order’s company (not its placer) rejects an order awaiting approval with a reason: it is cancelled (`cancelReason: "rejected"`), its stock given back, and its buyer is mailed the reason.',
  access: 'user',
  params: { path: z.object({ id: orderId }) },
  body: {
    json: rejectOrderSchema,
    example: { reason: 'Over this quarter’s budget: order half now, half in January.' },
  },
  responses: { 200: { description: 'The order, now cancelled.', json: orderResponseSchema } },
  errors: [
    {
      code: 'validation_failed',
      when: 'the reason is missing, longer than 500 characters or has control characters',
      example: validationExample(rejectOrderSchema, { reason: '' }),
    },
    ...decisionErrors,
  ],
});

export const approvalOperations = [
  listCompanyOrdersOp,
  listApprovalsOp,
  approveOrderOp,
  rejectOrderOp,
] as const;
