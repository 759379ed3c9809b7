import { z } from 'zod';
import { CANCEL_REASONS, ORDER_STATUSES, STATUS_LABELS, type OrderStatus } from '@/lib/orders';
import { createOrderSchema } from '@/lib/orders/schemas';
import { objectIdPath, type KeyCase } from '@/lib/core/api/operation';
import { idField } from '@/lib/core/api/shapes';

/**
 * What the orders' API declarations share (api.ts, checkout-api.ts): the order as answered, its
 * id in a path, and the refusals several endpoints give.
 */

export const tag = 'Orders';

const historyStepSchema = z
  .object({
    status: z.enum(ORDER_STATUSES),
    at: z.iso.datetime(),
    by: z.string().meta({
      description:
        "Who made the change: a person's user id (the buyer, an approver of the buyer's company, or one of the store's admins), `system` (an unpaid order expiring) or `stripe` (a verified payment).",
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
    priceSource: z.string().optional().meta({
      description:
        "Where the unit price came from, fixed when the order was placed: `list`, `tier` (the volume tier), `contract:<price list id>` (the company's contract) or `quote:<reference>`. Absent on lines from before contract prices.",
    }),
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
        'Where the order is in its life: unpaid → paid → (processing →) shipped → delivered; an unpaid order may be cancelled instead. An order on account is `confirmed` instead of unpaid (it may be cancelled until it is processed), then moves on as any order. A company order above its placer’s approval limit starts `awaiting_approval`: approved, it becomes unpaid; rejected, or not approved within APPROVAL_HOLD_HOURS, it is cancelled.',
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
        'Why it was cancelled: its buyer deleted it (`deleted`), the store cancelled it (`cancelled_by_store`), it was not paid in time (`expired`), its company’s approver rejected it (`rejected`) or nobody approved it in time (`approval_expired`); null for a live order.',
    }),
    quoteReference: z.string().nullable().meta({
      description:
        'The quote this order was placed from by accepting it (`Q-2026-000001`, POST /api/quotes/{id}/accept), at its quoted unit price; null for an ordinary order.',
    }),
    companyId: idField.nullable().meta({
      description:
        'The company of the member who placed it (GET /api/companies/me); null for a person’s own order.',
    }),
    placedBy: idField.nullable().meta({
      description:
        'The user id of the company member who placed it; null for a person’s own order.',
    }),
    approval: z
      .object({
        limitCents: z.number().int().nullable().meta({
          description:
            'The placer’s approval limit per order when they placed it, in US cents; null: none (the order waits for their monthly limit).',
        }),
        month: z
          .object({
            limitCents: z.number().int().meta({ description: 'The placer’s monthly limit.' }),
            totalCents: z.number().int().meta({
              description:
                'What the placer’s calendar month (UTC) came to with this order: their orders of the month not cancelled.',
            }),
          })
          .nullable()
          .meta({
            description:
              'Set when the order waits because it takes its placer’s month over their monthly limit; null otherwise.',
          }),
        decidedBy: z
          .object({ userId: idField, name: z.string() })
          .nullable()
          .meta({ description: 'The approver or owner who approved or rejected it.' }),
        decidedAt: z.iso.datetime().nullable(),
        reason: z.string().nullable().meta({ description: 'The reason given for a rejection.' }),
      })
      .nullable()
      .meta({
        description:
          'Set on a company order placed above its placer’s approval limit or taking their month over their monthly limit; null for an order that needed no approval.',
      }),
    account: z
      .object({
        netDays: z
          .number()
          .int()
          .meta({ description: 'The company’s net days when it was placed.' }),
        invoiceOn: z.enum(['shipment', 'order']).meta({
          description: 'When its invoice is drawn: when it ships, or when it is confirmed.',
        }),
        invoiceId: idField.nullable().meta({
          description: 'Its invoice (GET /api/invoices/{id}) once drawn; null until then.',
        }),
      })
      .nullable()
      .meta({
        description:
          'Set on an order placed on account (`confirmed`, then processed as any order; `paid` turns true when its invoice is paid); null for an order paid by card.',
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
      companyId: null,
      placedBy: null,
      approval: null,
      account: null,
    },
  });

export const orderId = objectIdPath('order id');

// The product and person fields clients copy into an order (one schema object for all of them).
createOrderSchema.shape.price.register(z.globalRegistry, {
  description: 'Accepted and ignored: the server takes the product and the buyer from its records.',
});

/** GET /api/order/{email} and DELETE, PATCH /api/order/{id} share one folder, `[emailOrId]`. */
export const sharedSegment =
  'The specification serves `GET /order/{email}` and `DELETE`/`PATCH /order/{id}` under one path; here the segment is the order id.';

export const expired = { key: 'order.expired', params: { hours: '48 hours' } } as const;

/**
 * The unpaid-orders cap, as every way of placing an order answers it (POST /api/order, a quick
 * order's lines, accepting a quote): MAX_UNPAID_ORDERS for an account with a verified email, 3
 * for one whose email is not verified yet (orders awaiting approval count); and the approval an
 * unverified member may not wait for.
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
  {
    key: 'order.approval_unverified',
    details: { reason: 'order.approval_unverified', emailVerified: false },
    when: 'a company member whose email is not verified yet places an order that would wait for an approval (above their approval limit, or taking their month over their monthly limit): nothing is taken',
  },
];

/** 409 for a status move the lifecycle table does not allow from the order's status now. */
export const invalidTransition = (from: OrderStatus, to: OrderStatus, when: string) =>
  ({
    key: 'order.invalid_transition',
    params: { from: STATUS_LABELS[from].toLowerCase(), to: STATUS_LABELS[to].toLowerCase() },
    details: { from, to },
    when,
  }) as const;
