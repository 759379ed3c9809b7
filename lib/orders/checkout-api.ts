import { z } from 'zod';
import { fieldMessages } from '@/lib/core/messages';
import { checkoutSchema, createOrderSchema } from '@/lib/orders/schemas';
import { fieldErrorExample, operation } from '@/lib/core/api/operation';
import { idField } from '@/lib/core/api/shapes';
import { cartResponseSchema } from '@/lib/cart/api';
import { ORDER_STATUSES } from './lifecycle';
import { orderId, tag, unpaidCapErrors } from './order-api-parts';

/** Placing orders: one product (POST /api/order), the order list (POST /api/checkout), and ordering again. */

/** The delivery fields both ways of placing an order take, as their examples give them. */
const deliveryExample = {
  address: '12 Mill Road, Sheffield S1 2AB',
  phone: '01142345678',
  poNumber: 'PO-2026-0117',
};

/** Both ways of placing an order answer the new order's id. */
const placed = {
  201: { description: 'The order was placed.', json: z.object({ insertedId: idField }) },
};

/** A checkout answers the new order's id and the status it was placed in. */
const checkedOut = {
  201: {
    description: 'The order was placed.',
    json: z.object({
      insertedId: idField,
      status: z.enum(ORDER_STATUSES).meta({
        description:
          'The status the order was placed in, which says where the buyer goes next: `unpaid`, its payment page (`/dashboard/payment/{id}`); `awaiting_approval`, it waits for an owner or approver of the buyer’s company first and cannot be paid yet (its page, `/dashboard/order/{id}`); `confirmed`, on account, nothing to pay now (its page).',
        example: 'awaiting_approval',
      }),
    }),
  },
};

/** A line a checkout refused, as both refusals' `details.lines` give it. */
const refusedLineExample = {
  productId: '66a1f0c2e4b0a1b2c3d4e5f6',
  sku: 'HFB-M10-40',
  name: 'Hex Flange Bolt M10 x 40',
  quantity: 2_000,
  reason: 'out_of_stock',
  available: 500,
  nearestQuantity: 500,
};

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
    example: { productId: '66a1f0c2e4b0a1b2c3d4e5f6', quantity: 1000, ...deliveryExample },
  },
  responses: placed,
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
    "Places the signed-in buyer's order list (GET /api/cart) as ONE order of all its lines, and takes those lines out of the list. Each line is priced by its own volume tier when placed; the order's total is the sum of its lines. All or nothing: when a line is short of stock at that moment, nothing is ordered and the answer (409) names each short part and what is available in its message (\"Hex Flange Bolt M10 x 40: only 500 available\") and lists each such line in `details.lines`. An empty list, or one with a line that cannot be ordered as it is (its `issue` in GET /api/cart), is refused before anything is written, its message and `details.lines` naming each such line the same way. Each line of `details.lines` gives the part's `productId`, `sku` (its part number), `name`, the `quantity` asked, its `reason` (`out_of_stock`, with `available`; `not_found`; `below_minimum`, with `minimum`; `not_multiple`, with `multiple`; `above_maximum`, with `maximum` when there is one) and `nearestQuantity`, the quantity nearest the one asked that can be ordered now (null: none); a line flagged before placing carries its `issue` as GET /api/cart shows it. The answer gives the order's `status`: `unpaid` (pay it next), `awaiting_approval` (above the buyer's approval limit: it waits for the company's approval, and cannot be paid yet) or `confirmed` (on account). Every rule of POST /api/order holds: the unpaid-orders cap, the hold until `payBy`, the rate limit (shared with POST /api/order). With `paymentMethod: \"account\"` a member of a company on net terms orders on account: the total is held against the company's credit by one conditional update (of two orders against the last of the credit one passes; the other gets 409 with `details.availableCents`), and the order is `confirmed` (nothing to pay now; it is invoiced on the company's terms).",
  access: 'user',
  body: {
    json: checkoutSchema,
    example: deliveryExample,
  },
  responses: checkedOut,
  errors: [
    { key: 'terms.not_enabled', details: { reason: 'terms.not_enabled' } },
    { key: 'terms.on_hold', details: { reason: 'terms.on_hold' } },
    {
      key: 'terms.credit_limit_exceeded',
      params: { total: '$12,400.00', available: '$3,150.00' },
      details: {
        reason: 'terms.credit_limit_exceeded',
        availableCents: 315_000,
        totalCents: 1_240_000,
      },
    },
    'cart.empty',
    {
      key: 'checkout.lines_short',
      params: { lines: 'Hex Flange Bolt M10 x 40: only 500 available' },
      details: { lines: [refusedLineExample] },
      when: 'a line is short of stock: when the list is checked, or at the moment of ordering (another buyer took it meanwhile)',
    },
    {
      key: 'checkout.lines_not_ready',
      params: {
        lines: 'Spur Gear 40T: no longer sold; Hex Flange Bolt M10 x 40: only 500 available',
      },
      details: {
        lines: [
          {
            productId: '66a1f0c2e4b0a1b2c3d4e5f7',
            sku: 'SPG-40T',
            name: 'Spur Gear 40T',
            quantity: 1_000,
            reason: 'not_found',
            nearestQuantity: null,
            issue: {
              code: 'deleted',
              message: 'This part is no longer sold: remove it from your order list.',
              nearestQuantity: null,
            },
          },
          {
            ...refusedLineExample,
            issue: {
              code: 'above_stock',
              message:
                'Only 500 available: order at most 500, or request a quote from the product page',
              nearestQuantity: 500,
            },
          },
        ],
      },
      when: 'a line cannot be ordered as it is for another reason too (no longer sold, its minimum or cartons changed)',
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
