import { z } from 'zod';
import {
  allOrdersQuerySchema,
  DEFAULT_ORDER_PAGE_LIMIT,
  orderStatusChangeSchema,
  recordPaymentSchema,
} from '@/lib/orders/schemas';
import { emailPath, operation, queryRefused, validationExample } from '@/lib/core/api/operation';
import { MAX_PAGE_LIMIT } from '@/lib/core/validation/pagination';
import {
  expired,
  invalidTransition,
  orderId,
  orderResponseSchema,
  sharedSegment,
  tag,
} from './order-api-parts';
import { checkoutOp, placeOrderOp, reorderOp } from './checkout-api';

/**
 * The orders' API declarations (lib/core/api/operation.ts): placing orders in checkout-api.ts,
 * the order's own endpoints here (their shared parts in order-api-parts.ts), card payments in
 * payments-api.ts, quick order in quick-order-api.ts. Route files in app/api import them from
 * this file, the feature's API face.
 */
export * from './checkout-api';
export * from './payments-api';
export * from './quick-order-api';
export * from './approvals-api';
export { orderLineResponseSchema, orderResponseSchema, unpaidCapErrors } from './order-api-parts';

/** Orders: listing, viewing, deleting, changing and recording a card payment (lib/orders). */

export const listOrdersByEmailOp = operation({
  method: 'get',
  path: '/api/order/{emailOrId}',
  operationId: 'listOrdersByEmail',
  tag,
  summary: "A buyer's orders",
  description:
    "Your own orders (by your account, never by the email alone), or any email's orders for an admin. Cancelled orders (deleted, cancelled by the store, or expired unpaid) are not listed. The specification serves `GET /order/{email}` and `DELETE`/`PATCH /order/{id}` under one path; here the segment is an email.",
  access: 'user',
  scope: 'self-or-admin',
  params: { path: z.object({ emailOrId: emailPath("The buyer's email.") }) },
  responses: {
    200: { description: 'The orders, newest first.', json: z.array(orderResponseSchema) },
  },
  errors: ['auth.own_account_only'],
});

export const deleteOrderOp = operation({
  method: 'delete',
  path: '/api/order/{emailOrId}',
  operationId: 'deleteOrder',
  tag,
  summary: 'Delete (cancel) an unpaid order',
  description: `Its buyer or an admin cancels an unpaid order: its quantity goes back to the stock and its payment intent is cancelled at Stripe. The order is kept, with \`status: "cancelled"\`, for the back office (GET /api/allOrder?status=cancelled): deleted by its buyer (\`cancelReason: "deleted"\`, and from then on 404 to that buyer, as gone) or cancelled by the store (\`cancelled_by_store\`). ${sharedSegment}`,
  access: 'user',
  scope: 'owner-or-admin',
  params: { path: z.object({ emailOrId: orderId }) },
  responses: {
    200: {
      description: 'The order was cancelled.',
      json: z.object({ deletedCount: z.literal(1) }),
    },
  },
  errors: [
    {
      key: 'order.not_found',
      when: 'no order has this id, or its buyer deleted it already (to that buyer)',
    },
    'order.not_yours',
    'order.paid_cannot_delete',
    'order.cancelled',
    expired,
    'order.payment_in_progress',
    invalidTransition(
      'paid',
      'cancelled',
      'the order changed meanwhile (paid, or cancelled by someone else)',
    ),
    'payment.unreachable',
  ],
});

export const recordPaymentOp = operation({
  method: 'patch',
  path: '/api/order/{emailOrId}',
  operationId: 'recordPayment',
  tag,
  summary: 'Record a card payment',
  description: `Reports the PaymentIntent that paid the order. The server retrieves it from Stripe: the order turns paid (\`status: "paid"\`, with its \`paidAt\` and invoice number) only when the intent succeeded, is the one stored on this order and carries its amount. Reporting the same payment again answers the order again. ${sharedSegment}`,
  access: 'user',
  scope: 'owner-or-admin',
  params: { path: z.object({ emailOrId: orderId }) },
  body: {
    json: recordPaymentSchema,
    example: { order: '66a1f0c2e4b0a1b2c3d4e5f6', transactionId: 'pi_3PZxYz2eZvKYlo2C1a2b3c4d' },
  },
  responses: { 200: { description: 'The order, paid.', json: orderResponseSchema } },
  errors: [
    {
      code: 'validation_failed',
      when: '`order` is not the id in the path, or the payment does not belong to this order, is for another amount or does not exist',
    },
    'order.not_found',
    'order.not_yours',
    'order.paid_with_other_payment',
    'order.cancelled',
    'order.payment_not_completed',
    expired,
    'payment.not_configured',
    'payment.unreachable',
  ],
});

export const getOrderOp = operation({
  method: 'get',
  path: '/api/orders/{id}',
  operationId: 'getOrder',
  tag,
  summary: 'One order',
  description:
    'One order, for its buyer or an admin, with its `status`, `history`, and once shipped its `carrier` and `trackingNumber`. A cancelled order is answered with `status: "cancelled"`, `cancelledAt` and `cancelReason`; one its buyer deleted is 404 to that buyer.',
  access: 'user',
  scope: 'owner-or-admin',
  params: { path: z.object({ id: orderId }) },
  responses: { 200: { description: 'The order.', json: orderResponseSchema } },
  errors: [
    {
      key: 'order.not_found',
      when: 'no order has this id, or its buyer deleted it (to that buyer)',
    },
    'order.not_yours',
  ],
});

export const changeOrderStatusOp = operation({
  method: 'patch',
  path: '/api/orders/{id}/status',
  operationId: 'changeOrderStatus',
  tag,
  summary: "Move an order's status (admin)",
  description:
    "Moves a paid order forward (`processing`, `shipped` with its `carrier` and `trackingNumber`, `delivered`; forward only, and nothing skips `shipped`), or cancels an unpaid one (its stock comes back, as with DELETE /api/order/{id}). The change and the optional `note` are added to the order's history, which its buyer sees. A move the order's status does not allow, or one another admin made first, is a 409 naming both statuses.",
  access: 'admin',
  params: { path: z.object({ id: orderId }) },
  body: {
    json: orderStatusChangeSchema,
    example: {
      status: 'shipped',
      carrier: 'DHL Freight',
      trackingNumber: 'JD014600006281234567',
      note: 'Two pallets.',
    },
  },
  responses: { 200: { description: 'The order as it is now.', json: orderResponseSchema } },
  errors: [
    {
      code: 'validation_failed',
      when: '`shipped` without a carrier or tracking number, or a carrier or tracking number for another status',
      example: validationExample(orderStatusChangeSchema, { status: 'shipped' }),
    },
    'order.not_found',
    invalidTransition(
      'unpaid',
      'shipped',
      "the order's status does not allow this move, or another admin moved it first",
    ),
    'order.paid_cannot_delete',
    'order.cancelled',
    expired,
    'order.payment_in_progress',
    'payment.unreachable',
  ],
});

export const getInvoiceOp = operation({
  method: 'get',
  path: '/api/orders/{id}/invoice',
  operationId: 'getInvoice',
  tag,
  summary: "A paid order's invoice (PDF)",
  description:
    "The invoice of a paid order as a PDF download, for its buyer or an admin: its number (issued at payment), the store, the buyer's name, email, company and tax id (from My Profile) and the delivery address and part number, as frozen on the order when it was paid (a later profile or product edit does not change them), the PO number, the lines and totals. The PDF is drawn once per invoice number and stored: every later download answers the same bytes. Never stored by a shared cache or the browser.",
  access: 'user',
  scope: 'owner-or-admin',
  params: { path: z.object({ id: orderId }) },
  responses: {
    200: {
      description: 'The invoice.',
      content: { 'application/pdf': z.file().meta({ description: 'The invoice as a PDF.' }) },
      headers: z.object({
        'Content-Disposition': z.string().meta({
          description: 'An attachment named after the invoice number.',
          example: 'attachment; filename="INV-2026-000042.pdf"',
        }),
        'Cache-Control': z.literal('private, no-store'),
        'Content-Length': z.string(),
        'X-Content-Type-Options': z.literal('nosniff'),
      }),
    },
  },
  errors: ['order.not_found', 'order.not_yours', 'invoice.not_paid'],
});

// The page parameters of GET /api/allOrder, described on the schema objects it parses with.
allOrdersQuerySchema.shape.page.register(z.globalRegistry, {
  description: 'Page number, from 1.',
  example: '1',
});
allOrdersQuerySchema.shape.limit.register(z.globalRegistry, {
  description: `Orders per page, 1 to ${MAX_PAGE_LIMIT} (default ${DEFAULT_ORDER_PAGE_LIMIT}).`,
  example: '50',
});

export const listAllOrdersOp = operation({
  method: 'get',
  path: '/api/allOrder',
  operationId: 'listAllOrders',
  tag,
  summary: 'One page of the live orders, or of the orders in one status (admin)',
  description:
    `The live orders (any status but cancelled), newest first (orders placed at the same instant by id), one page at a time: without parameters the newest ${DEFAULT_ORDER_PAGE_LIMIT}; \`?page=\` and \`?limit=\` choose another page as GET /api/product does, \`X-Total-Count\` gives how many orders match and \`Link\` the previous and next pages; a page past the last is an empty array. ` +
    'A repeated parameter counts by its first value; unknown parameters are ignored. `?status=` lists the orders in that one status instead, `?status=cancelled` being the only list of cancelled orders. `?from=` and `?to=` (calendar dates `YYYY-MM-DD`, both inclusive) keep the orders placed on those days, the days being UTC days: `from` starts at 00:00 UTC and `to` includes its whole day, up to 24:00 UTC. `?format=csv` answers every matching order (the page parameters do not apply), in the same order, as a CSV download (`text/csv`) for spreadsheets, streamed as it is read: a header row, then one record per line of each order (Part number, Product, Quantity, Unit price and Total are the line’s, every other column the order’s, repeated on each of its lines; an order of one line is one record, its Total the order’s), RFC 4180 (CRLF line ends; a field holding a comma, a double quote, CR or LF is quoted, its quotes doubled); a text cell starting with `=`, `+`, `-`, `@`, tab or CR gets a single quote in front and is quoted, so no spreadsheet runs it as a formula. Amounts are decimal US dollars (`2.65`), dates ISO 8601 in UTC, the company is the buyer’s from My Profile.',
  access: 'admin',
  params: { query: allOrdersQuerySchema },
  responses: {
    200: {
      description:
        'The orders of the page, newest first: JSON, or with `?format=csv` every matching order as a CSV download with the columns Order ID, Date, Status, Customer email, Customer name, Company, Part number, Product, Quantity, Unit price, Total, Paid date, Transaction ID, Invoice number, Carrier, Tracking number.',
      json: z.array(orderResponseSchema),
      content: {
        'text/csv; charset=utf-8': z.string().meta({
          description: 'With `?format=csv`: the header row and one record per line of each order.',
          example:
            'Order ID,Date,Status,Customer email,Customer name,Company,Part number,Product,Quantity,Unit price,Total,Paid date,Transaction ID,Invoice number,Carrier,Tracking number\r\n66b20a4be4b0a1b2c3d4e5f7,2026-11-20T09:30:00.000Z,shipped,buyer@example.com,Dana Whitfield,Whitfield Engineering Ltd,BRG-6204-2RS,"Deep groove ball bearing 6204-2RS, sealed",1000,0.42,420.00,2026-11-20T09:34:12.000Z,pi_3PZxYz2eZvKYlo2C1a2b3c4d,INV-2026-000042,DHL Freight,JD014600006281234567\r\n',
        }),
      },
      headers: z.object({
        'X-Total-Count': z.string().optional().meta({
          description: 'With JSON: how many orders match, over every page.',
          example: '134',
        }),
        Link: z.string().optional().meta({
          description:
            'With JSON: the previous and next pages (RFC 8288) as paths keeping the other parameters, when they exist.',
          example:
            '</api/allOrder?status=paid&page=3>; rel="next", </api/allOrder?status=paid&page=1>; rel="prev"',
        }),
        'Content-Disposition': z.string().optional().meta({
          description: 'With `?format=csv`: an attachment named after the filter.',
          example: 'attachment; filename="orders-shipped-from-2026-11-01-to-2026-11-30.csv"',
        }),
        'Cache-Control': z.string().optional().meta({
          description: 'With `?format=csv`: `private, no-store`.',
        }),
      }),
    },
  },
  errors: [
    queryRefused(
      allOrdersQuerySchema,
      { status: 'lost' },
      '`status` is not one of the statuses, `from` or `to` is not a calendar date `YYYY-MM-DD`, `from` is after `to`, `format` is neither `json` nor `csv`, `page` is not a whole number from 1, or `limit` is not a whole number from 1 to 100; details.fields names it',
    ),
  ],
});

export const orderOperations = [
  placeOrderOp,
  checkoutOp,
  listOrdersByEmailOp,
  deleteOrderOp,
  recordPaymentOp,
  getOrderOp,
  changeOrderStatusOp,
  getInvoiceOp,
  reorderOp,
  listAllOrdersOp,
];
