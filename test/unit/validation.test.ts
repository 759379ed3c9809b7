import { describe, expect, it } from 'vitest';
import { contactSchema } from '@/lib/contact/validation/contact';
import { ApiError, fieldIssues, validationError } from '@/lib/api/errors';
import { centsToDollars, formatMoney, toCents as dollarsToCents } from '@/lib/core/money';
import { fieldMessages } from '@/lib/core/messages';
import { catalogueQuerySchema, productSchema } from '@/lib/catalogue/validation/product';

/** Dollars as the store shows them (the data objects' prices). */
const formatPrice = (dollars: number) => formatMoney(dollarsToCents(dollars));

describe('contact schema', () => {
  it('requires every field', () => {
    const result = contactSchema.safeParse({ name: '', email: '', address: '', message: '' });
    expect(result.success).toBe(false);
    const fields = fieldIssues(result.error!);
    expect(fields.name).toEqual(['Name is Required']);
    expect(fields.email?.[0]).toBe('Email is Required');
    expect(fields.address).toEqual(['Address is Required']);
    expect(fields.message).toEqual(['Message is Required']);
  });

  it('refuses a name that would break a mail header', () => {
    const result = contactSchema.safeParse({
      name: 'Eve\r\nBcc: a@b.co',
      email: 'eve@example.com',
      address: 'x',
      message: 'y',
    });
    expect(result.success).toBe(false);
  });

  it('refuses a malformed email', () => {
    const result = contactSchema.safeParse({
      name: 'A',
      email: 'not-an-email',
      address: 'x',
      message: 'y',
    });
    expect(fieldIssues(result.error!).email).toEqual(['Provide a valid Email']);
  });
});

describe('API errors', () => {
  it('map codes to statuses and one JSON shape', () => {
    const error = new ApiError('not_found', 'No product has this id.');
    expect(error.status).toBe(404);
    expect(error.toBody()).toEqual({
      error: { code: 'not_found', message: 'No product has this id.' },
    });
  });

  it('turn validation failures into 422 with the field issues', () => {
    const result = contactSchema.safeParse({
      name: 'A',
      email: 'a@example.com',
      address: '',
      message: 'y',
    });
    const error = validationError(result.error!);
    expect(error.status).toBe(422);
    expect(error.toBody().error.details).toEqual({ fields: { address: ['Address is Required'] } });
  });
});

describe('money', () => {
  it('keeps cents exact', () => {
    expect(dollarsToCents(14.8)).toBe(1480);
    expect(dollarsToCents(0.29)).toBe(29);
    expect(centsToDollars(1480)).toBe(14.8);
    expect(formatPrice(1234.5)).toBe('$1,234.50');
  });
});

describe('product part number and category', () => {
  const product = {
    name: 'Spur Gear',
    description: 'Hobbed steel spur gear.',
    minimumOrderQuantity: 500,
    availableQuantity: 100,
    price: 14.8,
    picture: '/images/products/spur-gear.webp',
    category: 'gears',
  };
  const skuIssues = (sku: unknown) => {
    const result = productSchema.safeParse({ ...product, sku });
    return result.success ? [] : (fieldIssues(result.error).sku ?? []);
  };

  it.each(['SG-M2-40', '6205-2RS', 'HC-DA-50/28-200', 'CS-2.0-20-50', 'a', 'A'.repeat(40)])(
    'accepts the part number %s',
    (sku) => expect(skuIssues(sku)).toEqual([]),
  );

  it.each([
    ['', 'Part number is Required'],
    [undefined, 'Part number is Required'],
    ['AB 12', fieldMessages.product.skuInvalid],
    ['AB_12', fieldMessages.product.skuInvalid],
    ['^AB', fieldMessages.product.skuInvalid],
    ['A'.repeat(41), fieldMessages.product.skuInvalid],
  ])('refuses %j with one message', (sku, message) => expect(skuIssues(sku)).toEqual([message]));

  it('trims the part number and requires a known category', () => {
    expect(productSchema.parse({ ...product, sku: ' SG-1 ' }).sku).toBe('SG-1');
    const bad = productSchema.safeParse({ ...product, sku: 'SG-1', category: 'Gears' });
    expect(bad.success || fieldIssues(bad.error).category).toEqual(['Category is Required']);
  });
});

describe('catalogue query', () => {
  it('parses URL parameters, leaving out empty ones', () => {
    expect(
      catalogueQuerySchema.parse({
        q: ' 6205 ',
        category: 'bearings',
        sort: 'price-desc',
        page: '3',
        limit: '20',
        other: 'x',
      }),
    ).toEqual({ q: '6205', category: 'bearings', sort: 'price-desc', page: 3, limit: 20 });
    expect(catalogueQuerySchema.parse({ q: '', category: '', sort: '', page: '' })).toEqual({});
  });

  it.each([
    [{ limit: '0' }, 'limit'],
    [{ limit: '101' }, 'limit'],
    [{ limit: '10.5' }, 'limit'],
    [{ page: '0' }, 'page'],
    [{ page: '99999999999' }, 'page'],
    [{ sort: 'cheapest' }, 'sort'],
    [{ category: 'widgets' }, 'category'],
    [{ q: 'x'.repeat(101) }, 'q'],
  ])('refuses %j', (params, field) => {
    const result = catalogueQuerySchema.safeParse(params);
    expect(result.success).toBe(false);
    expect(Object.keys(fieldIssues(result.error!))).toEqual([field]);
  });
});
