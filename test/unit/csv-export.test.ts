import { describe, expect, it } from 'vitest';
import { csvCell, csvRecords } from '@/lib/core/csv';
import { centsToDecimal } from '@/lib/orders/export';
import { allOrdersQuerySchema, orderDateRange } from '@/lib/orders/validation/order';

describe('the CSV cell encoder', () => {
  it('writes plain text, numbers and empty values as they are', () => {
    expect(csvCell('Hex Bolt M8')).toBe('Hex Bolt M8');
    expect(csvCell(1000)).toBe('1000');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(2.65)).toBe('2.65');
    expect(csvCell('')).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('quotes a field holding a comma, a quote, CR or LF, its quotes doubled (RFC 4180)', () => {
    expect(csvCell('Bolts, zinc-plated')).toBe('"Bolts, zinc-plated"');
    expect(csvCell('3/4" washer')).toBe('"3/4"" washer"');
    expect(csvCell('"quoted"')).toBe('"""quoted"""');
    expect(csvCell('Unit 4\nMill Road')).toBe('"Unit 4\nMill Road"');
    expect(csvCell('Unit 4\rMill Road')).toBe('"Unit 4\rMill Road"');
    expect(csvCell('Unit 4\r\nMill Road')).toBe('"Unit 4\r\nMill Road"');
    expect(csvCell('semi;colon and spaces ')).toBe('semi;colon and spaces ');
  });

  it.each(['=', '+', '-', '@', '\t', '\r'])(
    'neutralises a text cell starting with %j: a single quote in front, then quoted',
    (start) => {
      const value = `${start}HYPERLINK("http://evil.example","x")`;
      const cell = csvCell(value);
      expect(cell.startsWith(`"'${start}`)).toBe(true);
      // The content is the value with the quote in front, its quotes doubled.
      expect(cell).toBe(`"'${value.replaceAll('"', '""')}"`);
    },
  );

  it('leaves characters that start no formula, and the same characters further in, alone', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('HB-M8-0001')).toBe('HB-M8-0001');
    expect(csvCell(' =1+1')).toBe(' =1+1');
    expect(csvCell("'=already quoted")).toBe("'=already quoted");
    // Numbers are data, never formulas: a negative amount stays a number.
    expect(csvCell(-5)).toBe('-5');
  });

  it('ends every record with CRLF and separates fields with commas', () => {
    expect(csvRecords([])).toBe('');
    expect(
      csvRecords([
        ['Order ID', 'Product', 'Quantity'],
        ['66b2', 'Bolts, M8', 500],
        ['66b3', '=1+1', null],
      ]),
    ).toBe('Order ID,Product,Quantity\r\n66b2,"Bolts, M8",500\r\n66b3,"\'=1+1",\r\n');
  });
});

describe('amounts from integer cents', () => {
  it('are decimal dollars with two decimals, exactly', () => {
    expect(centsToDecimal(265)).toBe('2.65');
    expect(centsToDecimal(42)).toBe('0.42');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(0)).toBe('0.00');
    expect(centsToDecimal(42000)).toBe('420.00');
    expect(centsToDecimal(123456789)).toBe('1234567.89');
  });
});

describe('the date filter of GET /api/allOrder', () => {
  it('takes calendar dates, inclusive, as UTC days', () => {
    const query = allOrdersQuerySchema.parse({ from: '2026-11-01', to: '2026-11-30' });
    expect(orderDateRange(query)).toEqual({
      from: new Date('2026-11-01T00:00:00.000Z'),
      before: new Date('2026-12-01T00:00:00.000Z'),
    });
    expect(allOrdersQuerySchema.safeParse({ from: '2026-11-05', to: '2026-11-05' }).success).toBe(
      true,
    );
    expect(orderDateRange({})).toEqual({});
  });

  it.each(['2026-13-01', '2026-02-30', '2026-1-01', '01/11/2026', '', '2026-11-01T00:00:00Z', 'x'])(
    'refuses %j',
    (value) => {
      expect(allOrdersQuerySchema.safeParse({ from: value }).success).toBe(false);
      expect(allOrdersQuerySchema.safeParse({ to: value }).success).toBe(false);
    },
  );

  it('refuses from after to, and a format other than json or csv', () => {
    const late = allOrdersQuerySchema.safeParse({ from: '2026-11-02', to: '2026-11-01' });
    expect(late.success).toBe(false);
    expect(late.error?.issues[0]).toMatchObject({ path: ['from'] });
    expect(allOrdersQuerySchema.safeParse({ format: 'xlsx' }).success).toBe(false);
    expect(allOrdersQuerySchema.safeParse({ format: 'csv' }).success).toBe(true);
  });
});
