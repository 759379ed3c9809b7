import { describe, expect, it } from 'vitest';
import { fieldIssues } from '@/lib/core/refusal';
import { fieldMessages } from '@/lib/core/messages';
import { createOrderSchema, orderFormSchema } from '@/lib/orders/validation/order';
import {
  MAX_PRICE_TIERS,
  priceTierIssues,
  priceTiersPatchSchema,
  productFieldsSchema,
  productFormSchema,
  productSchema,
} from '@/lib/catalogue/validation/product';
import { profileSchema } from '@/lib/accounts/validation/profile';

const m = fieldMessages.product;

const product = {
  name: 'Deep Groove Ball Bearing 6205-2RS',
  description: 'Single-row bearing with seals on both sides.',
  minimumOrderQuantity: 500,
  availableQuantity: 42_000,
  price: 2.65,
  picture: '/images/products/deep-groove-ball-bearing.webp',
  sku: '6205-2RS',
  category: 'bearings',
};

const tiers = [
  { minQuantity: 500, price: 2.65 },
  { minQuantity: 5_000, price: 2.4 },
  { minQuantity: 20_000, price: 2.1 },
];

/** The field issues of a product with these tiers (and other overrides). */
function issues(priceTiers: unknown, overrides: Record<string, unknown> = {}) {
  const result = productSchema.safeParse({ ...product, ...overrides, priceTiers });
  return result.success ? {} : fieldIssues(result.error);
}

describe('price tier rules', () => {
  it('accepts the example list, no list and an empty list; price stays the base price', () => {
    const parsed = productSchema.parse({ ...product, priceTiers: tiers });
    expect(parsed.price).toBe(2.65);
    expect(parsed.priceTiers).toEqual(tiers);
    expect(issues(undefined)).toEqual({});
    expect(issues([])).toEqual({});
  });

  it('the first tier starts at the minimum order quantity', () => {
    expect(issues([{ minQuantity: 1_000, price: 2.65 }, ...tiers.slice(1)])).toEqual({
      'priceTiers.0.minQuantity': [m.tierFirstQuantity(500)],
    });
    expect(issues(tiers, { minimumOrderQuantity: 750 })).toEqual({
      'priceTiers.0.minQuantity': ['The first tier starts at the minimum order quantity (750)'],
    });
  });

  it("the first tier's price is the base price", () => {
    expect(issues([{ minQuantity: 500, price: 2.5 }, ...tiers.slice(1)])).toEqual({
      'priceTiers.0.price': ["The first tier's price is the base price ($2.65)"],
    });
    expect(issues(tiers, { price: 3 })).toEqual({
      'priceTiers.0.price': ["The first tier's price is the base price ($3.00)"],
    });
  });

  it('quantities strictly increase', () => {
    expect(
      issues([tiers[0], { minQuantity: 20_000, price: 2.4 }, { minQuantity: 5_000, price: 2.1 }]),
    ).toEqual({ 'priceTiers.2.minQuantity': [m.tierQuantityOrder] });
    expect(issues([tiers[0], { minQuantity: 400, price: 2.4 }])).toEqual({
      'priceTiers.1.minQuantity': ['Must be larger than the quantity of the tier before'],
    });
  });

  it('no two tiers start at the same quantity', () => {
    expect(issues([...tiers.slice(0, 2), { minQuantity: 5_000, price: 2.1 }])).toEqual({
      'priceTiers.2.minQuantity': ['Another tier already starts at this quantity'],
    });
    expect(issues([tiers[0], { minQuantity: 500, price: 2.4 }])).toEqual({
      'priceTiers.1.minQuantity': [m.tierQuantityDuplicate],
    });
  });

  it('prices strictly decrease, so every later tier is below the base price', () => {
    expect(issues([tiers[0], { minQuantity: 5_000, price: 2.65 }])).toEqual({
      'priceTiers.1.price': ['Must be lower than the price of the tier before'],
    });
    expect(issues([tiers[0], { minQuantity: 5_000, price: 2.8 }])).toEqual({
      'priceTiers.1.price': [m.tierPriceOrder],
    });
    expect(
      issues([tiers[0], { minQuantity: 5_000, price: 2.1 }, { minQuantity: 20_000, price: 2.4 }]),
    ).toEqual({ 'priceTiers.2.price': [m.tierPriceOrder] });
  });

  it('a list has two tiers at least and ten at most', () => {
    expect(issues([tiers[0]])).toEqual({ priceTiers: [m.tiersTooFew] });
    const eleven = Array.from({ length: MAX_PRICE_TIERS + 1 }, (_, index) => ({
      minQuantity: 500 + index * 1_000,
      price: 2.65 - index * 0.1,
    }));
    expect(issues(eleven)).toEqual({ priceTiers: ['At most 10 price tiers'] });
    expect(
      issues(eleven.slice(0, MAX_PRICE_TIERS).map((t) => ({ ...t, price: +t.price.toFixed(2) }))),
    ).toEqual({});
  });

  it('each row: whole quantity from 1, price from $0.01 with two decimals, no other keys', () => {
    expect(
      issues([
        { minQuantity: 500, price: 2.65 },
        { minQuantity: 5_000.5, price: 0 },
        { minQuantity: 0, price: 1.005 },
        { minQuantity: 30_000 },
        { price: 1, discount: 5 },
      ]),
    ).toEqual({
      'priceTiers.1.minQuantity': [m.wholeNumber],
      'priceTiers.1.price': [m.tierPriceMinimum],
      'priceTiers.2.minQuantity': [m.tierQuantityMinimum],
      'priceTiers.2.price': [m.priceDecimals],
      'priceTiers.3.price': ['Unit price is Required'],
      'priceTiers.4.minQuantity': ['From quantity is Required'],
      'priceTiers.4': [expect.any(String)],
    });
    expect(issues('500:2.65')).toEqual({ priceTiers: [m.tiersNotList] });
    expect(issues([{ minQuantity: '500', price: '2.65' }, tiers[1]])).toEqual({
      'priceTiers.0.minQuantity': ['From quantity is Required'],
      'priceTiers.0.price': ['Unit price is Required'],
    });
  });

  it('shows every field problem at once, tiers with the other fields', () => {
    const result = issues([{ minQuantity: 600, price: 2.65 }, tiers[1]], { name: '' });
    expect(result).toEqual({
      name: ['Name is Required'],
      'priceTiers.0.minQuantity': [m.tierFirstQuantity(500)],
    });
  });

  it('priceTierIssues checks a list against a stored product (PATCH)', () => {
    expect(priceTierIssues(tiers, { minimumOrderQuantity: 500, price: 2.65 })).toEqual([]);
    expect(priceTierIssues(tiers, { minimumOrderQuantity: 1_000, price: 2.65 })).toEqual([
      { path: ['priceTiers', 0, 'minQuantity'], message: m.tierFirstQuantity(1_000) },
    ]);
    expect(priceTiersPatchSchema.safeParse({ priceTiers: [] }).success).toBe(true);
    expect(priceTiersPatchSchema.safeParse({}).success).toBe(false);
  });

  it('multipart: the list comes as one JSON text field', () => {
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    const { picture, ...fields } = product;
    const parsed = productFieldsSchema.parse({ ...fields, priceTiers: JSON.stringify(tiers) });
    expect(parsed.priceTiers).toEqual(tiers);
    const bad = productFieldsSchema.safeParse({ ...fields, priceTiers: '[{' });
    expect(bad.success || fieldIssues(bad.error)).toEqual({ priceTiers: [m.tiersNotList] });
  });

  it('the Add Product form: empty number inputs (NaN) are "Required" per row', () => {
    const result = productFormSchema.safeParse({
      ...product,
      priceTiers: [tiers[0], { minQuantity: Number.NaN, price: Number.NaN }],
    });
    expect(result.success || fieldIssues(result.error)).toEqual({
      'priceTiers.1.minQuantity': ['From quantity is Required'],
      'priceTiers.1.price': ['Unit price is Required'],
    });
  });
});

describe('PO number', () => {
  const order = {
    productId: '0123456789abcdef01234567',
    quantity: 500,
    address: '1 Mill Road',
    phone: '5550100',
  };
  const parse = (poNumber: unknown) => createOrderSchema.safeParse({ ...order, poNumber });

  it('is optional, trimmed, and empty means none', () => {
    expect(createOrderSchema.parse(order).poNumber).toBeUndefined();
    expect(parse('  PO-2026/0042  ').data?.poNumber).toBe('PO-2026/0042');
    expect(parse('   ').data?.poNumber).toBeUndefined();
    expect(parse(null).data?.poNumber).toBeUndefined();
    expect(parse('Bestellung Nr. 12 – Müller').data?.poNumber).toBe('Bestellung Nr. 12 – Müller');
  });

  it('at most 40 characters', () => {
    expect(parse('P'.repeat(40)).success).toBe(true);
    const long = parse('P'.repeat(41));
    expect(long.success || fieldIssues(long.error)).toEqual({
      poNumber: ['PO number must be at most 40 characters'],
    });
  });

  it.each([
    ['a new line', 'PO-1\nPO-2'],
    ['a tab', 'PO\t1'],
    ['a NUL', 'PO\u00001'],
    ['a bidi override', 'PO-\u202E1234'],
    ['a zero-width space', 'PO\u200B1'],
    ['a line separator', 'PO\u20281'],
  ])('refuses %s', (_label, value) => {
    const result = parse(value);
    expect(result.success || fieldIssues(result.error)).toEqual({
      poNumber: ['PO number must use printable characters only'],
    });
  });

  it('refuses a number or an object, and the form shares the rule', () => {
    expect(parse(42).success).toBe(false);
    expect(parse({ $ne: '' }).success).toBe(false);
    const form = orderFormSchema.safeParse({
      quantity: '500',
      address: 'x',
      phone: '1',
      poNumber: 'P'.repeat(41),
    });
    expect(form.success || fieldIssues(form.error)).toEqual({
      poNumber: [fieldMessages.order.poNumberTooLong],
    });
  });
});

describe('profile business fields', () => {
  const profile = {
    name: 'Pat Profile',
    email: 'pat@example.com',
    education: 'MSc',
    location: 'Sheffield',
    link: 'https://example.com/pat',
  };
  const parse = (extra: Record<string, unknown>) =>
    profileSchema.safeParse({ ...profile, ...extra });

  it('are optional: absent keeps, empty or null clears, text is trimmed', () => {
    const absent = profileSchema.parse(profile);
    expect(absent.company).toBeUndefined();
    expect(absent.taxId).toBeUndefined();
    expect(parse({ company: '', taxId: null }).data).toMatchObject({ company: null, taxId: null });
    expect(parse({ company: '  Acme Gear GmbH ', taxId: ' DE 123.456-789 ' }).data).toMatchObject({
      company: 'Acme Gear GmbH',
      taxId: 'DE 123.456-789',
    });
  });

  it('company: at most 120 printable characters', () => {
    expect(parse({ company: 'C'.repeat(120) }).success).toBe(true);
    const long = parse({ company: 'C'.repeat(121) });
    expect(long.success || fieldIssues(long.error)).toEqual({
      company: ['Company must be at most 120 characters'],
    });
    const control = parse({ company: 'Acme\r\nBcc: x@example.com' });
    expect(control.success || fieldIssues(control.error)).toEqual({
      company: ['Company must use printable characters only'],
    });
  });

  it('tax id: at most 40 letters, digits, spaces, dots and dashes', () => {
    for (const taxId of [
      'GB123456789',
      'DE 123 456 789',
      'ATU12345678',
      '12-3456789',
      'NL.8.B01',
    ]) {
      expect(parse({ taxId }).success, taxId).toBe(true);
    }
    for (const taxId of ['DE/123', 'DE_123', 'ÄÖ123', '<b>1</b>', 'DE\n1']) {
      const result = parse({ taxId });
      expect(result.success || fieldIssues(result.error), taxId).toEqual({
        taxId: ['Tax ID / VAT number may use letters, digits, spaces, dots and dashes only'],
      });
    }
    const long = parse({ taxId: '1'.repeat(41) });
    expect(long.success || fieldIssues(long.error)).toEqual({
      taxId: ['Tax ID / VAT number must be at most 40 characters'],
    });
  });
});
