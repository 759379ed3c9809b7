import { z } from 'zod';
import { fieldMessages } from '@/lib/core/messages';
import { MAX_CART_LINES } from '@/lib/core/validation/limits';
import {
  fieldErrorExample,
  objectIdPath,
  operation,
  type ErrorCase,
} from '@/lib/core/api/operation';
import { idField } from '@/lib/core/api/shapes';
import { orderListWording } from '@/lib/core/b2b-wording/order-list';
import { cartAddSchema, cartQuantitySchema, cartShareSchema } from './schemas';
import { orderingRoleNames } from './shared';

/**
 * The order list (cart): reading it, setting and adding lines, removing them, emptying it, and
 * sending it to a colleague.
 */

const tag = 'Order list';

const issueSchema = z
  .object({
    code: z
      .enum([
        'deleted',
        'below_minimum',
        'not_multiple',
        'above_maximum',
        'above_stock',
        'too_large',
      ])
      .meta({
        description:
          '`deleted`: the product is no longer sold; `below_minimum`: the quantity is below its minimum now; `not_multiple`: not a whole number of cartons; `above_maximum`: above the most one order may take; `above_stock`: above the stock left; `too_large`: above the store’s bound.',
      }),
    message: z.string(),
    nearestQuantity: z.number().int().nullable().meta({
      description:
        'The valid quantity nearest the line’s; null when none may be ordered now. Never applied by the store: the buyer changes the line.',
    }),
  })
  .meta({ id: 'CartLineIssue' });

const lineSchema = z
  .object({
    productId: idField,
    sku: z.string().nullable(),
    name: z.string(),
    picture: z.string(),
    quantity: z.number().int(),
    unitPriceCents: z.number().int().nullable().meta({
      description:
        'The unit price this buyer pays for the quantity today, in US cents (their company’s contract price, else the volume tier, else the list price); null while the line has an issue.',
    }),
    priceSource: z.string().nullable().meta({
      description:
        'Where that price comes from: `list`, `tier` or `contract:<price list id>`; null while the line has an issue.',
    }),
    totalCents: z.number().int().nullable().meta({
      description: 'quantity × unitPriceCents; null while the line has an issue.',
    }),
    minimumOrderQuantity: z.number().int().meta({
      description:
        'The smallest quantity this buyer may order (the product’s minimum, at least 500, raised by their contract, rounded up to the carton).',
    }),
    orderMultiple: z.number().int().meta({
      description: 'The carton size: every quantity is a whole number of cartons (1: any).',
    }),
    maxOrderQuantity: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The most one order may take (stock aside); null: no maximum.' }),
    availableQuantity: z.number().int(),
    priceCents: z.number().int().meta({ description: 'The product’s base unit price, in cents.' }),
    priceTiers: z
      .array(z.object({ minQuantity: z.number().int(), priceCents: z.number().int() }))
      .meta({ description: 'The product’s volume tiers, in cents (empty: the base price).' }),
    contract: z
      .object({
        list: z.object({
          id: z.string(),
          validFrom: z.string().nullable(),
          validTo: z.string().nullable(),
          percentOffBasisPoints: z.number().int().nullable(),
        }),
        entry: z
          .object({
            unitPriceCents: z.number().int().nullable(),
            tiers: z
              .array(z.object({ minQuantity: z.number().int(), unitPriceCents: z.number().int() }))
              .nullable(),
          })
          .nullable(),
      })
      .nullable()
      .meta({
        description:
          'The signed-in buyer’s own contract for the product (their company’s price list and its entry), so a page prices quantities as they are typed; null without one.',
      }),
    issue: issueSchema.nullable().meta({
      description: 'Why the line cannot be checked out as it is; null when it can.',
    }),
  })
  .meta({ id: 'CartLine' });

export const cartResponseSchema = z
  .object({
    lines: z.array(lineSchema).meta({ description: 'The lines, in the order they were added.' }),
    lineCount: z.number().int(),
    totalCents: z
      .number()
      .int()
      .meta({ description: 'The sum of the line totals that have a price, in US cents.' }),
    maxLines: z.literal(MAX_CART_LINES),
    ready: z.boolean().meta({
      description: 'True when the list has lines and none has an issue: it may be checked out.',
    }),
  })
  .meta({ id: 'Cart' });

const productId = objectIdPath('product id');

const quantityRefused = {
  code: 'validation_failed' as const,
  when: 'the quantity is not whole, below the product’s minimum or above its stock',
  example: fieldErrorExample('quantity', fieldMessages.order.onlyAvailable(1200)),
};

const full = { key: 'cart.full' as const, params: { max: MAX_CART_LINES } };

/** What adding to a line and setting it share: the buyer's own list, answered whole, refused alike. */
const lineQuantityChange = {
  tag,
  access: 'user' as const,
  responses: { 200: { description: 'The order list as it is now.', json: cartResponseSchema } },
  errors: ['product.not_found' as const, quantityRefused, full, 'cart.busy' as const],
};

export const getCartOp = operation({
  method: 'get',
  path: '/api/cart',
  operationId: 'getCart',
  tag,
  summary: 'The order list',
  description:
    'The signed-in buyer’s order list, kept on the server: each line with its product as it is now (price of the quantity’s tier, minimum, stock) and an `issue` when it cannot be ordered as it is (a deleted product, a stock fallen below the quantity), with the nearest valid quantity. Lines are never changed by the store.',
  access: 'user',
  responses: { 200: { description: 'The order list.', json: cartResponseSchema } },
});

export const cartCountOp = operation({
  method: 'get',
  path: '/api/cart/count',
  operationId: 'countCartLines',
  tag,
  summary: 'How many lines the order list has',
  description: 'The line count the navigation bar shows, without reading the products.',
  access: 'user',
  responses: {
    200: { description: 'The count.', json: z.object({ lineCount: z.number().int() }) },
  },
});

export const addCartLineOp = operation({
  method: 'post',
  path: '/api/cart/lines',
  operationId: 'addToCart',
  summary: 'Add a part to the order list',
  description: `"Add to order list": adds the quantity to the product’s line (a product appears once), or adds a line. The resulting quantity must be one the product allows now (whole, at least its minimum and 500, at most its stock). At most ${MAX_CART_LINES} lines.`,
  body: { json: cartAddSchema, example: { productId: '66a1f0c2e4b0a1b2c3d4e5f6', quantity: 1000 } },
  ...lineQuantityChange,
});

export const setCartLineOp = operation({
  method: 'put',
  path: '/api/cart/lines/{productId}',
  operationId: 'setCartLine',
  summary: 'Set a line’s quantity',
  description: `Sets the quantity of the product’s line, adding the line when there is none. The quantity must be one the product allows now. At most ${MAX_CART_LINES} lines.`,
  params: { path: z.object({ productId }) },
  body: { json: cartQuantitySchema, example: { quantity: 1000 } },
  ...lineQuantityChange,
});

export const removeCartLineOp = operation({
  method: 'delete',
  path: '/api/cart/lines/{productId}',
  operationId: 'removeCartLine',
  tag,
  summary: 'Remove a line',
  description: 'Removes the product’s line from the order list.',
  access: 'user',
  params: { path: z.object({ productId }) },
  responses: { 200: { description: 'The order list as it is now.', json: cartResponseSchema } },
  errors: ['cart.line_not_found'],
});

export const emptyCartOp = operation({
  method: 'delete',
  path: '/api/cart',
  operationId: 'emptyCart',
  tag,
  summary: 'Empty the order list',
  access: 'user',
  responses: { 200: { description: 'The empty order list.', json: cartResponseSchema } },
});

export const cartShareResponseSchema = z
  .object({
    sentLines: z.number().int().meta({ description: 'How many lines were sent: every line.' }),
    colleague: z
      .object({ userId: idField, name: z.string() })
      .meta({ description: 'Whose order list they were added to.' }),
  })
  .meta({ id: 'CartShared' });

const notOrdering = orderListWording.refusals.notOrdering({ roles: orderingRoleNames() });

const shareErrors: ErrorCase[] = [
  { key: 'company.none', when: 'the caller belongs to no company' },
  {
    key: 'company.member_not_found',
    when: 'no member of the caller’s company has this user id (another company’s member included)',
  },
  {
    code: 'validation_failed',
    when: 'the user id is the caller’s own, or the colleague’s role places no orders',
    example: fieldErrorExample('userId', notOrdering, { summary: notOrdering }),
  },
  'cart.empty',
  { key: 'cart.not_ready', when: 'a line of the caller’s list cannot be ordered as it is' },
  {
    key: 'cart.share_refused',
    params: {
      name: 'Ana Buyer',
      lines:
        'Hex Flange Bolt M10 x 40 (HFB-M10-40): 2,500 with the 1,000 already there, only 2,000 available',
    },
    when: 'a sum is not a quantity the product allows the colleague; details.lines names each line and why',
  },
  { key: 'cart.share_full', params: { name: 'Ana Buyer', count: 101, max: MAX_CART_LINES } },
  { key: 'cart.share_busy', params: { name: 'Ana Buyer' } },
];

export const shareCartOp = operation({
  method: 'post',
  path: '/api/cart/share',
  operationId: 'shareCart',
  tag,
  summary: 'Send the order list to a colleague',
  description: `For a member of a company, whatever their role: copies every line of the caller’s order list into the order list of a colleague of the same company whose role places orders (\`userId\`: their user id, as \`GET /api/companies/me/members\` lists it), and mails them. Each line is merged as adding it would be: its quantity is added to the colleague’s line of the product, and the sum must be one the product allows them (minimum, cartons, maximum, stock), at most ${MAX_CART_LINES} lines. All lines or none. The caller’s own list stays as it is. How a member whose role places no orders (approver, accounts) has their list ordered.`,
  access: 'user',
  body: { json: cartShareSchema, example: { userId: '66a1f0c2e4b0a1b2c3d4e5f6' } },
  responses: {
    200: {
      description: 'Every line was added to the colleague’s list.',
      json: cartShareResponseSchema,
    },
  },
  errors: shareErrors,
  rateLimited: true,
});

export const cartOperations = [
  getCartOp,
  emptyCartOp,
  cartCountOp,
  addCartLineOp,
  setCartLineOp,
  removeCartLineOp,
  shareCartOp,
] as const;
