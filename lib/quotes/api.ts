import { z } from 'zod';
import { fieldMessages } from '@/lib/core/messages';
import { QUOTE_STATUSES } from '@/lib/quotes';
import {
  cartQuoteRequestSchema,
  quoteAcceptSchema,
  quoteDecisionSchema,
  quoteRequestSchema,
  quotesQuerySchema,
} from '@/lib/quotes/schemas';
import { fieldErrorExample, objectIdPath, operation, queryRefused } from '@/lib/core/api/operation';
import { unpaidCapErrors } from '@/lib/orders/api';
import { idField } from '@/lib/core/api/shapes';

/** Requests for quote: request, list, answer or decline (admins), accept (lib/quotes). */

const tag = 'Quotes';

const quoteLineSchema = z
  .object({
    productId: idField,
    sku: z.string().nullable().meta({ description: "The product's part number, if it has one." }),
    name: z.string().meta({ description: 'The product when the quote was requested.' }),
    quantity: z.number().int(),
    unitPriceCents: z.number().int().nullable().meta({
      description: 'The quoted price of one unit of this line, in US cents; null until answered.',
    }),
    totalCents: z.number().int().nullable().meta({
      description: 'quantity × unit price of this line, in US cents; null until answered.',
    }),
  })
  .meta({ id: 'QuoteLine' });

export const quoteResponseSchema = z
  .object({
    _id: idField,
    reference: z.string().meta({ description: 'The readable reference, `Q-<year>-<6 digits>`.' }),
    productId: idField.meta({
      description: "The product quoted; for a quote of several lines, the first line's.",
    }),
    productName: z.string().meta({
      description:
        'The product when the quote was requested; for a quote of several lines "<first line\'s name> and N more parts".',
    }),
    sku: z.string().nullable().meta({
      description:
        "The product's part number, if it has one; for a quote of several lines, the first line's.",
    }),
    buyer: z.object({ name: z.string(), email: z.string() }),
    quantity: z.number().int().meta({
      description: 'The units asked; for a quote of several lines, the units of all its lines.',
    }),
    neededBy: z.iso
      .date()
      .nullable()
      .meta({ description: 'The day the buyer needs the parts by; null when not given.' }),
    address: z.string().meta({ description: 'The delivery address.' }),
    phone: z.string(),
    note: z.string().nullable(),
    status: z.enum(QUOTE_STATUSES).meta({
      description:
        '`requested` (waiting for the store), `answered` (a unit price valid until `validUntil`), `accepting` (an accept under way), `accepted` (an order was placed: `orderId`), `declined` (`declineReason`), or `expired` (answered, past `validUntil`).',
    }),
    unitPrice: z.number().nullable().meta({
      description:
        'The quoted price of one unit, in US dollars; null until answered. Always null for a quote of several lines (an order list): each line has its own, in `lines`.',
    }),
    total: z.number().nullable().meta({
      description:
        'quantity × unit price in US dollars (computed in cents), or for a quote of several lines the sum of its lines; null until answered.',
    }),
    lines: z.array(quoteLineSchema).meta({
      description:
        'What is asked, line by line, in order: one line for a quote of one product (its flat fields), every line of the order list for a quote asked with POST /api/quotes/cart. Money in US cents.',
    }),
    validUntil: z.iso.datetime().nullable().meta({
      description: 'Until when the answer holds: the end of its day, UTC; null until answered.',
    }),
    declineReason: z.string().nullable(),
    orderId: idField.nullable().meta({ description: 'The order placed by accepting the quote.' }),
    createdAt: z.iso.datetime(),
    answeredAt: z.iso.datetime().nullable(),
    declinedAt: z.iso.datetime().nullable(),
    acceptedAt: z.iso.datetime().nullable(),
  })
  .meta({
    id: 'Quote',
    example: {
      _id: '66b20a4be4b0a1b2c3d4e600',
      reference: 'Q-2026-000017',
      productId: '66a1f0c2e4b0a1b2c3d4e5f6',
      productName: 'Hex bolt M8 x 40, zinc plated',
      sku: 'HB-M8-40-ZN',
      buyer: { name: 'Dana Whitfield', email: 'buyer@example.com' },
      quantity: 50000,
      neededBy: '2026-12-15',
      address: '12 Mill Road, Sheffield S1 2AB',
      phone: '01142345678',
      note: 'Delivery on two pallets, please.',
      status: 'answered',
      unitPrice: 0.11,
      total: 5500,
      lines: [
        {
          productId: '66a1f0c2e4b0a1b2c3d4e5f6',
          sku: 'HB-M8-40-ZN',
          name: 'Hex bolt M8 x 40, zinc plated',
          quantity: 50000,
          unitPriceCents: 11,
          totalCents: 550000,
        },
      ],
      validUntil: '2026-12-01T23:59:59.999Z',
      declineReason: null,
      orderId: null,
      createdAt: '2026-11-24T09:30:00.000Z',
      answeredAt: '2026-11-24T14:02:00.000Z',
      declinedAt: null,
      acceptedAt: null,
    },
  });

const quoteId = objectIdPath('quote id');

export const listQuotesOp = operation({
  method: 'get',
  path: '/api/quotes',
  operationId: 'listQuotes',
  tag,
  summary: 'Quotes: your own, or every quote (admin)',
  description:
    "A buyer's own quotes, or every quote for an admin, newest first. `?status=` lists one status; `expired` lists answered quotes whose valid-until date has passed (decided when asked, never by a background job).",
  access: 'user',
  params: { query: quotesQuerySchema },
  responses: {
    200: { description: 'The quotes, newest first.', json: z.array(quoteResponseSchema) },
  },
  errors: [
    queryRefused(
      quotesQuerySchema,
      { status: 'lost' },
      '`status` is not one of the statuses; details.fields names it',
    ),
  ],
});

export const requestQuoteOp = operation({
  method: 'post',
  path: '/api/quotes',
  operationId: 'requestQuote',
  tag,
  summary: 'Request a quote',
  description:
    "Asks the store for a price: any whole quantity from 500 and the product's own minimum (not limited to the order form's choices or to the stock), an optional needed-by day (not in the past), the delivery address and phone, an optional note. The store is mailed (ORDERS_TO). At most 30 requests an hour per person.",
  access: 'user',
  body: {
    json: quoteRequestSchema,
    example: {
      productId: '66a1f0c2e4b0a1b2c3d4e5f6',
      quantity: 50000,
      neededBy: '2030-12-15',
      address: '12 Mill Road, Sheffield S1 2AB',
      phone: '01142345678',
      note: 'Delivery on two pallets, please.',
    },
  },
  responses: { 201: { description: 'The quote, requested.', json: quoteResponseSchema } },
  errors: [
    'product.not_found',
    {
      code: 'validation_failed',
      when: "the quantity is below the product's minimum, or the needed-by day is in the past",
      example: fieldErrorExample('neededBy', fieldMessages.quote.neededByPast),
    },
  ],
  rateLimited: true,
});

export const requestCartQuoteOp = operation({
  method: 'post',
  path: '/api/quotes/cart',
  operationId: 'requestCartQuote',
  tag,
  summary: 'Request a quote for your whole order list',
  description:
    "Asks the store for ONE quote for every line of your order list (`GET /api/cart`), in its order and quantities: the answer gives one unit price per line, and accepting it places ONE order of all the lines. As for one product, a line is not limited by the stock, but its part must still be sold and its quantity at least the product's minimum: an empty list is 409 `cart.empty`, a line of a part no longer sold or below its minimum is 409 `cart.not_ready` listing each such line. The body is the delivery and timing of the request: an optional needed-by day (not in the past), the delivery address and phone, an optional note. The list itself is left as it is. The store is mailed (ORDERS_TO). Counts against the 30 requests an hour per person.",
  access: 'user',
  body: {
    json: cartQuoteRequestSchema,
    example: {
      neededBy: '2030-12-15',
      address: '12 Mill Road, Sheffield S1 2AB',
      phone: '01142345678',
      note: 'One delivery for all parts, please.',
    },
  },
  responses: {
    201: { description: 'The quote of the whole list, requested.', json: quoteResponseSchema },
  },
  errors: [
    'cart.empty',
    {
      key: 'cart.not_ready',
      when: 'a line is of a part no longer sold, or below its minimum; details.lines lists them',
    },
    {
      code: 'validation_failed',
      when: 'the needed-by day is in the past',
      example: fieldErrorExample('neededBy', fieldMessages.quote.neededByPast),
    },
  ],
  rateLimited: true,
});

export const decideQuoteOp = operation({
  method: 'patch',
  path: '/api/quotes/{id}',
  operationId: 'decideQuote',
  tag,
  summary: 'Answer or decline a quote (admin)',
  description:
    '`{ action: "answer", unitPrice, validUntil }` answers a requested quote (or answers an answered or expired one anew) with a unit price in US dollars and the last day it holds (`YYYY-MM-DD`, through its end in UTC); a quote of several lines (an order list) is answered with `{ action: "answer", unitPrices: [...], validUntil }`, one unit price in US dollars per line in the order of its `lines` (a count that is not its lines is 422 on `unitPrices`; `unitPrices` of one price also answers a quote of one line). `{ action: "decline", reason }` declines it. The buyer is mailed either way. A quote accepted, being accepted or declined is a 409.',
  access: 'admin',
  params: { path: z.object({ id: quoteId }) },
  body: {
    json: quoteDecisionSchema,
    example: { action: 'answer', unitPrice: 0.11, validUntil: '2030-12-01' },
  },
  responses: { 200: { description: 'The quote as it is now.', json: quoteResponseSchema } },
  errors: ['quote.not_found', { key: 'quote.closed', params: { status: 'accepted' } }],
});

export const acceptQuoteOp = operation({
  method: 'post',
  path: '/api/quotes/{id}/accept',
  operationId: 'acceptQuote',
  tag,
  summary: 'Accept a quote: place its order',
  description:
    "The buyer who asked for the quote accepts its answer, once, before it expires, naming the unit price they saw (`unitPrice`, in US dollars, as the quote shows it; required; for a quote of several lines, `unitPrices`: the unit price of each line in US dollars, in the order of its `lines`, instead): an unpaid order is placed at that quoted unit price for the quoted quantity (its total computed in cents), reserving the stock like any order and under the same rules (the product's minimum; at most MAX_UNPAID_ORDERS unpaid orders, or 3 while the buyer's email is not verified, and held until its `payBy` like any order). The price is part of the one conditional update that claims the quote: if the store has answered the quote anew at another price since, nothing is placed and the answer is 409 `quote.price_changed` with the new unit price and total in the message and in `details`. The order is then paid on its payment page (`/dashboard/payment/{orderId}`). Concurrent accepts place one order; the others are 409. When the stock is short the accept is refused and the quote stays answered.\n\nA quote of several lines (an order list) places ONE unpaid order of all its lines, each at its quoted unit price, all or nothing: the price check covers every line (`unitPrices` must be the answer's prices, line by line; otherwise 409 `quote.price_changed` whose message names each new unit price and whose `details` carry `unitPrices` and `total`), and a line short of stock (or gone, or now below its minimum) refuses the whole order with 409 `order.lines_short`, details.lines naming each such line, while the quote stays answered.",
  access: 'user',
  params: { path: z.object({ id: quoteId }) },
  body: { json: quoteAcceptSchema, example: { unitPrice: 0.11 } },
  responses: {
    201: {
      description: 'The order was placed; the quote is accepted.',
      json: z.object({ orderId: idField, quote: quoteResponseSchema }),
    },
  },
  errors: [
    'quote.not_found',
    'quote.not_yours',
    { key: 'quote.accept_not_yours', when: 'an admin, or anyone but its buyer, accepts it' },
    'quote.not_answered',
    { key: 'quote.expired', params: { date: 'December 1, 2026' } },
    'quote.already_accepted',
    'quote.accepting',
    'quote.declined',
    {
      key: 'quote.price_changed',
      when: 'the quote was answered anew at another unit price than the one sent',
      params: { unitPrice: '$0.12', total: '$6,000.00' },
      details: { unitPrice: 0.12, total: 6000, validUntil: '2026-12-08T23:59:59.999Z' },
    },
    {
      key: 'order.lines_short',
      when: 'a quote of several lines: a line is short of stock, gone or now below its minimum',
    },
    {
      key: 'quote.out_of_stock',
      params: { available: '12,000' },
      details: { available: 12000 },
    },
    { key: 'quote.below_minimum', params: { minimum: 1000 } },
    'product.not_found',
    ...unpaidCapErrors,
  ],
});

export const quoteOperations = [
  listQuotesOp,
  requestQuoteOp,
  requestCartQuoteOp,
  decideQuoteOp,
  acceptQuoteOp,
];
