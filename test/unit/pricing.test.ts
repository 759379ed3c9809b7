import { describe, expect, it } from 'vitest';
import {
  hasVolumePricing,
  lowestPriceCents,
  orderMinimum,
  priceListOf,
  tierIndexFor,
  totalCentsFor,
  unitPriceCentsFor,
  type PriceList,
} from '@/lib/catalogue/pricing';
import { demoProducts } from '@/lib/catalogue/demo-catalogue';
import { generatedPriceTiers, generatedProducts } from '@/lib/catalogue/generated-catalogue';
import { centsToDollars, formatMoney as formatCents } from '@/lib/core/money';
import { priceTierIssues } from '@/lib/catalogue/validation/product';

// The example of the business-ordering issue: 500+ $2.65, 5,000+ $2.40, 20,000+ $2.10.
const bearing: PriceList = {
  minimumOrderQuantity: 500,
  priceCents: 265,
  priceTiers: [
    { minQuantity: 500, priceCents: 265 },
    { minQuantity: 5_000, priceCents: 240 },
    { minQuantity: 20_000, priceCents: 210 },
  ],
};

describe('unitPriceCentsFor: the tier of a quantity', () => {
  it.each([
    [499, null],
    [500, 265],
    [501, 265],
    [4_999, 265],
    [5_000, 240],
    [5_001, 240],
    [19_999, 240],
    [20_000, 210],
    [20_001, 210],
    [10_000_000, 210],
    [Number.MAX_SAFE_INTEGER, 210],
  ])('%d units cost %j cents each', (quantity, cents) => {
    expect(unitPriceCentsFor(bearing, quantity)).toBe(cents);
  });

  it('marks the row that applies, and none below the minimum', () => {
    expect(tierIndexFor(bearing, 500)).toBe(0);
    expect(tierIndexFor(bearing, 4_999)).toBe(0);
    expect(tierIndexFor(bearing, 5_000)).toBe(1);
    expect(tierIndexFor(bearing, 19_999)).toBe(1);
    expect(tierIndexFor(bearing, 20_000)).toBe(2);
    expect(tierIndexFor(bearing, 499)).toBe(-1);
  });

  it('refuses the store minimum (500) even when the product allows less, and the product minimum above it', () => {
    const small = { minimumOrderQuantity: 100, priceCents: 1_000 };
    expect(orderMinimum(small)).toBe(500);
    expect(unitPriceCentsFor(small, 499)).toBeNull();
    expect(unitPriceCentsFor(small, 500)).toBe(1_000);
    const large = { ...bearing, minimumOrderQuantity: 1_000 };
    expect(unitPriceCentsFor(large, 999)).toBeNull();
    expect(unitPriceCentsFor(large, 1_000)).toBe(265);
  });

  it('refuses quantities that are not whole numbers', () => {
    for (const quantity of [500.5, Number.NaN, Number.POSITIVE_INFINITY, -500]) {
      expect(unitPriceCentsFor(bearing, quantity)).toBeNull();
      expect(totalCentsFor(bearing, quantity)).toBeNull();
    }
  });

  it('prices every quantity at the base price without tiers', () => {
    const plain = { minimumOrderQuantity: 500, priceCents: 1_480 };
    expect(unitPriceCentsFor(plain, 500)).toBe(1_480);
    expect(unitPriceCentsFor(plain, 1_000_000)).toBe(1_480);
    expect(unitPriceCentsFor({ ...plain, priceTiers: [] }, 20_000)).toBe(1_480);
    expect(hasVolumePricing(plain)).toBe(false);
    expect(lowestPriceCents(plain)).toBe(1_480);
  });

  it('still finds the right row in a list stored out of order', () => {
    const shuffled = { ...bearing, priceTiers: [...bearing.priceTiers!].reverse() };
    expect(unitPriceCentsFor(shuffled, 4_999)).toBe(265);
    expect(unitPriceCentsFor(shuffled, 5_000)).toBe(240);
    expect(unitPriceCentsFor(shuffled, 25_000)).toBe(210);
  });
});

describe('totals in integer cents', () => {
  it('multiplies exactly where dollars in floating point drift', () => {
    // 0.29 x 100 is 28.999999999999996 in floating point; the cents never see it.
    const spring = priceListOf({ minimumOrderQuantity: 500, price: 0.29, priceTiers: [] });
    expect(spring.priceCents).toBe(29);
    expect(0.29 * 3_000_000).toBe(869_999.9999999999); // dollars in floating point drift
    expect(totalCentsFor(spring, 3_000_000)).toBe(87_000_000); // cents do not
    const flat = { minimumOrderQuantity: 500, priceCents: 265 };
    expect(totalCentsFor(flat, 5_000_000)).toBe(1_325_000_000);
    expect(formatCents(totalCentsFor(flat, 5_000_000)!)).toBe('$13,250,000.00');
    expect(totalCentsFor(bearing, 5_000_000)).toBe(1_050_000_000);
    expect(totalCentsFor(bearing, 19_999)).toBe(4_799_760);
    expect(totalCentsFor(bearing, 4_999)).toBe(1_324_735);
  });

  it('stays a safe integer at the largest order and price the schemas allow', () => {
    // 10,000,000 units (createOrderSchema) x $1,000,000 (productSchema) = 10^15 cents.
    const priciest = { minimumOrderQuantity: 500, priceCents: 100_000_000 };
    const total = totalCentsFor(priciest, 10_000_000)!;
    expect(total).toBe(1_000_000_000_000_000);
    expect(total).toBeLessThan(Number.MAX_SAFE_INTEGER);
    expect(formatCents(total)).toBe('$10,000,000,000,000.00');
  });

  it('refuses a total past Number.MAX_SAFE_INTEGER instead of rounding it', () => {
    const priciest = { minimumOrderQuantity: 500, priceCents: 100_000_000 };
    expect(totalCentsFor(priciest, 100_000_000_000)).toBeNull();
  });

  it('formats cents exactly', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(1_480)).toBe('$14.80');
    expect(formatCents(123_456_789)).toBe('$1,234,567.89');
    expect(formatCents(Number.MAX_SAFE_INTEGER)).toBe('$90,071,992,547,409.91');
  });
});

describe('priceListOf and "from $x"', () => {
  it('turns the API dollars into cents', () => {
    const list = priceListOf({
      minimumOrderQuantity: 500,
      price: 2.65,
      priceTiers: [
        { minQuantity: 500, price: 2.65 },
        { minQuantity: 5_000, price: 2.4 },
        { minQuantity: 20_000, price: 2.1 },
      ],
    });
    expect(list).toEqual({ ...bearing, orderMultiple: 1 });
    expect(lowestPriceCents(list)).toBe(210);
    expect(hasVolumePricing(list)).toBe(true);
  });
});

describe('seeded price lists follow the tier rules', () => {
  it('every demo product with tiers', () => {
    const tiered = demoProducts.filter((product) => product.priceTiers?.length);
    expect(tiered.length).toBeGreaterThanOrEqual(3);
    for (const product of tiered) {
      const tiers = product.priceTiers!.map((tier) => ({
        minQuantity: tier.minQuantity,
        price: centsToDollars(tier.priceCents),
      }));
      expect(
        priceTierIssues(tiers, { ...product, price: centsToDollars(product.priceCents) }),
        product.sku,
      ).toEqual([]);
      expect(hasVolumePricing(product), product.sku).toBe(true);
    }
  });

  it('generated products (a third of them have tiers)', () => {
    const products = generatedProducts(300);
    const tiered = products.filter((product) => product.priceTiers);
    expect(tiered.length).toBeGreaterThan(50);
    for (const product of tiered) {
      const tiers = product.priceTiers!.map((tier) => ({
        minQuantity: tier.minQuantity,
        price: centsToDollars(tier.priceCents),
      }));
      expect(
        priceTierIssues(tiers, { ...product, price: centsToDollars(product.priceCents) }),
      ).toEqual([]);
    }
    // A part too cheap to discount gets no list at all rather than an invalid one.
    expect(generatedPriceTiers(500, 1)).toBeUndefined();
    expect(generatedPriceTiers(500, 10)).toEqual([
      { minQuantity: 500, priceCents: 10 },
      { minQuantity: 5_000, priceCents: 9 },
    ]);
  });
});
