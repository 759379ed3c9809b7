import { z } from 'zod';
import {
  MAX_PAGE_LIMIT,
  MAX_PAGE_NUMBER,
  urlParam,
  wholeParam,
} from '@/lib/core/validation/pagination';
import { printable } from '@/lib/core/validation/text';
import { ID_PATTERN } from '@/lib/core/ids';
import {
  hasAtMostTwoDecimals,
  MAX_ENTRY_PRICE_CENTS,
  MAX_ENTRY_QUANTITY,
  MAX_ENTRY_TIERS,
  MAX_PRICE_LIST_NAME,
} from '../rules';

/**
 * The schemas of price lists (lib/pricing): a list as a store admin creates or changes it, an
 * entry, the assignment of a list to a company, the lists' queries. Money in the API is in US
 * dollars with at most two decimals (as the product API takes `price`), stored as integer cents.
 */

export const pricingMessages = {
  nameRequired: 'Name is Required',
  nameTooLong: `Name must be at most ${MAX_PRICE_LIST_NAME} characters`,
  date: 'Use a date as YYYY-MM-DD or an ISO 8601 instant',
  toBeforeFrom: 'Valid to must be on or after Valid from',
  percent: 'Percentage off must be a number above 0 and below 100, with at most 2 decimals',
  price: 'Unit price must be a number of dollars from 0.01, with at most 2 decimals',
  priceTooLarge: 'Unit price is too large',
  whole: (label: string) => `${label} must be a whole number from 1`,
  tooLarge: (label: string) => `${label} is too large`,
  maxBelowMin: 'Maximum quantity must be at least the minimum quantity',
  priceOrTiers: 'Give either a unit price or tiers, not both',
  tiersCount: `Tiers take 1 to ${MAX_ENTRY_TIERS} rows`,
  tiersIncreasing: 'Each tier must start at a larger quantity than the one before',
  tiersDecreasing: 'Each tier must cost less per unit than the one before',
  nothingToChange: 'Give at least one field to change',
  priceListId: 'Price list id must be 24 hexadecimal digits, or null',
  fileMissing: 'Choose a CSV file to import (the form field `file`)',
  fileUnreadable: 'The upload cannot be read as multipart/form-data',
  companyId: 'Company id must be 24 hexadecimal digits',
  page: 'Page must be a whole number from 1',
  limit: `Limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}`,
} as const;

const m = pricingMessages;

const nameField = printable(
  z
    .string({ error: m.nameRequired })
    .trim()
    .min(1, m.nameRequired)
    .max(MAX_PRICE_LIST_NAME, m.nameTooLong),
  'Name',
);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** Whether `text` is a calendar day that exists (no 2026-02-30). */
function isCalendarDay(text: string): boolean {
  const date = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/**
 * A day (`YYYY-MM-DD`, UTC) or an instant (ISO 8601 with `Z` or an offset) as an instant: a
 * day starts the list at 00:00 UTC (`from`) or ends it at the end of the day (`to`). Null
 * clears the bound (open-ended).
 */
function dateField(edge: 'from' | 'to') {
  return z
    .string({ error: m.date })
    .trim()
    .refine(
      (text) =>
        (DAY.test(text) && isCalendarDay(text)) ||
        (INSTANT.test(text) && isCalendarDay(text.slice(0, 10)) && !Number.isNaN(Date.parse(text))),
      // A text that is no date stops here: it is never turned into one, and the list's rule on
      // the order of its two dates reads only dates.
      { message: m.date, abort: true },
    )
    .transform((text) =>
      DAY.test(text)
        ? new Date(`${text}T${edge === 'from' ? '00:00:00.000' : '23:59:59.999'}Z`)
        : new Date(text),
    )
    .nullable();
}

const percentField = z
  .number({ error: m.percent })
  .gt(0, m.percent)
  .lt(100, m.percent)
  .refine(hasAtMostTwoDecimals, m.percent)
  .nullable();

const listFields = {
  name: nameField,
  validFrom: dateField('from').optional(),
  validTo: dateField('to').optional(),
  percentOff: percentField.optional(),
};

function toNotBeforeFrom(value: { validFrom?: Date | null; validTo?: Date | null }): boolean {
  const { validFrom, validTo } = value;
  // Only two dates have an order (a field refused on its own is not read as one).
  if (!(validFrom instanceof Date) || !(validTo instanceof Date)) return true;
  return validTo.getTime() >= validFrom.getTime();
}

/** POST /api/admin/price-lists: a new list. */
export const createPriceListSchema = z
  .strictObject(listFields)
  .refine(toNotBeforeFrom, { path: ['validTo'], message: m.toBeforeFrom });

export type CreatePriceListInput = z.output<typeof createPriceListSchema>;

/** PATCH /api/admin/price-lists/{id}: what changes (null clears a date or the percentage). */
export const updatePriceListSchema = z
  .strictObject({ ...listFields, name: nameField.optional() })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    path: ['_'],
    message: m.nothingToChange,
  })
  .refine(toNotBeforeFrom, { path: ['validTo'], message: m.toBeforeFrom });

export type UpdatePriceListInput = z.output<typeof updatePriceListSchema>;

/** A price in dollars (at most two decimals, from $0.01 to $1,000,000). */
export const dollarsField = z
  .number({ error: m.price })
  .min(0.01, m.price)
  .max(MAX_ENTRY_PRICE_CENTS / 100, m.priceTooLarge)
  .refine(hasAtMostTwoDecimals, m.price);

const quantityField = (label: string) =>
  z
    .number({ error: m.whole(label) })
    .int(m.whole(label))
    .min(1, m.whole(label))
    .max(MAX_ENTRY_QUANTITY, m.tooLarge(label));

const tierSchema = z.strictObject({
  minQuantity: quantityField('Tier quantity'),
  unitPrice: dollarsField,
});

/**
 * PUT /api/admin/price-lists/{id}/entries/{productId}: one product's contract price, a fixed
 * `unitPrice` or its own `tiers` (1-10 rows starting at larger quantities with lower prices),
 * with optional overrides of the product's minimum, multiple (carton) and maximum.
 */
export const entrySchema = z
  .strictObject({
    unitPrice: dollarsField.optional(),
    tiers: z
      .array(tierSchema, { error: m.tiersCount })
      .min(1, m.tiersCount)
      .max(MAX_ENTRY_TIERS, m.tiersCount)
      .optional(),
    minQuantity: quantityField('Minimum quantity').nullable().optional(),
    multiple: quantityField('Multiple').nullable().optional(),
    maxQuantity: quantityField('Maximum quantity').nullable().optional(),
  })
  .superRefine((value, context) => {
    if ((value.unitPrice === undefined) === (value.tiers === undefined)) {
      context.addIssue({ code: 'custom', path: ['unitPrice'], message: m.priceOrTiers });
    }
    const tiers = value.tiers ?? [];
    tiers.forEach((tier, index) => {
      const before = tiers[index - 1];
      if (!before) return;
      if (tier.minQuantity <= before.minQuantity) {
        context.addIssue({
          code: 'custom',
          path: ['tiers', index, 'minQuantity'],
          message: m.tiersIncreasing,
        });
      }
      if (tier.unitPrice >= before.unitPrice) {
        context.addIssue({
          code: 'custom',
          path: ['tiers', index, 'unitPrice'],
          message: m.tiersDecreasing,
        });
      }
    });
    if (
      value.minQuantity != null &&
      value.maxQuantity != null &&
      value.maxQuantity < value.minQuantity
    ) {
      context.addIssue({ code: 'custom', path: ['maxQuantity'], message: m.maxBelowMin });
    }
  });

export type EntryInput = z.output<typeof entrySchema>;

/** PATCH /api/admin/companies/{companyId}: the company's price list, or null for none. */
export const assignPriceListSchema = z.strictObject({
  priceListId: z
    .string({ error: m.priceListId })
    .regex(ID_PATTERN, m.priceListId)
    .transform((id) => id.toLowerCase())
    .nullable(),
});

export type AssignPriceListInput = z.output<typeof assignPriceListSchema>;

/** `?page=&limit=`: the entries of GET /api/admin/price-lists/{id}. */
export const pageQuerySchema = z.object({
  page: wholeParam(MAX_PAGE_NUMBER, m.page),
  limit: wholeParam(MAX_PAGE_LIMIT, m.limit),
});

export type PageQuery = z.output<typeof pageQuerySchema>;

/** GET /api/admin/price-lists: `?page=&limit=`, and `?companyId=` for the list a company has. */
export const priceListQuerySchema = pageQuerySchema.extend({
  companyId: z.preprocess(
    urlParam,
    z
      .string({ error: m.companyId })
      .regex(ID_PATTERN, m.companyId)
      .transform((id) => id.toLowerCase())
      .optional(),
  ),
});

export type PriceListQuery = z.output<typeof priceListQuerySchema>;
