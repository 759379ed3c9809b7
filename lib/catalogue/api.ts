import { z } from 'zod';
import { categorySlugs } from '@/lib/catalogue';
import { fieldMessages } from '@/lib/core/messages';
import {
  catalogueQuerySchema,
  catalogueSorts,
  DEFAULT_CATALOGUE_LIMIT,
  MAX_CATALOGUE_LIMIT,
  maxOrderQuantityField,
  orderMultipleField,
  partNumberSchema,
  pictureField,
  productFieldsSchema,
  productPatchSchema,
  productSchema,
} from '@/lib/catalogue/schemas';
import {
  fieldErrorExample,
  objectIdPath,
  operation,
  queryRefused,
  type CodeCase,
} from '@/lib/core/api/operation';
import { idField } from '@/lib/core/api/shapes';

/** The catalogue: GET /api/product and /api/product/{productId}, and Manage Products' writes. */

const tag = 'Products';

/** The product the examples show (an answer, and the body that adds it), with its price list. */
function sampleProduct(priceTiers: { minQuantity: number; price: number }[]) {
  return {
    name: 'Deep groove ball bearing 6204-2RS',
    description: 'Sealed single-row bearing, 20 × 47 × 14 mm, chrome steel.',
    minimumOrderQuantity: 500,
    availableQuantity: 24000,
    orderMultiple: 50,
    maxOrderQuantity: 100_000,
    price: 0.42,
    priceTiers,
    picture: '/images/products/ball-bearing.webp',
    sku: 'BRG-6204-2RS',
    category: 'bearings',
  };
}

export const productResponseSchema = z
  .object({
    _id: idField,
    name: z.string(),
    description: z.string(),
    minimumOrderQuantity: z.number().int(),
    availableQuantity: z.number().int().meta({ description: 'Units in stock now.' }),
    orderMultiple: z.number().int().meta({
      description:
        'Carton size: every order is a whole number of cartons of this many units (1: sold one by one). The minimum order quantity, each price tier and the maximum per order are whole cartons; an order takes at least the store minimum (500) or the product’s minimum, whichever is larger, rounded up to a whole carton.',
      example: 50,
    }),
    maxOrderQuantity: z.number().int().nullable().meta({
      description:
        'The most one order may take, in units (a whole number of cartons, at least the smallest quantity that may be ordered); null: no maximum.',
      example: 100_000,
    }),
    price: z.number().meta({ description: 'Price of one unit, in US dollars.', example: 0.42 }),
    priceTiers: z
      .array(
        z.object({
          minQuantity: z
            .number()
            .int()
            .meta({ description: 'The row applies from this quantity on.' }),
          price: z.number().meta({ description: 'Price of one unit, in US dollars.' }),
        }),
      )
      .meta({
        description:
          "Volume prices: empty when the base `price` applies to every quantity; otherwise 2 to 10 rows, the first restating the base price at the minimum order quantity, each later one from a larger quantity at a lower price. An order's unit price is the price of the last row starting at or below its quantity.",
      }),
    picture: z.string().meta({
      description: 'Image URL: absolute, or a path on this origin (/images/…, /api/images/…).',
    }),
    sku: z
      .string()
      .nullable()
      .meta({ description: 'Part number; null for products from before part numbers.' }),
    category: z
      .enum(categorySlugs)
      .nullable()
      .meta({ description: 'Category slug; null for products from before categories.' }),
  })
  .meta({
    id: 'Product',
    example: {
      _id: '66a1f0c2e4b0a1b2c3d4e5f6',
      ...sampleProduct([
        { minQuantity: 500, price: 0.42 },
        { minQuantity: 5000, price: 0.38 },
        { minQuantity: 20000, price: 0.35 },
      ]),
    },
  });

const productId = z.object({ productId: objectIdPath('product id') });

/** 409 on `sku`: `withSkuConflict` (lib/catalogue/sku-conflict.ts). */
const skuTaken: CodeCase = {
  code: 'conflict',
  when: 'another product has this part number, in any case',
  example: fieldErrorExample('sku', fieldMessages.product.skuTaken, { code: 'conflict' }),
};

const cartonsRefused: CodeCase = {
  code: 'validation_failed',
  when: "a quantity breaks the product's cartons: the minimum order quantity, a price tier's start or the maximum per order is not a whole number of cartons, or the maximum is below the smallest quantity that may be ordered; `details.fields` names each field (on PATCH, a stored field too when the change would break it)",
  example: fieldErrorExample('minimumOrderQuantity', fieldMessages.product.minimumNotCartons('48')),
};

// The carton fields of the request bodies, described on the schema objects they are parsed with.
orderMultipleField.register(z.globalRegistry, {
  description:
    'Carton size, 1 to 1,000,000 units (1 when absent: sold one by one). Every order is a whole number of cartons, so the minimum order quantity, each price tier and the maximum per order must be multiples of it.',
  example: 50,
});
maxOrderQuantityField.register(z.globalRegistry, {
  description:
    'The most one order may take, in units: a whole number of cartons and at least the smallest quantity that may be ordered (the store minimum of 500 or the minimum order quantity, whichever is larger, rounded up to a whole carton). null or absent: no maximum.',
  example: 100_000,
});

const priceListRefused: CodeCase = {
  code: 'validation_failed',
  when: "a price tier breaks the rules of a price list or does not start at the product's minimum order quantity and base price: `details.fields` names each row field",
  example: fieldErrorExample('priceTiers.1.price', fieldMessages.product.tierPriceOrder),
};

// The query parameters, described on the schema objects GET /api/product parses with.
catalogueQuerySchema.shape.q.register(z.globalRegistry, {
  description:
    'Search text: the exact part number first, then part numbers starting with it, then full-text matches over name, description and part number.',
  example: 'bearing',
});
catalogueQuerySchema.shape.category.register(z.globalRegistry, {
  description: 'Only products of this category.',
});
catalogueQuerySchema.shape.sort.register(z.globalRegistry, {
  description: `Sort order: ${catalogueSorts.join(', ')}. Newest first by default, by relevance when searching.`,
});
catalogueQuerySchema.shape.page.register(z.globalRegistry, {
  description: 'Page number, from 1.',
  example: '1',
});
catalogueQuerySchema.shape.limit.register(z.globalRegistry, {
  description: `Products per page, 1 to ${MAX_CATALOGUE_LIMIT} (default ${DEFAULT_CATALOGUE_LIMIT}).`,
  example: '20',
});

export const listProductsOp = operation({
  method: 'get',
  path: '/api/product',
  operationId: 'listProducts',
  tag,
  summary: 'One page of the catalogue',
  description:
    'Products matching the search and filters, one page at a time. A repeated parameter counts by its first value; an empty one counts as absent; unknown parameters are ignored.',
  access: 'public',
  params: { query: catalogueQuerySchema },
  responses: {
    200: {
      description: 'The products of the page, in order.',
      json: z.array(productResponseSchema),
      headers: z.object({
        'X-Total-Count': z
          .string()
          .meta({ description: 'How many products match, over every page.', example: '134' }),
        Link: z.string().optional().meta({
          description:
            'The previous and next pages (RFC 8288) as paths keeping the other parameters, when they exist.',
          example:
            '</api/product?q=bearing&page=3>; rel="next", </api/product?q=bearing&page=1>; rel="prev"',
        }),
      }),
    },
  },
  errors: [queryRefused(catalogueQuerySchema, { limit: '500' })],
});

export const addProductOp = operation({
  method: 'post',
  path: '/api/product',
  operationId: 'addProduct',
  tag,
  summary: 'Add a product (admin)',
  description:
    'Adds a product to the catalogue. As JSON the picture is an image URL; as multipart/form-data the `picture` field may instead be an image file (JPEG, PNG, WebP or GIF, at most 5 MB), which is stored and removed again if the product is not saved, and `priceTiers` (optional, the volume price list) is one field holding its JSON list.',
  access: 'admin',
  body: {
    json: productSchema,
    example: sampleProduct([
      { minQuantity: 500, price: 0.42 },
      { minQuantity: 5000, price: 0.38 },
    ]),
    multipart: {
      fields: productFieldsSchema,
      file: 'picture',
      fileSchema: z.union([z.file(), pictureField]).meta({
        description: 'An image file, or an image URL as in the JSON body.',
      }),
    },
  },
  responses: {
    201: {
      description: 'The product was added.',
      json: z.object({
        acknowledged: z.literal(true),
        insertedId: idField,
        product: productResponseSchema,
      }),
    },
  },
  errors: [cartonsRefused, skuTaken],
});

export const getProductOp = operation({
  method: 'get',
  path: '/api/product/{productId}',
  operationId: 'getProduct',
  tag,
  summary: 'One product',
  access: 'public',
  params: { path: productId },
  responses: { 200: { description: 'The product.', json: productResponseSchema } },
  errors: ['product.not_found'],
});

export const getProductPictureOp = operation({
  method: 'get',
  path: '/api/product/{productId}/picture',
  operationId: 'getProductPicture',
  tag,
  summary: 'A product’s picture, from this origin',
  description:
    'The pages show every product picture from this origin or Cloudinary (their Content-Security-Policy allows no other image host). A picture an admin gave as a URL on another host is fetched by the server and answered here: only from public addresses (never loopback, private, link-local or other internal ones, also after a redirect; at most 3 redirects), within 5 seconds, and only a JPEG, PNG, WebP or GIF by its bytes of at most 5 MB. A fetched picture is kept by the server for 10 minutes, a failure for a minute. A picture on this origin or Cloudinary is a redirect to it.',
  access: 'public',
  params: { path: productId },
  responses: {
    200: {
      description: 'The picture, with its type found from its bytes.',
      content: Object.fromEntries(
        ['image/jpeg', 'image/png', 'image/webp', 'image/gif'].map((type) => [type, z.file()]),
      ),
      headers: z.object({
        'Cache-Control': z
          .string()
          .meta({ example: 'public, max-age=3600, stale-while-revalidate=86400' }),
        'Content-Length': z.string(),
        'X-Content-Type-Options': z.literal('nosniff'),
      }),
    },
    307: {
      description: 'The picture is on this origin or Cloudinary: go there.',
      headers: z.object({
        Location: z.string().meta({ example: '/images/products/ball-bearing.webp' }),
      }),
    },
  },
  errors: ['product.not_found', 'product.picture_unavailable'],
});

export const updateProductOp = operation({
  method: 'patch',
  path: '/api/product/{productId}',
  operationId: 'updateProduct',
  tag,
  summary:
    "Set a product's part number and category, its price tiers or its order quantities (admin)",
  description:
    "One change per request. `{ sku, category }` gives a product from before part numbers its part number and category, or corrects them. `{ priceTiers: [{ minQuantity, price }] }` replaces its volume price list (`[]` removes it), checked against the product's minimum order quantity, base price and carton size; orders already placed keep their unit price. `{ minimumOrderQuantity?, orderMultiple?, maxOrderQuantity?, priceTiers? }` with any of the first three sets its order quantities (`maxOrderQuantity: null` removes the maximum; `priceTiers` replaces the price list with them, whose first tier starts at the minimum): the product as it would be stored (the stored product with the change) must keep every rule, so a carton size alone is refused while the stored minimum, a price tier or the maximum is not a whole number of cartons, each issue under the field it concerns. A body with `minimumOrderQuantity`, `orderMultiple` or `maxOrderQuantity` is an order-quantities change; else one with `priceTiers` a price-list change; any other a part-number change.",
  access: 'admin',
  params: { path: productId },
  body: {
    json: productPatchSchema,
    emptyCheckedBy: partNumberSchema,
    example: { sku: 'BRG-6204-2RS', category: 'bearings' },
  },
  responses: { 200: { description: 'The product as it is now.', json: productResponseSchema } },
  errors: [
    priceListRefused,
    cartonsRefused,
    'product.not_found',
    skuTaken,
    {
      key: 'product.price_changed',
      when: "the product's minimum order quantity, base price, carton size, maximum or price list kept changing while the change was being checked",
    },
  ],
});

export const deleteProductOp = operation({
  method: 'delete',
  path: '/api/product/{productId}',
  operationId: 'deleteProduct',
  tag,
  summary: 'Remove a product (admin)',
  description: 'Orders already placed keep their own copy of the product details.',
  access: 'admin',
  params: { path: productId },
  responses: {
    200: {
      description: 'The product was removed.',
      json: z.object({ acknowledged: z.literal(true), deletedCount: z.literal(1) }),
    },
  },
  errors: ['product.not_found'],
});

export const productOperations = [
  listProductsOp,
  addProductOp,
  getProductOp,
  getProductPictureOp,
  updateProductOp,
  deleteProductOp,
];
