import { z } from 'zod';
import { quickOrderMessages } from '@/lib/core/messages';
import {
  MAX_QUICK_ORDER_LINES,
  quickOrderCheckSchema,
  quickOrderPlaceSchema,
} from '@/lib/orders/schemas';
import { operation, validationExample } from '@/lib/core/api/operation';
import { idField } from '@/lib/core/api/shapes';
import { cartResponseSchema } from '@/lib/cart/api';

/**
 * Quick order by part number (lib/orders/quick-order/): check the lines, then put them in the
 * order list or place them as one order.
 */

const tag = 'Orders';

const lineNumbers = z.array(z.number().int().min(1)).meta({
  description:
    'The numbers of the lines it comes from (1-based, as in the text); several when duplicate lines were merged.',
});

const checkStatus = z.enum([
  'ok',
  'malformed',
  'unknown_part',
  'below_minimum',
  'not_multiple',
  'above_maximum',
  'above_stock',
  'too_large',
]);

const reportLineSchema = z
  .object({
    lines: lineNumbers,
    text: z.string().meta({ description: 'The line as written, or its part number and quantity.' }),
    partNumber: z.string().nullable(),
    quantity: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The quantity, summed over merged lines; null when malformed.' }),
    status: checkStatus.meta({
      description:
        '`ok`: may be ordered as it is. Otherwise why not: `malformed` (not a part number and a whole quantity), `unknown_part`, `below_minimum` (below 500, the product’s own or the contract’s minimum, rounded up to the carton), `not_multiple` (not a whole number of cartons), `above_maximum` (above the most one order may take), `above_stock` (more than the stock left), `too_large`.',
    }),
    message: z.string().nullable().meta({ description: 'Why it cannot be ordered; null when ok.' }),
    merged: z
      .string()
      .nullable()
      .meta({ description: 'Said when duplicate lines were merged into this one.' }),
    suggestedQuantity: z.number().int().nullable().meta({
      description:
        'The nearest quantity that may be ordered now (the minimum, or the stock left); null when none.',
    }),
    available: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The stock left, when the quantity is above it.' }),
    product: z
      .object({
        _id: idField,
        name: z.string(),
        sku: z.string(),
        minimumOrderQuantity: z.number().int().meta({
          description:
            'The smallest quantity this buyer may order (at least 500, rounded up to the carton).',
        }),
        orderMultiple: z
          .number()
          .int()
          .meta({ description: 'The carton size: quantities are whole numbers of it (1: any).' }),
        unitPrice: z.number().nullable().meta({
          description:
            'US dollars per unit for this quantity (the buyer’s contract, else its volume tier, else the list price); null without a price.',
        }),
        price: z
          .number()
          .nullable()
          .meta({ description: 'US dollars for the line; null without a price.' }),
        priceSource: z.string().nullable().meta({
          description:
            'Where the unit price comes from: `list`, `tier` or `contract:<price list id>`; null without a price.',
        }),
      })
      .nullable(),
  })
  .meta({ id: 'QuickOrderLine' });

const reportSchema = z
  .object({
    lines: z.array(reportLineSchema),
    orderable: z.number().int().meta({ description: 'How many lines may be ordered as they are.' }),
  })
  .meta({ id: 'QuickOrderReport' });

const placedLineSchema = z
  .object({
    lines: lineNumbers,
    partNumber: z.string(),
    quantity: z.number().int(),
    orderId: idField.meta({
      description:
        'The quick order’s one order (the same on every placed line; pay it at /dashboard/payment/{id}).',
    }),
    productId: idField,
    productName: z.string(),
    price: z.number().meta({
      description: 'The line’s total in US dollars (its quantity at its volume tier’s price).',
    }),
  })
  .meta({ id: 'QuickOrderPlacedLine' });

const addedLineSchema = z
  .object({
    lines: lineNumbers,
    partNumber: z.string(),
    quantity: z.number().int().meta({
      description: 'The quantity added to the product’s line of the order list (or a new line’s).',
    }),
    productId: idField,
    productName: z.string(),
  })
  .meta({ id: 'QuickOrderAddedLine' });

const failedLineSchema = z
  .object({
    lines: lineNumbers,
    text: z.string(),
    partNumber: z.string().nullable(),
    quantity: z.number().int().nullable(),
    status: z.enum([...checkStatus.exclude(['ok']).options, 'not_placed', 'not_added']).meta({
      description:
        'The check’s status; `not_placed` when the line was refused as the order was placed (its stock taken meanwhile, the unpaid-orders cap reached); `not_added` when the order list could not take it (full, or the product deleted meanwhile).',
    }),
    message: z.string(),
  })
  .meta({ id: 'QuickOrderFailedLine' });

const resultSchema = z
  .object({
    order: z
      .object({
        _id: idField.meta({ description: 'The new order (GET /api/orders/{id}).' }),
        name: z.string().meta({
          description: 'Its name as My Orders shows it (“<first part> and N more parts”).',
        }),
        price: z.number().meta({ description: 'Its total in US dollars (the sum of its lines).' }),
      })
      .nullable()
      .meta({ description: 'The one order placed; null when no line could be placed then.' }),
    placed: z
      .array(placedLineSchema)
      .meta({ description: 'The lines of the one order, in the order of the text.' }),
    failed: z.array(failedLineSchema),
  })
  .meta({ id: 'QuickOrderResult' });

const cartResultSchema = z
  .object({
    cart: cartResponseSchema,
    added: z.array(addedLineSchema),
    failed: z.array(failedLineSchema),
  })
  .meta({ id: 'QuickOrderCartResult' });

const exampleText = 'part number,quantity\nSG-M2-40-20,1000\n6205-2RS-C3,2000\nHFB-M10X40-109,5000';

const tooManyLines = {
  key: 'quick_order.too_many_lines',
  params: { max: MAX_QUICK_ORDER_LINES, count: 23 },
  details: { maxLines: MAX_QUICK_ORDER_LINES, lines: 23 },
  when: `the text has more than ${MAX_QUICK_ORDER_LINES} lines (a first line naming the columns aside)`,
} as const;

const nothingToPlace = {
  key: 'quick_order.nothing_to_place',
  details: {
    lines: [
      {
        lines: [1],
        text: 'NO-SUCH-PART, 1000',
        partNumber: 'NO-SUCH-PART',
        quantity: 1000,
        status: 'unknown_part',
        message: quickOrderMessages.unknownPart,
        merged: null,
        suggestedQuantity: null,
        available: null,
        product: null,
      },
    ],
  },
  when: 'no line may be ordered (`details.lines` is the report)',
} as const;

const textDescription = `Lines of \`part number, quantity\` (comma, semicolon or tab between them), as pasted or read from a CSV file with those two columns; a first line naming the columns (\`part number,quantity\`) is skipped, blank lines are ignored, part numbers are compared without regard to case, and lines naming the same part number are merged with their quantities summed. At most ${MAX_QUICK_ORDER_LINES} lines.`;

export const checkQuickOrderOp = operation({
  method: 'post',
  path: '/api/quick-order/check',
  operationId: 'checkQuickOrder',
  tag,
  summary: 'Check a quick order by part number',
  description: `The validation report of a quick order, line by line, against today's catalogue: unknown part numbers, quantities below the product's minimum (with the nearest valid quantity) or above the stock left (with the stock), merged duplicates, malformed lines. Writes nothing. ${textDescription}`,
  access: 'user',
  body: { json: quickOrderCheckSchema, example: { text: exampleText } },
  responses: { 200: { description: 'The report.', json: reportSchema } },
  errors: [
    {
      code: 'validation_failed',
      when: 'the text is empty or too long',
      example: validationExample(quickOrderCheckSchema, { text: '' }),
    },
    tooManyLines,
  ],
});

export const placeQuickOrderOp = operation({
  method: 'post',
  path: '/api/quick-order',
  operationId: 'placeQuickOrder',
  tag,
  summary: 'Place a quick order by part number as one order',
  description: `Checks the lines again (price, minimum and stock are today's) and places every line that may be ordered as ONE order of many lines (as POST /api/checkout does), each line priced by its own volume tier, with the one delivery \`address\`, \`phone\` and optional \`poNumber\` (validated as in POST /api/order). The order takes every line's stock all or nothing and counts once against the hourly limit of POST /api/order. A line short of stock at that moment (taken meanwhile) is answered in \`failed\` with its reason (\`status: "not_placed"\`) and the order is placed with the other lines. When the order as a whole is refused (the unpaid-orders cap reached: MAX_UNPAID_ORDERS, default 20, for an account with a verified email, 3 while it is not verified, whose refusal says to pay or delete an open order, verify the email or request a quote), \`order\` is null and every line is in \`failed\` with that reason. The order holds its stock until its \`payBy\` (GET /api/orders/{id}): UNPAID_ORDER_TTL_HOURS for a verified email, UNVERIFIED_HOLD_MINUTES (default 30) otherwise. To put the lines in the order list instead, POST /api/quick-order/cart. ${textDescription}`,
  access: 'user',
  body: {
    json: quickOrderPlaceSchema,
    example: {
      text: exampleText,
      address: '12 Mill Road, Sheffield S1 2AB',
      phone: '01142345678',
      poNumber: 'PO-2026-0117',
    },
  },
  responses: {
    200: {
      description:
        'The one order (`order`), its lines (`placed`, each with the order’s id), and the lines that were not placed, with why (refused by the check, or when the order was placed).',
      json: resultSchema,
    },
  },
  errors: [
    {
      code: 'validation_failed',
      when: 'the text is empty or too long, or the address, phone or PO number is not valid',
      example: validationExample(quickOrderPlaceSchema, { text: exampleText, phone: 'x' }),
    },
    tooManyLines,
    nothingToPlace,
  ],
  rateLimited: true,
});

export const quickOrderToCartOp = operation({
  method: 'post',
  path: '/api/quick-order/cart',
  operationId: 'quickOrderToCart',
  tag,
  summary: 'Put a quick order’s lines in the order list',
  description: `Checks the lines (price, minimum and stock are today's) and puts every line that may be ordered into the signed-in buyer's order list (GET /api/cart) instead of ordering it: added to the product's line when the list has one (a product appears once), else a new line. Nothing is ordered and no stock is taken; the list judges the merged quantities as it judges every line (an \`issue\` with the nearest valid quantity, never a change). A line the check refused is answered in \`failed\` with its status; a line the list could not take (full at 100 lines, the product deleted meanwhile) with \`status: "not_added"\`. ${textDescription}`,
  access: 'user',
  body: { json: quickOrderCheckSchema, example: { text: exampleText } },
  responses: {
    200: {
      description:
        'The order list as it is now, the lines added to it, and the lines that were not, with why.',
      json: cartResultSchema,
    },
  },
  errors: [
    {
      code: 'validation_failed',
      when: 'the text is empty or too long',
      example: validationExample(quickOrderCheckSchema, { text: '' }),
    },
    tooManyLines,
    nothingToPlace,
  ],
});

export const quickOrderOperations = [checkQuickOrderOp, quickOrderToCartOp, placeQuickOrderOp];
