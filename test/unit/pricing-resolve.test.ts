import { describe, expect, it } from 'vitest';
import {
  listValidAt,
  percentOffCents,
  resolveUnitPrice,
  type ContractPricing,
  type ProductPricing,
} from '@/lib/pricing/shared';

/** The one price resolution (issue 26): quote > contract entry > list-wide % > tier > list. */

const at = new Date('2027-06-15T12:00:00Z');

/** $1.00 list; tiers $1.00 from 500, $0.90 from 5,000, $0.80 from 20,000. */
const product: ProductPricing = {
  priceCents: 100,
  priceTiers: [
    { minQuantity: 500, priceCents: 100 },
    { minQuantity: 5_000, priceCents: 90 },
    { minQuantity: 20_000, priceCents: 80 },
  ],
};

const list = (overrides: Partial<ContractPricing['list']> = {}): ContractPricing['list'] => ({
  id: 'list1',
  validFrom: '2027-01-01T00:00:00.000Z',
  validTo: '2027-12-31T23:59:59.999Z',
  percentOffBasisPoints: 1_000,
  ...overrides,
});

const fixed = (unitPriceCents: number): ContractPricing['entry'] => ({
  unitPriceCents,
  tiers: null,
});

describe('precedence', () => {
  const quote = { unitPriceCents: 55, ref: 'Q-2027-000042' };
  const contract: ContractPricing = { list: list(), entry: fixed(70) };

  it.each([
    [
      'a quote beats everything',
      { quote, contract },
      5_000,
      { unitPriceCents: 55, priceSource: 'quote:Q-2027-000042' },
    ],
    [
      'a contract entry beats % and tiers',
      { contract },
      5_000,
      { unitPriceCents: 70, priceSource: 'contract:list1' },
    ],
    [
      'the list-wide % when the product has no entry',
      { contract: { list: list(), entry: null } },
      5_000,
      { unitPriceCents: 90, priceSource: 'contract:list1' },
    ],
    ['the product tier without a contract', {}, 5_000, { unitPriceCents: 90, priceSource: 'tier' }],
    [
      'the list price below every later tier',
      {},
      600,
      { unitPriceCents: 100, priceSource: 'list' },
    ],
    [
      'a list without entry nor % falls to the tier',
      { contract: { list: list({ percentOffBasisPoints: null }), entry: null } },
      20_000,
      { unitPriceCents: 80, priceSource: 'tier' },
    ],
  ] as const)('%s', (_, extra, quantity, expected) => {
    expect(resolveUnitPrice({ product, quantity, at, ...extra })).toEqual(expected);
  });

  it('the list-wide % is off the list price, whatever the quantity', () => {
    const contract = { list: list({ percentOffBasisPoints: 500 }), entry: null };
    expect(resolveUnitPrice({ product, quantity: 20_000, at, contract })).toEqual({
      unitPriceCents: 95,
      priceSource: 'contract:list1',
    });
  });

  it('a product without tiers pays its list price', () => {
    expect(resolveUnitPrice({ product: { priceCents: 123 }, quantity: 10_000, at })).toEqual({
      unitPriceCents: 123,
      priceSource: 'list',
    });
  });
});

describe('validity', () => {
  it.each([
    ['expired', list({ validTo: '2027-06-15T11:59:59.999Z' })],
    ['not yet valid', list({ validFrom: '2027-06-15T12:00:00.001Z' })],
  ])('an %s list is ignored: the product’s own price', (_, expiredList) => {
    const contract = { list: expiredList, entry: fixed(10) };
    expect(resolveUnitPrice({ product, quantity: 5_000, at, contract })).toEqual({
      unitPriceCents: 90,
      priceSource: 'tier',
    });
  });

  it('both ends are included, either may be open', () => {
    expect(listValidAt({ validFrom: at, validTo: at }, at)).toBe(true);
    expect(listValidAt({ validFrom: null, validTo: null }, at)).toBe(true);
    expect(listValidAt({ validFrom: null, validTo: new Date(at.getTime() - 1) }, at)).toBe(false);
    expect(listValidAt({ validFrom: new Date(at.getTime() + 1), validTo: null }, at)).toBe(false);
  });

  it('a quote still applies under an expired list', () => {
    const contract = { list: list({ validTo: '2020-01-01T00:00:00Z' }), entry: fixed(10) };
    expect(
      resolveUnitPrice({
        product,
        quantity: 500,
        at,
        contract,
        quote: { unitPriceCents: 42, ref: 'Q-1' },
      }),
    ).toEqual({ unitPriceCents: 42, priceSource: 'quote:Q-1' });
  });
});

describe('entry tiers', () => {
  const contract: ContractPricing = {
    list: list({ percentOffBasisPoints: null }),
    entry: {
      unitPriceCents: null,
      tiers: [
        { minQuantity: 1_000, unitPriceCents: 75 },
        { minQuantity: 10_000, unitPriceCents: 60 },
      ],
    },
  };

  it.each([
    [1_000, { unitPriceCents: 75, priceSource: 'contract:list1' }],
    [9_999, { unitPriceCents: 75, priceSource: 'contract:list1' }],
    [10_000, { unitPriceCents: 60, priceSource: 'contract:list1' }],
    [500, { unitPriceCents: 100, priceSource: 'list' }],
  ] as const)('%i units', (quantity, expected) => {
    expect(resolveUnitPrice({ product, quantity, at, contract })).toEqual(expected);
  });

  it('below the first entry tier the list-wide % applies when there is one', () => {
    const withPercent = { ...contract, list: list({ percentOffBasisPoints: 2_000 }) };
    expect(resolveUnitPrice({ product, quantity: 500, at, contract: withPercent })).toEqual({
      unitPriceCents: 80,
      priceSource: 'contract:list1',
    });
  });
});

describe('percentage rounding: whole cents, half up', () => {
  it.each([
    [100, 1_250, 88], // 87.5 -> 88
    [199, 1_000, 179], // 179.1 -> 179
    [105, 5_000, 53], // 52.5 -> 53
    [1, 5_000, 1], // 0.5 -> 1
    [1, 9_999, 0], // 0.0001 -> 0
    [100_000_000, 1, 99_990_000],
    [333, 3_333, 222], // 221.99 -> 222
  ])('%i cents less %i bp is %i', (cents, bp, expected) => {
    expect(percentOffCents(cents, bp)).toBe(expected);
  });
});
