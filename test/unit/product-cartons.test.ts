import { describe, expect, it } from 'vitest';
import { fieldIssues } from '@/lib/core/refusal';
import { fieldMessages } from '@/lib/core/messages';
import {
  cartonIssues,
  orderQuantitiesPatchSchema,
  productFieldsSchema,
  productFormSchema,
  productRuleIssues,
  productSchema,
} from '@/lib/catalogue/validation/product';

// A product's cartons (issue 26): the carton size (`orderMultiple`) and the maximum per order
// (`maxOrderQuantity`) as Add Product, the API and Manage Products take them, and the rules
// that bind them to the minimum order quantity and the price tiers.

const m = fieldMessages.product;

const product = {
  name: 'Hex Flange Bolt M8',
  description: 'Zinc-plated hex flange bolts, M8 x 30 mm, grade 8.8, packed in cartons.',
  minimumOrderQuantity: 528,
  availableQuantity: 50_000,
  price: 0.31,
  picture: '/images/products/hex-flange-bolt.webp',
  sku: 'HFB-M8-30',
  category: 'fasteners',
};

const cartonTiers = [
  { minQuantity: 528, price: 0.31 },
  { minQuantity: 4_992, price: 0.28 },
];

/** The field issues of Add Product's JSON body with these fields over `product`. */
function issues(overrides: Record<string, unknown>) {
  const result = productSchema.safeParse({ ...product, ...overrides });
  return result.success ? {} : fieldIssues(result.error);
}

describe('the carton fields of a new product', () => {
  it('a product without a carton size is sold one by one, without a maximum', () => {
    const parsed = productSchema.parse({ ...product, minimumOrderQuantity: 500 });
    expect(parsed.orderMultiple).toBe(1);
    expect(parsed.maxOrderQuantity).toBeUndefined();
  });

  it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
    [
      'the minimum is not a whole number of cartons',
      { orderMultiple: 48, minimumOrderQuantity: 500 },
      { minimumOrderQuantity: [m.minimumNotCartons('48')] },
    ],
    [
      'the message says "The minimum order quantity must be a whole number of cartons (multiples of 48)"',
      { orderMultiple: 48, minimumOrderQuantity: 500 },
      {
        minimumOrderQuantity: [
          'The minimum order quantity must be a whole number of cartons (multiples of 48)',
        ],
      },
    ],
    [
      'a price tier starts between two cartons',
      {
        orderMultiple: 48,
        priceTiers: [cartonTiers[0], { minQuantity: 5_000, price: 0.28 }],
      },
      { 'priceTiers.1.minQuantity': [m.tierNotCartons('48')] },
    ],
    [
      'the maximum is below the effective minimum (500 rounded up to 528)',
      { orderMultiple: 48, minimumOrderQuantity: 48, maxOrderQuantity: 480 },
      { maxOrderQuantity: [m.maximumBelowMinimum('528')] },
    ],
    [
      "the maximum is below the product's own minimum",
      { orderMultiple: 1, minimumOrderQuantity: 2_000, maxOrderQuantity: 1_500 },
      { maxOrderQuantity: [m.maximumBelowMinimum('2,000')] },
    ],
    [
      'the maximum is not a whole number of cartons',
      { orderMultiple: 48, maxOrderQuantity: 10_000 },
      { maxOrderQuantity: [m.maximumNotCartons('48')] },
    ],
    [
      'large carton sizes are written with separators',
      { orderMultiple: 1_200, minimumOrderQuantity: 1_000 },
      { minimumOrderQuantity: [m.minimumNotCartons('1,200')] },
    ],
    ['a carton size of 0', { orderMultiple: 0 }, { orderMultiple: [m.orderMultipleInvalid] }],
    ['a negative carton size', { orderMultiple: -48 }, { orderMultiple: [m.orderMultipleInvalid] }],
    ['a carton size of 2.5', { orderMultiple: 2.5 }, { orderMultiple: [m.orderMultipleInvalid] }],
    [
      'a carton size above 1,000,000',
      { orderMultiple: 1_000_001 },
      { orderMultiple: [m.orderMultipleInvalid] },
    ],
    ['a carton size as text', { orderMultiple: '48' }, { orderMultiple: [m.orderMultipleInvalid] }],
    ['a null carton size', { orderMultiple: null }, { orderMultiple: [m.orderMultipleInvalid] }],
    ['a maximum of 0', { maxOrderQuantity: 0 }, { maxOrderQuantity: [m.maxOrderQuantityInvalid] }],
    [
      'a negative maximum',
      { maxOrderQuantity: -528 },
      { maxOrderQuantity: [m.maxOrderQuantityInvalid] },
    ],
    [
      'a fractional maximum',
      { maxOrderQuantity: 1_056.5 },
      { maxOrderQuantity: [m.maxOrderQuantityInvalid] },
    ],
    [
      'a maximum as text',
      { maxOrderQuantity: '1056' },
      { maxOrderQuantity: [m.maxOrderQuantityInvalid] },
    ],
    [
      'a maximum above the quantity bound',
      { maxOrderQuantity: 2_000_000_000 },
      { maxOrderQuantity: [m.tooLarge] },
    ],
  ])('refuses: %s', (_case, overrides, expected) => {
    expect(issues(overrides)).toEqual(expected);
  });

  it.each<[string, Record<string, unknown>]>([
    ['cartons of 48 from 528', { orderMultiple: 48 }],
    ['cartons of 48 with tiers on cartons', { orderMultiple: 48, priceTiers: cartonTiers }],
    ['a maximum of whole cartons', { orderMultiple: 48, maxOrderQuantity: 9_984 }],
    ['a maximum at the effective minimum', { orderMultiple: 48, maxOrderQuantity: 528 }],
    ['no maximum (null)', { orderMultiple: 48, maxOrderQuantity: null }],
    ['a minimum below 500 on the carton', { orderMultiple: 48, minimumOrderQuantity: 48 }],
    ['a minimum of 0', { orderMultiple: 48, minimumOrderQuantity: 0 }],
    [
      'one by one with any minimum and maximum',
      { minimumOrderQuantity: 750, maxOrderQuantity: 777 },
    ],
    ['the largest carton', { orderMultiple: 1_000_000, minimumOrderQuantity: 1_000_000 }],
  ])('accepts: %s', (_case, overrides) => {
    expect(issues(overrides)).toEqual({});
  });

  it('every field message at once: the minimum, a tier and the maximum', () => {
    expect(
      issues({
        orderMultiple: 48,
        minimumOrderQuantity: 500,
        priceTiers: [
          { minQuantity: 500, price: 0.31 },
          { minQuantity: 5_000, price: 0.28 },
        ],
        maxOrderQuantity: 10_000,
      }),
    ).toEqual({
      minimumOrderQuantity: [m.minimumNotCartons('48')],
      'priceTiers.0.minQuantity': [m.tierNotCartons('48')],
      'priceTiers.1.minQuantity': [m.tierNotCartons('48')],
      maxOrderQuantity: [m.maximumNotCartons('48')],
    });
  });

  it('a tier start gets one message at a time: the list rule first', () => {
    expect(
      issues({
        orderMultiple: 48,
        priceTiers: [{ minQuantity: 500, price: 0.31 }, cartonTiers[1]],
      }),
    ).toEqual({ 'priceTiers.0.minQuantity': [m.tierFirstQuantity(528)] });
  });

  it('says nothing about cartons while the carton size itself is refused', () => {
    expect(issues({ orderMultiple: 0, minimumOrderQuantity: 500, maxOrderQuantity: 7 })).toEqual({
      orderMultiple: [m.orderMultipleInvalid],
    });
  });
});

describe('the Add Product form and multipart body', () => {
  const form = {
    ...product,
    picture: product.picture,
    pictureFile: undefined,
    priceTiers: [],
  };

  it('the form: a carton size and an empty maximum (null) are valid', () => {
    const parsed = productFormSchema.parse({ ...form, orderMultiple: 48, maxOrderQuantity: null });
    expect(parsed).toMatchObject({ orderMultiple: 48, maxOrderQuantity: null });
  });

  it('the form: an emptied carton size (NaN) and a carton rule are field messages', () => {
    const result = productFormSchema.safeParse({
      ...form,
      orderMultiple: Number.NaN,
      maxOrderQuantity: 1_000,
    });
    expect(result.success ? {} : fieldIssues(result.error)).toEqual({
      orderMultiple: [m.orderMultipleInvalid],
    });
    const carton = productFormSchema.safeParse({
      ...form,
      orderMultiple: 48,
      maxOrderQuantity: 1_000,
    });
    expect(carton.success ? {} : fieldIssues(carton.error)).toEqual({
      maxOrderQuantity: [m.maximumNotCartons('48')],
    });
  });

  it('multipart: the same rules over the fields as numbers', () => {
    // A multipart form's picture is its file field, not one of these.
    const fields: Record<string, unknown> = { ...product };
    delete fields.picture;
    const result = productFieldsSchema.safeParse({
      ...fields,
      orderMultiple: 48,
      minimumOrderQuantity: 500,
    });
    expect(result.success ? {} : fieldIssues(result.error)).toEqual({
      minimumOrderQuantity: [m.minimumNotCartons('48')],
    });
  });
});

describe('the rules against a stored product (PATCH)', () => {
  const stored = {
    minimumOrderQuantity: 500,
    price: 0.31,
    orderMultiple: 1,
    maxOrderQuantity: null,
    priceTiers: [
      { minQuantity: 500, price: 0.31 },
      { minQuantity: 4_800, price: 0.28 },
    ],
  };

  it('a carton size alone is checked with the stored minimum, tiers and maximum', () => {
    expect(productRuleIssues({ ...stored, orderMultiple: 48 })).toEqual([
      { path: ['minimumOrderQuantity'], message: m.minimumNotCartons('48') },
      { path: ['priceTiers', 0, 'minQuantity'], message: m.tierNotCartons('48') },
    ]);
    expect(productRuleIssues({ ...stored, orderMultiple: 20 })).toEqual([]);
    expect(productRuleIssues({ ...stored, orderMultiple: 250, maxOrderQuantity: 450 })).toEqual([
      { path: ['priceTiers', 1, 'minQuantity'], message: m.tierNotCartons('250') },
      { path: ['maxOrderQuantity'], message: m.maximumBelowMinimum('500') },
    ]);
  });

  it('the minimum and the tiers moved to the carton together are accepted', () => {
    expect(
      productRuleIssues({
        ...stored,
        orderMultiple: 48,
        minimumOrderQuantity: 528,
        priceTiers: [
          { minQuantity: 528, price: 0.31 },
          { minQuantity: 4_800, price: 0.28 },
        ],
        maxOrderQuantity: 48_000,
      }),
    ).toEqual([]);
  });

  it('cartonIssues reads an absent or null carton size as 1', () => {
    expect(cartonIssues({ minimumOrderQuantity: 501, maxOrderQuantity: 777 })).toEqual([]);
    expect(cartonIssues({ minimumOrderQuantity: 501, orderMultiple: null })).toEqual([]);
    expect(cartonIssues({ minimumOrderQuantity: 501, maxOrderQuantity: 499 })).toEqual([
      { path: ['maxOrderQuantity'], message: m.maximumBelowMinimum('501') },
    ]);
  });

  it('the PATCH body: any of the three quantities, null removes the maximum', () => {
    expect(orderQuantitiesPatchSchema.parse({ orderMultiple: 48 })).toEqual({ orderMultiple: 48 });
    expect(orderQuantitiesPatchSchema.parse({ maxOrderQuantity: null })).toEqual({
      maxOrderQuantity: null,
    });
    const empty = orderQuantitiesPatchSchema.safeParse({ priceTiers: [] });
    expect(empty.success ? {} : fieldIssues(empty.error)).toEqual({
      _: [m.orderQuantitiesMissing],
    });
    const bad = orderQuantitiesPatchSchema.safeParse({ orderMultiple: 0, price: 1 });
    expect(bad.success).toBe(false);
    expect(bad.success ? {} : fieldIssues(bad.error)).toMatchObject({
      orderMultiple: [m.orderMultipleInvalid],
    });
  });
});
