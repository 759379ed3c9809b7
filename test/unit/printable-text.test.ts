import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldIssues } from '@/lib/core/refusal';
import { fieldMessages } from '@/lib/core/messages';
import { signupSchema } from '@/lib/accounts/validation/auth';
import { contactSchema } from '@/lib/contact/validation/contact';
import {
  createOrderSchema,
  orderFormSchema,
  orderStatusChangeSchema,
} from '@/lib/orders/validation/order';
import { productSchema } from '@/lib/catalogue/validation/product';
import { profileSchema } from '@/lib/accounts/validation/profile';
import { quoteDeclineSchema, quoteRequestSchema } from '@/lib/quotes/validation/quote';
import { reviewFieldsSchema, reviewSchema } from '@/lib/reviews/validation/review';
import { isPrintable } from '@/lib/core/validation/text';

// Names, addresses, notes and reasons refuse control, bidi-override and zero-width characters
// as PO numbers do (lib/core/validation/text.ts); multi-line fields take line breaks, one-line
// fields do not.

/** Characters that can disguise text or break a mail line, each inside a word. */
const hostile: Array<[string, string]> = [
  ['U+202E right-to-left override', '\u202E'],
  ['U+202A left-to-right embedding', '\u202A'],
  ['U+202D left-to-right override', '\u202D'],
  ['U+2066 left-to-right isolate', '\u2066'],
  ['U+2069 pop directional isolate', '\u2069'],
  ['U+200B zero-width space', '\u200B'],
  ['U+200C zero-width non-joiner', '\u200C'],
  ['U+200D zero-width joiner', '\u200D'],
  ['U+2060 word joiner', '\u2060'],
  ['U+FEFF zero-width no-break space', '\uFEFF'],
  ['U+0000 NUL', '\u0000'],
  ['U+001B escape', '\u001B'],
  ['U+007F delete', '\u007F'],
  ['U+0085 next line (C1)', '\u0085'],
  ['U+009B control sequence introducer (C1)', '\u009B'],
  ['U+2028 line separator', '\u2028'],
  ['U+2029 paragraph separator', '\u2029'],
];

const fine = [
  'Zoë Ångström-Okafor',
  'Łódź, ul. Piotrkowska 12/3',
  'محمد',
  '李小龙',
  'Café № 5 ✓ 🙂',
];

interface Case {
  schema: z.ZodType;
  valid: Record<string, unknown>;
  field: string;
  label: string;
  multiline: boolean;
}

const order = {
  productId: '66a1f0c2e4b0a1b2c3d4e5f6',
  quantity: 500,
  address: '14 Foundry Lane',
  phone: '0114496000',
};
const quote = { ...order, note: 'Please pack in crates.' };
const review = { rating: 5, name: 'Mira', location: 'Accra', reviewText: 'Fine threads.' };
const product = {
  name: 'Spur gear',
  description: 'Steel, module 2.',
  minimumOrderQuantity: 500,
  availableQuantity: 5000,
  price: 1.5,
  picture: '/images/products/spur-gear.webp',
  sku: 'SG-1',
  category: 'gears',
};
const profile = {
  name: 'Mira Okafor',
  email: 'mira@example.com',
  education: 'BEng',
  location: 'Accra',
  link: 'https://example.com',
  company: 'Forgeline Ltd',
};
const contact = { name: 'Mira', email: 'mira@example.com', address: 'Accra', message: 'Hello.' };

const cases: Case[] = [
  {
    schema: signupSchema,
    valid: { name: 'Mira', email: 'mira@example.com', password: 'secret1' },
    field: 'name',
    label: 'Name',
    multiline: false,
  },
  { schema: profileSchema, valid: profile, field: 'name', label: 'Name', multiline: false },
  {
    schema: profileSchema,
    valid: profile,
    field: 'education',
    label: 'Education',
    multiline: false,
  },
  { schema: profileSchema, valid: profile, field: 'location', label: 'Location', multiline: false },
  { schema: profileSchema, valid: profile, field: 'company', label: 'Company', multiline: false },
  { schema: contactSchema, valid: contact, field: 'name', label: 'Name', multiline: false },
  { schema: contactSchema, valid: contact, field: 'address', label: 'Address', multiline: false },
  { schema: contactSchema, valid: contact, field: 'message', label: 'Message', multiline: true },
  { schema: createOrderSchema, valid: order, field: 'address', label: 'Address', multiline: true },
  {
    schema: orderFormSchema,
    valid: { ...order, quantity: '500' },
    field: 'address',
    label: 'Address',
    multiline: true,
  },
  { schema: quoteRequestSchema, valid: quote, field: 'address', label: 'Address', multiline: true },
  { schema: quoteRequestSchema, valid: quote, field: 'note', label: 'Note', multiline: true },
  {
    schema: quoteDeclineSchema,
    valid: { action: 'decline', reason: 'Out of stock.' },
    field: 'reason',
    label: 'Reason',
    multiline: true,
  },
  {
    schema: orderStatusChangeSchema,
    valid: { status: 'cancelled', note: 'Buyer asked.' },
    field: 'note',
    label: 'Note',
    multiline: true,
  },
  {
    schema: orderStatusChangeSchema,
    valid: { status: 'shipped', carrier: 'DHL', trackingNumber: 'JD0123' },
    field: 'carrier',
    label: 'Carrier',
    multiline: false,
  },
  {
    schema: reviewSchema,
    valid: { ...review, img: '/api/images/x' },
    field: 'name',
    label: 'Name',
    multiline: false,
  },
  {
    schema: reviewFieldsSchema,
    valid: review,
    field: 'location',
    label: 'Location',
    multiline: false,
  },
  {
    schema: reviewFieldsSchema,
    valid: review,
    field: 'reviewText',
    label: 'Review',
    multiline: true,
  },
  { schema: productSchema, valid: product, field: 'name', label: 'Name', multiline: false },
  {
    schema: productSchema,
    valid: product,
    field: 'description',
    label: 'Description',
    multiline: true,
  },
];

function issuesOf(schema: z.ZodType, value: Record<string, unknown>) {
  const result = schema.safeParse(value);
  return result.success ? null : fieldIssues(result.error);
}

for (const c of cases) {
  const where = `${c.field} (${c.label})`;
  describe(`${where}${c.multiline ? ', multi-line' : ''}`, () => {
    const base = String(c.valid[c.field]);
    it('takes ordinary text in any script', () => {
      expect(issuesOf(c.schema, c.valid)).toBeNull();
      for (const text of fine) {
        const value = c.field === 'company' || c.field === 'carrier' ? text.slice(0, 30) : text;
        expect(issuesOf(c.schema, { ...c.valid, [c.field]: value }), value)?.toBeNull();
      }
    });

    it.each(hostile)('refuses %s with the field message', (_name, char) => {
      const value = `${base.slice(0, 2)}${char}${base.slice(2)}`;
      expect(issuesOf(c.schema, { ...c.valid, [c.field]: value })?.[c.field]).toContain(
        fieldMessages.printable(c.label),
      );
    });

    it(c.multiline ? 'takes line breaks and tabs' : 'refuses line breaks', () => {
      const value = `${base}\nsecond line\r\nthird\tcolumn`;
      const issues = issuesOf(c.schema, { ...c.valid, [c.field]: value });
      if (c.multiline) expect(issues).toBeNull();
      else expect(issues?.[c.field]?.length).toBeGreaterThan(0);
    });
  });
}

describe('isPrintable', () => {
  it('is the PO numbers’ rule, with line breaks only for multi-line text', () => {
    expect(isPrintable('PO-2026/0042')).toBe(true);
    expect(isPrintable('PO\u202E2400')).toBe(false);
    expect(isPrintable('a\nb')).toBe(false);
    expect(isPrintable('a\nb\r\nc\td', { multiline: true })).toBe(true);
    expect(isPrintable('a\rb', { multiline: true })).toBe(false);
    expect(isPrintable('a\u200Bb', { multiline: true })).toBe(false);
  });
});
