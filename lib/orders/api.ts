import { z } from 'zod';
import { CANCEL_REASONS, ORDER_STATUSES, STATUS_LABELS, type OrderStatus } from '@/lib/orders';
import { fieldMessages } from '@/lib/core/messages';
import {
  allOrdersQuerySchema,
  checkoutSchema,
  createOrderSchema,
  orderStatusChangeSchema,
  recordPaymentSchema,
} from '@/lib/orders/schemas';
import {
  emailPath,
  fieldErrorExample,
  objectIdPath,
  operation,
  queryRefused,
  validationExample,
  type KeyCase,
} from '@/lib/core/api/operation';
import { idField } from '@/lib/core/api/shapes';
import { cartResponseSchema } from '@/lib/cart/api';

/**
 * The orders' API declarations (lib/core/api/operation.ts): orders here, card payments in
 * payments-api.ts, quick order in quick-order-api.ts. Route files in app/api import them from
 * this file, the feature's API face.
 */
export * from './payments-api';
export * from './quick-order-api';

/** Orders: placing, listing, viewing, deleting and recording a card payment (lib/orders). */

const tag = 'Orders';

const historyStepSchema = z
  .object({
    status: z.enum(ORDER_STATUSES),
    at: z.iso.datetime(),
    by: z.string().meta({
      description:
        "Who made the change: a person's user id (the buyer, or one of the store's admins), `system` (an unpaid order expiring) or `stripe` (a verified payment).",
    }),
    note: z
      .string()
      .nullable()
      .meta({ description: "The admin's note for the buyer, when they gave one." }),
  })
  .meta({ id: 'OrderHistoryStep' });

/** One line of an order: money in integer cents. */
export const orderLineResponseSchema = z
  .object({
    productId: idField,
    sku: z.string().nullable().meta({
      description: 'The part number when ordered; null for products from before part numbers.',
    }),
    name: z.string().meta({ description: 'Product name, copied when the order was placed.' }),
    picture: z.string(),
    quantity: z.number().int(),
    unitPriceCents: z.number().int().meta({
      description:
        "Price of one unit, in US cents: the price of the product's volume tier for the line's quantity (or the quoted price), fixed when the order was placed.",
    }),
    totalCents: z.number().int().meta({ description: 'quantity × unitPriceCents, in US cents.' }),
  })
  .meta({ id: 'OrderLine' });

/**
 * The spec's order fields describe a one-line order exactly. For an order of several lines they
 * are chosen once (lib/orders/store/lines.ts) and said here, in the OpenAPI document.
 */
const MULTI_LINE_NOTE = ' For an order of several lines: ';

export const orderResponseSchema = z
  .object({
    _id: idField,
    lines: z
      .array(orderLineResponseSchema)
      .min(1)
      .meta({
        description:
          "Every line of the order, in the buyer's order (one for an order of one product). The order's total (`price`) is the sum of the lines' totals. The flat product fields below are those of a one-line order's product;" +
          MULTI_LINE_NOTE +
          '`productId`, `picture`, `sku`, `minimumOrderQuantity`, `availableQuantity` and `unitPrice` are the first line\'s, `name` is the first line\'s name followed by "and N more parts", `description` says how many parts the order has, and `quantity` is the units of all lines together.',
      }),
    productId: idField,
    quantity: z.number().int(),
    userName: z.string().meta({ description: "The buyer's name when the order was placed." }),
    email: z.string().meta({ description: "The buyer's email." }),
    name: z.string().meta({ description: 'Product name, copied when the order was placed.' }),
    picture: z.string(),
    description: z.string(),
    minimumOrderQuantity: z.number().int(),
    availableQuantity: z.number().int(),
    sku: z.string().nullable().meta({
      description:
        "The product's part number when it was ordered; null for orders from before part numbers.",
    }),
    unitPrice: z.number().meta({
      description:
        "Price of one unit, in US dollars: the price of the product's volume tier for the quantity, fixed when the order was placed.",
    }),
    price: z
      .number()
      .meta({ description: 'The total due (quantity × unit price), in US dollars.' }),
    address: z.string(),
    phone: z.string(),
    poNumber: z
      .string()
      .nullable()
      .meta({ description: "The buyer's purchase-order number; null when they gave none." }),
    status: z.enum(ORDER_STATUSES).meta({
      description:
        'Where the order is in its life: unpaid → paid → (processing →) shipped → delivered; an unpaid order may be cancelled instead.',
    }),
    history: z.array(historyStepSchema).meta({
      description: 'Every status the order has had, oldest first.',
    }),
    paid: z
      .boolean()
      .meta({ description: 'True once the payment went through (any status past unpaid).' }),
    paidAt: z.iso.datetime().nullable().meta({
      description:
        'When the payment was verified; null while unpaid (and for orders paid before it was recorded).',
    }),
    transactionId: z
      .string()
      .nullable()
      .meta({ description: 'The Stripe PaymentIntent that paid the order; null while unpaid.' }),
    invoiceNumber: z.string().nullable().meta({
      description:
        'The invoice number, issued once the order is paid (GET /api/orders/{id}/invoice); null until then.',
    }),
    carrier: z.string().nullable().meta({ description: 'The carrier, once shipped.' }),
    trackingNumber: z
      .string()
      .nullable()
      .meta({ description: "The carrier's tracking number, once shipped." }),
    createdAt: z.iso.datetime(),
    payBy: z.iso.datetime().meta({
      description:
        'When the order is cancelled and its stock released if it is still unpaid, fixed when it was placed: UNPAID_ORDER_TTL_HOURS (default 48) after placing for an account with a verified email, UNVERIFIED_HOLD_MINUTES (default 30) for one whose email was not verified then. Verifying later does not move it.',
    }),
    cancelledAt: z.iso.datetime().nullable().meta({
      description: 'When the order was cancelled; null for a live order.',
    }),
    cancelReason: z.enum(CANCEL_REASONS).nullable().meta({
      description:
        'Why it was cancelled: its buyer deleted it (`deleted`), the store cancelled it (`cancelled_by_store`), or it was not paid in time (`expired`); null for a live order.',
    }),
    quoteReference: z.string().nullable().meta({
      description:
        'The quote this order was placed from by accepting it (`Q-2026-000001`, POST /api/quotes/{id}/accept), at its quoted unit price; null for an ordinary order.',
    }),
  })
  .meta({
    id: 'Order',
    example: {
      _id: '66b20a4be4b0a1b2c3d4e5f7',
      lines: [
        {
          productId: '66a1f0c2e4b0a1b2c3d4e5f6',
          sku: 'BRG-6204-2RS',
          name: 'Deep groove ball bearing 6204-2RS',
          picture: '/images/products/ball-bearing.webp',
          quantity: 1000,
          unitPriceCents: 42,
          totalCents: 42000,
        },
      ],
      productId: '66a1f0c2e4b0a1b2c3d4e5f6',
      quantity: 1000,
      userName: 'Dana Whitfield',
      email: 'buyer@example.com',
      name: 'Deep groove ball bearing 6204-2RS',
      picture: '/images/products/ball-bearing.webp',
      description: 'Sealed single-row bearing, 20 × 47 × 14 mm, chrome steel.',
      minimumOrderQuantity: 500,
      availableQuantity: 23000,
      sku: 'BRG-6204-2RS',
      unitPrice: 0.42,
      price: 420,
      address: '12 Mill Road, Sheffield S1 2AB',
      phone: '01142345678',
      poNumber: 'PO-2026-0117',
      status: 'shipped',
      history: [
        {
          status: 'unpaid',
          at: '2026-11-20T09:30:00.000Z',
          by: '66a1f0c2e4b0a1b2c3d4e001',
          note: null,
        },
        { status: 'paid', at: '2026-11-20T09:34:12.000Z', by: 'stripe', note: null },
        {
          status: 'shipped',
          at: '2026-11-21T15:02:40.000Z',
          by: '66a1f0c2e4b0a1b2c3d4e002',
          note: 'Two pallets.',
        },
      ],
      paid: true,
      paidAt: '2026-11-20T09:34:12.000Z',
      transactionId: 'pi_3PZxYz2eZvKYlo2C1a2b3c4d',
      invoiceNumber: 'INV-2026-000042',
      carrier: 'DHL Freight',
      trackingNumber: 'JD014600006281234567',
      createdAt: '2026-11-20T09:30:00.000Z',
      payBy: '2026-11-22T09:30:00.000Z',
      cancelledAt: null,
      cancelReason: null,
      quoteReference: null,
    },
  });

const orderId = objectIdPath('order id');

// The product and person fields clients copy into an order (one schema object for all of them).
createOrderSchema.shape.price.register(z.globalRegistry, {
  description: 'Accepted and ignored: the server takes the product and the buyer from its records.',
});

/** GET /api/order/{email} and DELETE, PATCH /api/order/{id} share one folder, `[emailOrId]`. */
const sharedSegment =
  'The specification serves `GET /order/{email}` and `DELETE`/`PATCH /order/{id}` under one path; here the segment is the order id.';

const expired = { key: 'order.expired', params: { hours: '48 hours' } } as const;

/**
 * The unpaid-orders cap, as every way of placing an order answers it (POST /api/order, a quick
 * order's lines, accepting a quote): MAX_UNPAID_ORDERS for an account with a verified email, 3
 * for one whose email is not verified yet.
 */
export const unpaidCapErrors: KeyCase[] = [
  {
    key: 'order.too_many_unpaid',
    params: { max: 20 },
    details: { maxUnpaidOrders: 20 },
    when: 'the buyer (email verified) already has MAX_UNPAID_ORDERS (default 20) unpaid orders',
  },
  {
    key: 'order.too_many_unpaid_unverified',
    params: { max: 3, verifiedMax: 20 },
    details: { maxUnpaidOrders: 3, emailVerified: false },
    when: 'the buyer’s email is not verified yet and they already have 3 unpaid orders: they may pay or delete one, verify their email, or request a quote',
  },
];

/** 409 for a status move the lifecycle table does not allow from the order's status now. */
const invalidTransition = (from: OrderStatus, to: OrderStatus, when: string) =>
  ({
    key: 'order.invalid_transition',
    params: { from: STATUS_LABELS[from].toLowerCase(), to: STATUS_LABELS[to].toLowerCase() },
    details: { from, to },
    when,
  }) as const;

export const placeOrderOp = operation({
  method: 'post',
  path: '/api/order',
  operationId: 'placeOrder',
  tag,
  summary: 'Place an order',
  description:
    "Places an order for the signed-in person: only `productId`, `quantity`, `address`, `phone` and `poNumber` (the buyer's purchase-order number, optional) are used; the product fields clients copy into the payload are accepted and ignored (the product and its price come from the database, the buyer from the credential). The quantity is at least 500 and the product’s own minimum, and at most the stock left, which the order reserves at once; its unit price is the product's volume tier for the quantity. The order holds that stock unpaid until its `payBy`: UNPAID_ORDER_TTL_HOURS (default 48) after placing when the account's email is verified, UNVERIFIED_HOLD_MINUTES (default 30) when it is not yet; an unverified account holds at most 3 unpaid orders, a verified one MAX_UNPAID_ORDERS (default 20). Paying at once works the same for both. At most 60 orders an hour per person.",
  access: 'user',
  body: {
    json: createOrderSchema,
    example: {
      productId: '66a1f0c2e4b0a1b2c3d4e5f6',
      quantity: 1000,
      address: '12 Mill Road, Sheffield S1 2AB',
      phone: '01142345678',
      poNumber: 'PO-2026-0117',
    },
  },
  responses: {
    201: { description: 'The order was placed.', json: z.object({ insertedId: idField }) },
  },
  errors: [
    'product.not_found',
    {
      code: 'validation_failed',
      when: "the quantity is below the product's minimum or above the stock left",
      example: fieldErrorExample('quantity', fieldMessages.order.onlyAvailable(1200)),
    },
    ...unpaidCapErrors,
  ],
  rateLimited: true,
});

export const checkoutOp = operation({
  method: 'post',
  path: '/api/checkout',
  operationId: 'checkout',
  tag,
  summary: 'Check out the order list as one order',
  description:
    "Places the signed-in buyer's order list (GET /api/cart) as ONE order of all its lines, and takes those lines out of the list. Each line is priced by its own volume tier when placed; the order's total is the sum of its lines. All or nothing: when a line is short of stock at that moment, nothing is ordered and the answer lists each short line (`details.lines`, with `available`). An empty list, or one with a line that cannot be ordered as it is (its `issue` in GET /api/cart), is refused before anything is written. Every rule of POST /api/order holds: the unpaid-orders cap, the hold until `payBy`, the rate limit (shared with POST /api/order).",
  access: 'user',
  body: {
    json: checkoutSchema,
    example: {
      address: '12 Mill Road, Sheffield S1 2AB',
      phone: '01142345678',
      poNumber: 'PO-2026-0117',
    },
  },
  responses: {
    201: { description: 'The order was placed.', json: z.object({ insertedId: idField }) },
  },
  errors: [
    'cart.empty',
    {
      key: 'cart.not_ready',
      details: {
        lines: [
          {
            productId: '66a1f0c2e4b0a1b2c3d4e5f6',
            sku: 'BRG-6204-2RS',
            quantity: 30000,
            issue: {
              code: 'above_stock',
              message:
                'Only 24000 available: order at most 24000, or request a quote from the product page',
              nearestQuantity: 24000,
            },
          },
        ],
      },
    },
    {
      key: 'order.lines_short',
      details: {
        lines: [
          {
            productId: '66a1f0c2e4b0a1b2c3d4e5f6',
            quantity: 30000,
            reason: 'out_of_stock',
            available: 24000,
          },
        ],
      },
      when: 'a line was short of stock at the moment of ordering (another buyer took it meanwhile)',
    },
    'order.interrupted',
    {
      key: 'order.too_many_lines_unverified',
      params: { max: 20 },
      details: { maxLines: 20, emailVerified: false },
      when: 'the buyer’s email is not verified yet and the list has more than 20 lines',
    },
    ...unpaidCapErrors,
  ],
  rateLimited: true,
});

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

export const listAllOrdersOp = operation({
  method: 'get',
  path: '/api/allOrder',
  operationId: 'listAllOrders',
  tag,
  summary: 'Every live order, or the orders in one status (admin)',
  description:
    'Every live order (any status but cancelled), newest first; `?status=` lists the orders in that one status instead, `?status=cancelled` being the only list of cancelled orders. `?from=` and `?to=` (calendar dates `YYYY-MM-DD`, both inclusive) keep the orders placed on those days, the days being UTC days: `from` starts at 00:00 UTC and `to` includes its whole day, up to 24:00 UTC. `?format=csv` answers the same orders, in the same order, as a CSV download (`text/csv`) for spreadsheets, streamed as it is read: a header row, then one record per line of each order (Part number, Product, Quantity, Unit price and Total are the line’s, every other column the order’s, repeated on each of its lines; an order of one line is one record, its Total the order’s), RFC 4180 (CRLF line ends; a field holding a comma, a double quote, CR or LF is quoted, its quotes doubled); a text cell starting with `=`, `+`, `-`, `@`, tab or CR gets a single quote in front and is quoted, so no spreadsheet runs it as a formula. Amounts are decimal US dollars (`2.65`), dates ISO 8601 in UTC, the company is the buyer’s from My Profile.',
  access: 'admin',
  params: { query: allOrdersQuerySchema },
  responses: {
    200: {
      description:
        'The orders, newest first: JSON, or with `?format=csv` a CSV download with the columns Order ID, Date, Status, Customer email, Customer name, Company, Part number, Product, Quantity, Unit price, Total, Paid date, Transaction ID, Invoice number, Carrier, Tracking number.',
      json: z.array(orderResponseSchema),
      content: {
        'text/csv; charset=utf-8': z.string().meta({
          description: 'With `?format=csv`: the header row and one record per line of each order.',
          example:
            'Order ID,Date,Status,Customer email,Customer name,Company,Part number,Product,Quantity,Unit price,Total,Paid date,Transaction ID,Invoice number,Carrier,Tracking number\r\n66b20a4be4b0a1b2c3d4e5f7,2026-11-20T09:30:00.000Z,shipped,buyer@example.com,Dana Whitfield,Whitfield Engineering Ltd,BRG-6204-2RS,"Deep groove ball bearing 6204-2RS, sealed",1000,0.42,420.00,2026-11-20T09:34:12.000Z,pi_3PZxYz2eZvKYlo2C1a2b3c4d,INV-2026-000042,DHL Freight,JD014600006281234567\r\n',
        }),
      },
      headers: z.object({
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
      '`status` is not one of the statuses, `from` or `to` is not a calendar date `YYYY-MM-DD`, `from` is after `to`, or `format` is neither `json` nor `csv`; details.fields names it',
    ),
  ],
});

export const reorderOp = operation({
  method: 'post',
  path: '/api/orders/{id}/reorder',
  operationId: 'reorder',
  tag,
  summary: 'Order again: put an order’s lines back in the order list',
  description:
    '“Order again” for the order’s own buyer: every line of the order goes back into their order list (GET /api/cart) with its earlier quantity, added to a line the list already has for that part (a product appears once). Nothing is ordered: the list prices each line by today’s volume tiers and flags a quantity today’s minimum or stock no longer allows (its `issue`, with the nearest valid quantity), never changing it. A line whose product is no longer sold, or that a full list (at most 100 lines) cannot take, is answered in `skipped`. Admins cannot order again for a buyer.',
  access: 'user',
  params: { path: z.object({ id: orderId }) },
  responses: {
    200: {
      description: 'The order list as it is now, and the lines it could not take.',
      json: z
        .object({
          cart: cartResponseSchema,
          skipped: z.array(
            z
              .object({
                productId: idField,
                sku: z.string().nullable(),
                name: z.string(),
                quantity: z.number().int().meta({ description: 'The earlier quantity.' }),
                reason: z.enum(['not_found', 'full']).meta({
                  description:
                    '`not_found`: the product is no longer sold; `full`: the order list has no room for another line.',
                }),
              })
              .meta({ id: 'ReorderSkippedLine' }),
          ),
        })
        .meta({ id: 'ReorderResult' }),
    },
  },
  errors: [
    {
      key: 'order.not_found',
      when: 'no order has this id, or its buyer deleted it',
    },
    { key: 'order.not_yours', when: 'the order is someone else’s (admins included)' },
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
