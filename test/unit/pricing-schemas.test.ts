import { describe, expect, it } from 'vitest';
import {
  assignPriceListSchema,
  createPriceListSchema,
  entrySchema,
  priceListQuerySchema,
  updatePriceListSchema,
} from '@/lib/pricing/schemas';
import { importLines, judgeImportLines } from '@/lib/pricing/import-lines';

/** The schemas of price lists refuse bad input with field messages (the API answers 422). */

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.path.join('.'));

describe('a price list', () => {
  it('takes days or instants and open ends', () => {
    const parsed = createPriceListSchema.parse({
      name: '  Whitfield 2027 ',
      validFrom: '2027-01-01',
      validTo: '2027-12-31',
      percentOff: 12.5,
    });
    expect(parsed).toEqual({
      name: 'Whitfield 2027',
      validFrom: new Date('2027-01-01T00:00:00.000Z'),
      validTo: new Date('2027-12-31T23:59:59.999Z'),
      percentOff: 12.5,
    });
    expect(
      createPriceListSchema.parse({ name: 'x', validFrom: '2027-01-01T08:00:00+02:00' }),
    ).toEqual({ name: 'x', validFrom: new Date('2027-01-01T06:00:00Z') });
    expect(createPriceListSchema.parse({ name: 'x', validTo: null, percentOff: null })).toEqual({
      name: 'x',
      validTo: null,
      percentOff: null,
    });
  });

  it.each([
    [{}, ['name']],
    [{ name: '' }, ['name']],
    [{ name: 'x'.repeat(121) }, ['name']],
    [{ name: 'a\u202eb' }, ['name']],
    [{ name: 'x', validFrom: '2027-02-30' }, ['validFrom']],
    [{ name: 'x', validFrom: 'tomorrow' }, ['validFrom']],
    [{ name: 'x', validFrom: 20270101 }, ['validFrom']],
    [{ name: 'x', validFrom: '2027-02-01', validTo: '2027-01-31' }, ['validTo']],
    // One date not a date beside one that is: refused on its field, the order of the two unread.
    [{ name: 'x', validFrom: '\u0000', validTo: '2027-12-31' }, ['validFrom']],
    [{ name: 'x', validFrom: '2027-01-01', validTo: 'soon' }, ['validTo']],
    [{ name: 'x', percentOff: 0 }, ['percentOff']],
    [{ name: 'x', percentOff: 100 }, ['percentOff']],
    [{ name: 'x', percentOff: 12.345 }, ['percentOff']],
    [{ name: 'x', percentOff: '10' }, ['percentOff']],
    [{ name: 'x', extra: 1 }, ['']],
  ])('refuses %j', (value, paths) => {
    expect(issues(createPriceListSchema.safeParse(value))).toEqual(paths);
  });

  it('a change needs a field, and keeps the date rule', () => {
    expect(issues(updatePriceListSchema.safeParse({}))).toEqual(['_']);
    expect(
      issues(updatePriceListSchema.safeParse({ validFrom: '2027-02-01', validTo: '2027-01-01' })),
    ).toEqual(['validTo']);
    expect(updatePriceListSchema.parse({ percentOff: null })).toEqual({ percentOff: null });
  });
});

describe('an entry', () => {
  it('takes a fixed price or tiers, with overrides', () => {
    expect(
      entrySchema.parse({ unitPrice: 0.42, minQuantity: 480, multiple: 48, maxQuantity: 4_800 }),
    ).toEqual({
      unitPrice: 0.42,
      minQuantity: 480,
      multiple: 48,
      maxQuantity: 4_800,
    });
    expect(
      entrySchema.safeParse({
        tiers: [
          { minQuantity: 1, unitPrice: 2 },
          { minQuantity: 10, unitPrice: 1.5 },
        ],
      }).success,
    ).toBe(true);
  });

  it.each([
    [{}, ['unitPrice']],
    [{ unitPrice: 1, tiers: [{ minQuantity: 1, unitPrice: 1 }] }, ['unitPrice']],
    [{ unitPrice: 0 }, ['unitPrice']],
    [{ unitPrice: -1 }, ['unitPrice']],
    [{ unitPrice: 1.234 }, ['unitPrice']],
    [{ unitPrice: 1_000_000.01 }, ['unitPrice']],
    [{ unitPrice: 1, multiple: 0 }, ['multiple']],
    [{ unitPrice: 1, multiple: 1.5 }, ['multiple']],
    [{ unitPrice: 1, minQuantity: -5 }, ['minQuantity']],
    [{ unitPrice: 1, minQuantity: 500, maxQuantity: 499 }, ['maxQuantity']],
    [{ tiers: [] }, ['tiers']],
    [
      { tiers: Array.from({ length: 11 }, (_, i) => ({ minQuantity: i + 1, unitPrice: 20 - i })) },
      ['tiers'],
    ],
    [
      {
        tiers: [
          { minQuantity: 10, unitPrice: 2 },
          { minQuantity: 10, unitPrice: 1 },
        ],
      },
      ['tiers.1.minQuantity'],
    ],
    [
      {
        tiers: [
          { minQuantity: 10, unitPrice: 2 },
          { minQuantity: 20, unitPrice: 2 },
        ],
      },
      ['tiers.1.unitPrice'],
    ],
  ])('refuses %j', (value, paths) => {
    expect(issues(entrySchema.safeParse(value))).toEqual(paths);
  });
});

describe('assignment and queries', () => {
  it('takes an id or null', () => {
    expect(assignPriceListSchema.parse({ priceListId: 'ABCDEF0123456789ABCDEF01' })).toEqual({
      priceListId: 'abcdef0123456789abcdef01',
    });
    expect(assignPriceListSchema.parse({ priceListId: null })).toEqual({ priceListId: null });
    expect(assignPriceListSchema.safeParse({ priceListId: 'x' }).success).toBe(false);
    expect(assignPriceListSchema.safeParse({}).success).toBe(false);
    expect(priceListQuerySchema.safeParse({ companyId: 'nope' }).success).toBe(false);
    expect(priceListQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });
});

describe('import lines', () => {
  it('skips the header and blank lines, reports each problem of a line', () => {
    const lines = importLines(
      '\uFEFFsku,unitPrice,minQuantity,multiple,maxQuantity\r\nA-1,1.50\r\n\r\nB-2;2;480;48;4800\nC-3,abc\nD-4,1,500,,100\na-1,2\n"E-5,1\nF-6,1,1,1,1,1\n,1\nG-7,\n',
    );
    expect(lines.map((line) => line.line)).toEqual([2, 4, 5, 6, 7, 8, 9, 10, 11]);
    const { rows, refused } = judgeImportLines(lines);
    expect(rows).toEqual([
      {
        line: 2,
        sku: 'A-1',
        unitPriceCents: 150,
        minQuantity: null,
        multiple: null,
        maxQuantity: null,
      },
      {
        line: 4,
        sku: 'B-2',
        unitPriceCents: 200,
        minQuantity: 480,
        multiple: 48,
        maxQuantity: 4_800,
      },
    ]);
    expect(
      refused.map((line) => [line.line, line.problems.map((p) => `${p.field}:${p.reason}`)]),
    ).toEqual([
      [5, ['unitPrice:bad_number']],
      [6, ['maxQuantity:max_below_min']],
      [7, ['sku:duplicate']],
      [8, ['null:malformed']],
      [9, ['null:malformed']],
      [10, ['sku:missing']],
      [11, ['unitPrice:missing']],
    ]);
    expect(refused[2]!.problems[0]!.message).toContain('line 2');
  });

  it('keeps a first line that is a part with a price', () => {
    expect(importLines('PART-1,2.50\nPART-2,3').length).toBe(2);
  });
});
