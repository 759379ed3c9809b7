import { z } from 'zod';
import {
  objectIdPath,
  operation,
  queryRefused,
  validationExample,
  type ErrorCase,
} from '@/lib/core/api/operation';
import { idField } from '@/lib/core/api/shapes';
import { MAX_PAGE_LIMIT } from '@/lib/core/validation/pagination';
import {
  DEFAULT_ENTRY_LIMIT,
  DEFAULT_PRICE_LIST_LIMIT,
  IMPORT_COLUMNS,
  MAX_IMPORT_LINES,
} from './rules';
import {
  assignPriceListSchema,
  createPriceListSchema,
  entrySchema,
  pageQuerySchema,
  priceListQuerySchema,
  updatePriceListSchema,
} from './validation/price-lists';
import { memberPricesQuerySchema, productIdsOf } from './validation/member-prices';
import { MAX_MEMBER_PRICE_IDS } from './shared';

export { memberPricesQuerySchema, productIdsOf };

/**
 * Price lists (store admins): contract prices per company, their entries, the CSV import, and
 * which list a company buys at. Money is in US dollars with at most two decimals, both ways
 * (as the product API's `price`), stored as integer cents; a percentage off has at most two
 * decimals (stored as basis points).
 */

const tag = 'Price lists';

const id = objectIdPath('price list id');
const productId = objectIdPath('product id');
const companyId = objectIdPath('company id');

for (const schema of [pageQuerySchema, priceListQuerySchema]) {
  schema.shape.page.register(z.globalRegistry, {
    description: 'Page number, from 1.',
    example: '1',
  });
}
priceListQuerySchema.shape.limit.register(z.globalRegistry, {
  description: `Price lists per page, 1 to ${MAX_PAGE_LIMIT} (default ${DEFAULT_PRICE_LIST_LIMIT}).`,
  example: '25',
});
pageQuerySchema.shape.limit.register(z.globalRegistry, {
  description: `Entries per page, 1 to ${MAX_PAGE_LIMIT} (default ${DEFAULT_ENTRY_LIMIT}).`,
  example: '50',
});
priceListQuerySchema.shape.companyId.register(z.globalRegistry, {
  description: 'Only the list this company buys at (none or one).',
  example: '66a1f0c2e4b0a1b2c3d4e5f6',
});

const dollars = (description: string) => z.number().meta({ description });

export const priceListSchema = z
  .object({
    _id: idField,
    name: z.string(),
    validFrom: z.iso.datetime().nullable().meta({
      description: 'The first instant the list applies (UTC); null: from always.',
    }),
    validTo: z.iso.datetime().nullable().meta({
      description:
        'The last instant the list applies (UTC, included; a day given as `YYYY-MM-DD` ends at 23:59:59.999); null: open-ended.',
    }),
    percentOff: z.number().nullable().meta({
      description:
        'The list-wide percentage off the product’s list price for products without an entry (12.5 is 12.5 %); null: none.',
    }),
    entryCount: z.number().int(),
    companyCount: z.number().int().meta({ description: 'Companies buying at this list.' }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'PriceList' });

export const priceListEntrySchema = z
  .object({
    productId: idField,
    sku: z.string().meta({ description: 'The product’s part number when the entry was written.' }),
    unitPrice: dollars(
      'The fixed unit price, in US dollars; null when the entry has tiers.',
    ).nullable(),
    tiers: z
      .array(
        z.object({
          minQuantity: z.number().int(),
          unitPrice: dollars('The unit price from this quantity on, in US dollars.'),
        }),
      )
      .nullable()
      .meta({ description: 'The entry’s own volume tiers; null when it has a fixed price.' }),
    minQuantity: z.number().int().nullable().meta({
      description: 'Overrides the product’s minimum order quantity; null: the product’s.',
    }),
    multiple: z.number().int().nullable().meta({
      description: 'Overrides the product’s order multiple (carton); null: the product’s.',
    }),
    maxQuantity: z.number().int().nullable().meta({
      description: 'Overrides the product’s maximum order quantity; null: the product’s.',
    }),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'PriceListEntry' });

const pageOf = (item: z.ZodType) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    pages: z.number().int(),
    total: z.number().int(),
  });

export const priceListPageSchema = pageOf(priceListSchema).meta({ id: 'PriceListPage' });

export const priceListDetailSchema = priceListSchema
  .extend({
    entries: pageOf(priceListEntrySchema),
    companyIds: z.array(idField).meta({
      description: 'The companies buying at this list (at most 100).',
    }),
  })
  .meta({ id: 'PriceListDetail' });

const listExample = {
  name: 'Whitfield Engineering 2027',
  validFrom: '2027-01-01',
  validTo: '2027-12-31',
  percentOff: 5,
};

export const listPriceListsOp = operation({
  method: 'get',
  path: '/api/admin/price-lists',
  operationId: 'listPriceLists',
  tag,
  summary: 'Price lists (admin)',
  description:
    'A page of price lists, newest first, each with how many entries it has and how many companies buy at it. With `companyId`, the list that company buys at.',
  access: 'admin',
  params: { query: priceListQuerySchema },
  responses: { 200: { description: 'The lists.', json: priceListPageSchema } },
  errors: [queryRefused(priceListQuerySchema, { page: '0' })],
});

export const createPriceListOp = operation({
  method: 'post',
  path: '/api/admin/price-lists',
  operationId: 'createPriceList',
  tag,
  summary: 'Create a price list (admin)',
  description:
    'A name (1-120 printable characters), an optional validity (`validFrom`, `validTo`: UTC days `YYYY-MM-DD` or ISO 8601 instants; `validTo` not before `validFrom`; either may be left open) and an optional list-wide `percentOff` the list price (above 0, below 100, at most 2 decimals). Entries are added by the import or one by one.',
  access: 'admin',
  body: { json: createPriceListSchema, example: listExample },
  responses: { 201: { description: 'The new list.', json: priceListSchema } },
  errors: [
    {
      code: 'validation_failed',
      when: '`validTo` before `validFrom`, a percentage out of range, a name missing or too long',
      example: validationExample(createPriceListSchema, {
        name: 'Contract',
        validFrom: '2027-02-01',
        validTo: '2027-01-01',
      }),
    },
  ],
});

export const getPriceListOp = operation({
  method: 'get',
  path: '/api/admin/price-lists/{id}',
  operationId: 'getPriceList',
  tag,
  summary: 'A price list with its entries (admin)',
  description: 'The list, a page of its entries by part number, and the companies buying at it.',
  access: 'admin',
  params: { path: z.object({ id }), query: pageQuerySchema },
  responses: { 200: { description: 'The list.', json: priceListDetailSchema } },
  errors: ['price_list.not_found', queryRefused(pageQuerySchema, { limit: '1000' })],
});

export const updatePriceListOp = operation({
  method: 'patch',
  path: '/api/admin/price-lists/{id}',
  operationId: 'updatePriceList',
  tag,
  summary: 'Change a price list (admin)',
  description:
    'Any of `name`, `validFrom`, `validTo`, `percentOff`; null clears a date or the percentage. The dates are checked with the stored ones: `validTo` never before `validFrom`. Placed orders keep their prices.',
  access: 'admin',
  params: { path: z.object({ id }) },
  body: { json: updatePriceListSchema, example: { percentOff: 7.5, validTo: null } },
  responses: { 200: { description: 'The list as it is now.', json: priceListSchema } },
  errors: [
    'price_list.not_found',
    'price_list.busy',
    {
      code: 'validation_failed',
      when: 'a field is not valid, or `validTo` would fall before `validFrom`',
      example: validationExample(updatePriceListSchema, { percentOff: 100 }),
    },
  ],
});

export const deletePriceListOp = operation({
  method: 'delete',
  path: '/api/admin/price-lists/{id}',
  operationId: 'deletePriceList',
  tag,
  summary: 'Delete a price list (admin)',
  description:
    'Deletes the list and its entries; the companies buying at it buy at list prices from then on. Placed orders keep their prices.',
  access: 'admin',
  params: { path: z.object({ id }) },
  responses: {
    200: {
      description: 'Deleted.',
      json: z.object({
        ok: z.literal(true),
        entriesRemoved: z.number().int(),
        companiesUnassigned: z.number().int(),
      }),
    },
  },
  errors: ['price_list.not_found'],
});

export const setPriceListEntryOp = operation({
  method: 'put',
  path: '/api/admin/price-lists/{id}/entries/{productId}',
  operationId: 'setPriceListEntry',
  tag,
  summary: 'Set one product’s entry in a price list (admin)',
  description:
    'Creates or replaces the entry: a fixed `unitPrice` or its own `tiers` (1-10 rows `{ minQuantity, unitPrice }`, each starting at a larger quantity with a lower price; a quantity below the first tier gets no contract price from the entry), in US dollars with at most 2 decimals, and optional overrides `minQuantity`, `multiple`, `maxQuantity` (whole numbers from 1; the maximum not below the minimum).',
  access: 'admin',
  params: { path: z.object({ id, productId }) },
  body: {
    json: entrySchema,
    example: { unitPrice: 0.42, minQuantity: 480, multiple: 48, maxQuantity: 48_000 },
  },
  responses: { 200: { description: 'The entry as stored.', json: priceListEntrySchema } },
  errors: [
    'price_list.not_found',
    'product.not_found',
    {
      code: 'validation_failed',
      when: 'both or neither of a unit price and tiers, tiers out of order, a maximum below the minimum, a price or quantity out of range',
      example: validationExample(entrySchema, {
        unitPrice: 0.42,
        minQuantity: 500,
        maxQuantity: 100,
      }),
    },
  ],
});

export const deletePriceListEntryOp = operation({
  method: 'delete',
  path: '/api/admin/price-lists/{id}/entries/{productId}',
  operationId: 'deletePriceListEntry',
  tag,
  summary: 'Remove one product’s entry from a price list (admin)',
  access: 'admin',
  params: { path: z.object({ id, productId }) },
  responses: { 200: { description: 'Removed.', json: z.object({ ok: z.literal(true) }) } },
  errors: ['price_list.not_found', 'price_list.entry_not_found'],
});

const importExample = `sku,unitPrice,minQuantity,multiple,maxQuantity\r\nSG-M2-40-20,0.42,480,48,48000\r\n6205-2RS-C3,1.85,,,\r\n`;

/** What a refused import's `details` hold: every refused line with its problems. */
const importRefusedExample: unknown = {
  lineCount: 2,
  refusedCount: 1,
  refused: [
    {
      line: 3,
      text: 'NOPE-1,abc',
      sku: 'NOPE-1',
      problems: [
        {
          field: 'unitPrice',
          reason: 'bad_number',
          message:
            'Unit price "abc" is not a price in dollars from 0.01 to 1,000,000 with at most 2 decimals',
        },
      ],
    },
  ],
};

/** How an import fails (typed apart: the cases' shapes differ). */
const importErrors: ErrorCase[] = [
  'price_list.not_found',
  {
    key: 'price_list.import_refused',
    params: { refused: 1, lines: 2 },
    details: importRefusedExample,
  },
  {
    key: 'price_list.import_too_many_lines',
    params: { max: '10,000', count: 10_001 },
    details: { maxLines: MAX_IMPORT_LINES, lines: 10_001 },
  },
  { key: 'price_list.import_too_large', params: { max: '2 MB' } },
  'price_list.import_empty',
  {
    code: 'validation_failed',
    when: 'a multipart upload without its `file` field, or one that cannot be read',
  },
];

export const importPriceListEntriesOp = operation({
  method: 'post',
  path: '/api/admin/price-lists/{id}/entries/import',
  operationId: 'importPriceListEntries',
  tag,
  summary: 'Import a price list’s entries from CSV (admin)',
  description: `The body is the CSV itself (\`Content-Type: text/csv\`), or a \`multipart/form-data\` upload with the file in the field \`file\`: one line per part, \`${IMPORT_COLUMNS.join(',')}\` (a comma, semicolon or tab between fields; a first line naming the columns is skipped; blank lines are ignored). \`unitPrice\` is in US dollars with at most 2 decimals; \`minQuantity\`, \`multiple\` and \`maxQuantity\` are optional whole numbers from 1, the maximum not below the minimum. Each line sets its part's entry (a fixed price, replacing tiers), created or replaced. All or nothing: every line is checked first (unknown part number, bad number, the same part twice, a maximum below the minimum, a line that cannot be read), and when any is refused nothing is written and the 422 \`price_list.import_refused\` lists each refused line in \`details.refused\` (\`{ line, text, sku, problems: [{ field, reason, message }] }\`, at most 1,000, with \`details.refusedCount\`); otherwise every entry is written at once. At most ${MAX_IMPORT_LINES.toLocaleString('en-US')} lines and 2 MB: 422 before anything is read.`,
  access: 'admin',
  params: { path: z.object({ id }) },
  body: {
    raw: {
      contentType: 'text/csv',
      schema: z.string().meta({ description: 'The CSV.', example: importExample }),
    },
  },
  responses: {
    200: {
      description: 'Every line was written.',
      json: z
        .object({
          lineCount: z.number().int(),
          created: z.number().int().meta({ description: 'Entries created.' }),
          updated: z.number().int().meta({ description: 'Entries replaced.' }),
        })
        .meta({ id: 'PriceListImportResult' }),
    },
  },
  errors: importErrors,
});

export const assignCompanyPriceListOp = operation({
  method: 'patch',
  path: '/api/admin/companies/{companyId}',
  operationId: 'assignCompanyPriceList',
  tag,
  summary: 'Set the price list a company buys at (admin)',
  description:
    '`{ "priceListId": "<id>" }` gives the company that list (replacing any other); `{ "priceListId": null }` takes it away (list prices). Placed orders keep their prices.',
  access: 'admin',
  params: { path: z.object({ companyId }) },
  body: { json: assignPriceListSchema, example: { priceListId: '66a1f0c2e4b0a1b2c3d4e5f6' } },
  responses: {
    200: {
      description: 'The company’s price list now.',
      json: z
        .object({
          companyId: idField,
          priceList: z.object({ _id: idField, name: z.string() }).nullable(),
        })
        .meta({ id: 'CompanyPriceList' }),
    },
  },
  errors: [
    'company.not_found',
    { key: 'price_list.not_found', when: 'no price list has the id given' },
  ],
});

// ---- A member's own prices ------------------------------------------------------------------

memberPricesQuerySchema.shape.productIds.register(z.globalRegistry, {
  description: `The products asked: 1 to ${MAX_MEMBER_PRICE_IDS} product ids (24 hexadecimal digits each), separated by commas.`,
  example: '66a1f0c2e4b0a1b2c3d4e5f6,66a1f0c2e4b0a1b2c3d4e5f7',
});

export const memberPriceSchema = z
  .object({
    productId: idField,
    listPrice: dollars('The product’s list price, in US dollars.'),
    unitPrice: dollars(
      'Your unit price at `minimumOrderQuantity`, in US dollars, from your company’s contract.',
    ),
    priceSource: z
      .string()
      .regex(/^contract:[0-9a-f]{24}$/)
      .meta({ description: 'Where the price comes from: `contract:<price list id>`.' }),
    tiers: z
      .array(
        z.object({
          minQuantity: z.number().int(),
          unitPrice: dollars('Your unit price from this quantity on, in US dollars.'),
        }),
      )
      .nullable()
      .meta({
        description:
          'The contract entry’s own volume tiers; null for a fixed contract price or the list’s percentage off.',
      }),
    minimumOrderQuantity: z.number().int().meta({
      description:
        'The smallest quantity you may order (the store’s, the product’s and the contract’s minimum, rounded up to a whole carton).',
    }),
    orderMultiple: z
      .number()
      .int()
      .meta({ description: 'The carton size: every quantity is a multiple of it.' }),
    maxOrderQuantity: z.number().int().nullable().meta({
      description:
        'The most one order may take (the contract’s or the product’s, in whole cartons), stock aside; null: no maximum per order.',
    }),
  })
  .meta({ id: 'MemberPrice' });

export const memberPricesSchema = z
  .object({
    contract: z
      .object({ id: idField, name: z.string() })
      .nullable()
      .meta({ description: 'The price list your company buys at now; null when none applies.' }),
    prices: z.array(memberPriceSchema).meta({
      description:
        'Your price of each product asked that your contract prices, in the order asked; products at their list price or volume tier, and unknown ids, are left out.',
    }),
  })
  .meta({ id: 'MemberPrices' });

export const memberPricesOp = operation({
  method: 'get',
  path: '/api/prices',
  operationId: 'getMemberPrices',
  tag,
  summary: 'Your contract prices',
  description: `The signed-in caller’s own prices of the products asked, from their company’s price list, for the product cards of the public pages (which show list prices only, the same for everyone, and are cached). Read with the session cookie or an access token when one is sent; anyone else, a person in no company, or a company without a list valid now gets \`{ "contract": null, "prices": [] }\` (200, never an error, so a page may ask without knowing who is signed in). Always answered with \`Cache-Control: private, no-store\` and \`Vary: Cookie, Authorization\`: no shared cache keeps it. At most ${MAX_MEMBER_PRICE_IDS} products per request.`,
  access: 'public',
  params: { query: memberPricesQuerySchema },
  responses: {
    200: {
      description: 'Your prices (none for a guest or a person without a contract).',
      json: memberPricesSchema,
      headers: z.object({
        'Cache-Control': z.literal('private, no-store'),
        Vary: z.string().meta({ example: 'Cookie, Authorization' }),
      }),
    },
  },
  errors: [
    {
      code: 'validation_failed',
      when: `\`productIds\` is missing, names more than ${MAX_MEMBER_PRICE_IDS} products, or holds something other than product ids separated by commas`,
      example: validationExample(memberPricesQuerySchema, { productIds: 'not-an-id' }),
    },
  ],
});

export const pricingOperations = [
  listPriceListsOp,
  createPriceListOp,
  getPriceListOp,
  updatePriceListOp,
  deletePriceListOp,
  setPriceListEntryOp,
  deletePriceListEntryOp,
  importPriceListEntriesOp,
  assignCompanyPriceListOp,
  memberPricesOp,
] as const;
