import { describe, expect, it } from 'vitest';
import {
  cartonMessage,
  checkQuantity,
  minimumQuantityOf,
  quantityChoices,
  quantityRuleOf,
  type QuantityFacts,
  type QuantityOverrides,
} from '@/lib/catalogue/quantity';
import { orderMinimum, unitPriceCentsFor } from '@/lib/catalogue/pricing';

// The one quantity rule (lib/catalogue/quantity.ts): the store's 500 floor, the product's and a
// contract's minimum rounded up to the carton, whole cartons, the maximum and the stock rounded
// down to the carton, and the nearest valid quantities of a refused one.

const product = (facts: Partial<QuantityFacts> = {}): QuantityFacts => ({
  minimumOrderQuantity: 500,
  availableQuantity: 100_000,
  orderMultiple: 48,
  maxOrderQuantity: null,
  ...facts,
});

describe('quantityRuleOf', () => {
  it.each<[string, Partial<QuantityFacts>, QuantityOverrides | null, number, number]>([
    ['a 500 floor with cartons of 48 starts at 528', {}, null, 528, 48],
    ['a product minimum of 100 still starts at the 500 floor', { minimumOrderQuantity: 100 }, null, 528, 48],
    ['a product minimum above the floor is rounded up', { minimumOrderQuantity: 1000 }, null, 1008, 48],
    ['sold one by one: the minimum itself', { orderMultiple: 1, minimumOrderQuantity: 750 }, null, 750, 1],
    ['no multiple stored: one by one', { orderMultiple: undefined }, null, 500, 1],
    ['a contract minimum above the product one wins', {}, { minQuantity: 2000 }, 2016, 48],
    ['a contract minimum below the product one does not lower it', { minimumOrderQuantity: 1000 }, { minQuantity: 600 }, 1008, 48],
    ['a contract multiple replaces the carton', {}, { multiple: 100 }, 500, 100],
    ['a contract multiple and minimum together', {}, { multiple: 250, minQuantity: 600 }, 750, 250],
    ['null overrides keep the product rule', {}, { minQuantity: null, multiple: null, maxQuantity: null }, 528, 48],
  ])('%s', (_, facts, overrides, minimum, multiple) => {
    const rule = quantityRuleOf(product(facts), overrides);
    expect(rule.minimum).toBe(minimum);
    expect(rule.multiple).toBe(multiple);
    expect(minimumQuantityOf(product(facts), overrides)).toBe(minimum);
  });

  it.each<[string, Partial<QuantityFacts>, QuantityOverrides | null, number]>([
    ['a stock of 530 in cartons of 48 allows at most 528', { availableQuantity: 530 }, null, 528],
    ['a maximum of 1,000 in cartons of 48 allows at most 960', { maxOrderQuantity: 1000 }, null, 960],
    ['a contract maximum replaces the product one', { maxOrderQuantity: 1000 }, { maxQuantity: 4800 }, 4800],
    ['the stock bounds a contract maximum too', { availableQuantity: 2000 }, { maxQuantity: 4800 }, 1968],
    ['no maximum and a large stock: the stock', { orderMultiple: 1, availableQuantity: 42_000 }, null, 42_000],
    ['a negative stock counts as none', { availableQuantity: -5 }, null, 0],
  ])('%s', (_, facts, overrides, maximum) => {
    expect(quantityRuleOf(product(facts), overrides).maximum).toBe(maximum);
  });
});

describe('checkQuantity', () => {
  it.each<[string, Partial<QuantityFacts>, number, string, number[]]>([
    ['504 is below the carton-rounded minimum: 528', {}, 504, 'below_minimum', [528]],
    ['500 (the floor itself) is below 528', {}, 500, 'below_minimum', [528]],
    ['600 is not whole cartons: 576 or 624', {}, 600, 'not_multiple', [576, 624]],
    ['529 is not whole cartons: 528 or 576', {}, 529, 'not_multiple', [528, 576]],
    ['576 with a stock of 530: at most 528', { availableQuantity: 530 }, 576, 'above_stock', [528]],
    ['1,008 above a maximum of 1,000: 960', { maxOrderQuantity: 1000 }, 1008, 'above_maximum', [960]],
    ['550.5 is not whole: 528 or 576', {}, 550.5, 'not_whole', [528, 576]],
    ['nothing may be ordered from a stock below the minimum', { availableQuantity: 400 }, 528, 'above_stock', []],
    ['past the store bound', { orderMultiple: 1 }, 20_000_000, 'too_large', [100_000]],
  ])('%s', (_, facts, quantity, reason, neighbours) => {
    const verdict = checkQuantity(product(facts), quantity);
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    expect(verdict.reason).toBe(reason);
    expect(verdict.neighbours).toEqual(neighbours);
    expect(verdict.nearest === null).toBe(neighbours.length === 0);
    if (verdict.nearest !== null) expect(neighbours).toContain(verdict.nearest);
  });

  it.each<[Partial<QuantityFacts>, number, QuantityOverrides | null]>([
    [{}, 528, null],
    [{}, 576, null],
    [{ availableQuantity: 530 }, 528, null],
    [{ maxOrderQuantity: 1000 }, 960, null],
    [{ orderMultiple: 1 }, 500, null],
    [{ orderMultiple: 1 }, 501, null],
    [{}, 600, { multiple: 100 }],
    [{ maxOrderQuantity: 1000 }, 4800, { maxQuantity: 4800 }],
  ])('accepts %o x %d (overrides %o)', (facts, quantity, overrides) => {
    expect(checkQuantity(product(facts), quantity, overrides)).toEqual({ ok: true });
  });

  it('takes the nearer neighbour, the larger on a tie', () => {
    const near = (quantity: number) => {
      const verdict = checkQuantity(product(), quantity);
      return verdict.ok ? null : verdict.nearest;
    };
    expect(near(530)).toBe(528);
    expect(near(570)).toBe(576);
    expect(near(552)).toBe(576);
  });

  it('keeps the rule for a product sold one by one as before cartons', () => {
    const single = product({ orderMultiple: 1, minimumOrderQuantity: 500, availableQuantity: 1200 });
    expect(checkQuantity(single, 499)).toMatchObject({ reason: 'below_minimum', nearest: 500 });
    expect(checkQuantity(single, 1201)).toMatchObject({ reason: 'above_stock', nearest: 1200 });
    expect(checkQuantity(single, 777)).toEqual({ ok: true });
  });
});

describe('quantityChoices', () => {
  const presets = [100, 300, 500, 1000, 5000, 8000, 15000, 20000, 21000];

  it('keeps the preset dropdown for a product sold one by one', () => {
    const rule = quantityRuleOf(product({ orderMultiple: 1, availableQuantity: 10_000 }));
    expect(quantityChoices(rule, presets)).toEqual([500, 1000, 5000, 8000]);
  });

  it('offers whole cartons from the minimum for a product sold in cartons', () => {
    const choices = quantityChoices(quantityRuleOf(product()), presets);
    expect(choices.slice(0, 3)).toEqual([528, 576, 624]);
    expect(choices.every((quantity) => quantity % 48 === 0 && quantity >= 528)).toBe(true);
    expect(choices.length).toBeLessThanOrEqual(16);
  });

  it('never offers more than the stock', () => {
    const choices = quantityChoices(quantityRuleOf(product({ availableQuantity: 700 })), presets);
    expect(choices).toEqual([528, 576, 624, 672]);
  });

  it('offers nothing when nothing may be ordered', () => {
    expect(quantityChoices(quantityRuleOf(product({ availableQuantity: 100 })), presets)).toEqual([]);
  });
});

describe('cartonMessage', () => {
  it('names the nearest valid quantities', () => {
    expect(cartonMessage(48, [480, 528])).toBe('Sold in cartons of 48: 480 or 528.');
    expect(cartonMessage(48, [1008])).toBe('Sold in cartons of 48: 1,008.');
  });
});

describe('orderMinimum and prices follow the carton', () => {
  it('has no price below the carton-rounded minimum', () => {
    const list = { minimumOrderQuantity: 500, orderMultiple: 48, priceCents: 100 };
    expect(orderMinimum(list)).toBe(528);
    expect(unitPriceCentsFor(list, 504)).toBeNull();
    expect(unitPriceCentsFor(list, 528)).toBe(100);
  });
});
