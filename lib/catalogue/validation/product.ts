import { z } from 'zod';
import { categorySlugs } from '@/lib/catalogue/categories';
import type { PriceTier } from '@/lib/catalogue/pricing';
import { fieldMessages, messages } from '@/lib/core/messages';
import { formatMoney, toCents } from '@/lib/core/money';
import { MAX_PRICE_TIERS } from '@/lib/core/validation/limits';
import { printable } from '@/lib/core/validation/text';

export { MAX_PRICE_TIERS };

/** Field messages of the Add Product form: every field is required. */
export const productMessages = {
  nameRequired: messages.validation.nameRequired,
  descriptionRequired: fieldMessages.required('Description'),
  minimumOrderQuantityRequired: fieldMessages.required('Minimum order quantity'),
  availableQuantityRequired: fieldMessages.required('Available quantity'),
  priceRequired: fieldMessages.required('Price'),
  pictureRequired: fieldMessages.required('Picture'),
  skuRequired: fieldMessages.required('Part number'),
  categoryRequired: fieldMessages.required('Category'),
  ...fieldMessages.product,
} as const;

const m = productMessages;

export const MAX_QUANTITY = 1_000_000_000;
export const MAX_PRICE = 1_000_000;
export const MAX_SKU_LENGTH = 40;
/** A part number: letters, digits, `-`, `.` and `/`. */
export const SKU_PATTERN = /^[A-Za-z0-9./-]+$/;

/**
 * A product picture: an absolute http(s) URL, or a path on our own origin under /images/
 * (public files) or /api/images/ (uploaded files).
 */
export function isPictureUrl(value: string): boolean {
  if (value.startsWith('/')) {
    return /^\/(images|api\/images)\/[A-Za-z0-9._\-/]+$/.test(value) && !value.includes('..');
  }
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      url.hostname.length > 0 &&
      !url.username &&
      !url.password
    );
  } catch {
    return false;
  }
}

/** True when a dollar amount has at most two decimals (tolerating binary floating point). */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

const quantity = (required: string) =>
  z
    .number({ error: required })
    .int(m.wholeNumber)
    .nonnegative(m.notNegative)
    .max(MAX_QUANTITY, m.tooLarge);

export const pictureField = z
  .string({ error: m.pictureRequired })
  .trim()
  .min(1, m.pictureRequired)
  .max(2048, m.pictureUrlTooLong)
  .refine(isPictureUrl, m.pictureInvalid);

// Volume price tiers. A product's price list is either empty (the base price for every
// quantity) or 2 to MAX_PRICE_TIERS rows `{ minQuantity, price }` where:
// - the first row restates the base price: minQuantity = the product's minimumOrderQuantity
//   and price = the product's price (which stays the base price);
// - each later row starts at a larger quantity than the row before (no two rows at the same
//   quantity) and costs less per unit than the row before, so every later row is below the
//   base price;
// - prices are dollars with at most 2 decimals, at least $0.01; quantities whole, at least 1.
// The order's unit price is the price of the last row starting at or below its quantity
// (lib/catalogue/pricing.ts). Row fields are checked by the schema below; the rules between
// rows and against the product's minimum and price by `priceTierIssues`, which every product
// schema runs (and PATCH /api/product/{id} against the stored product).

export const priceTierSchema = z.strictObject({
  minQuantity: z
    .number({ error: m.tierQuantityRequired })
    .int(m.wholeNumber)
    .min(1, m.tierQuantityMinimum)
    .max(MAX_QUANTITY, m.tooLarge),
  price: z
    .number({ error: m.tierPriceRequired })
    .min(0.01, m.tierPriceMinimum)
    .max(MAX_PRICE, m.priceTooLarge)
    .refine(hasAtMostTwoDecimals, m.priceDecimals),
});

export const priceTiersField = z
  .array(priceTierSchema, { error: m.tiersNotList })
  .max(MAX_PRICE_TIERS, m.tiersTooMany(MAX_PRICE_TIERS));

/** One problem of a price list: where it is (`['priceTiers', 1, 'price']`) and what it is. */
export interface PriceTierIssue {
  path: ['priceTiers'] | ['priceTiers', number, 'minQuantity' | 'price'];
  message: string;
}

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * The rules between the rows of a price list and against the product's minimum order
 * quantity and base price (see above), each problem under the row field it concerns. Rows or
 * product fields that are not numbers (already refused by their own schema) are skipped, so
 * a field gets one message at a time.
 */
export function priceTierIssues(
  tiers: readonly Partial<Record<keyof PriceTier, unknown>>[],
  product: { minimumOrderQuantity?: unknown; price?: unknown },
): PriceTierIssue[] {
  const issues: PriceTierIssue[] = [];
  if (tiers.length === 0) return issues;
  if (tiers.length === 1) issues.push({ path: ['priceTiers'], message: m.tiersTooFew });
  const at = (index: number, field: 'minQuantity' | 'price', message: string) =>
    issues.push({ path: ['priceTiers', index, field], message });

  const [first] = tiers;
  const { minimumOrderQuantity, price } = product;
  if (
    isNumber(first?.minQuantity) &&
    isNumber(minimumOrderQuantity) &&
    first.minQuantity !== minimumOrderQuantity
  ) {
    at(0, 'minQuantity', m.tierFirstQuantity(minimumOrderQuantity));
  }
  if (isNumber(first?.price) && isNumber(price) && toCents(first.price) !== toCents(price)) {
    at(0, 'price', m.tierFirstPrice(formatMoney(toCents(price))));
  }

  tiers.forEach((tier, index) => {
    const before = tiers[index - 1];
    if (!before) return;
    const quantity = tier.minQuantity;
    if (isNumber(quantity)) {
      if (tiers.slice(0, index).some((earlier) => earlier.minQuantity === quantity)) {
        at(index, 'minQuantity', m.tierQuantityDuplicate);
      } else if (isNumber(before.minQuantity) && quantity <= before.minQuantity) {
        at(index, 'minQuantity', m.tierQuantityOrder);
      }
    }
    if (
      isNumber(tier.price) &&
      isNumber(before.price) &&
      toCents(tier.price) >= toCents(before.price)
    ) {
      at(index, 'price', m.tierPriceOrder);
    }
  });
  return issues;
}

/**
 * Adds the price-list issues of a product object to a schema's context. Runs also when other
 * fields are invalid (zod's `when`), so every field message shows at once.
 */
const checkPriceTiers = [
  (
    values: { priceTiers?: unknown; minimumOrderQuantity?: unknown; price?: unknown },
    context: z.RefinementCtx,
  ) => {
    if (!Array.isArray(values.priceTiers)) return;
    const rows = values.priceTiers.filter(
      (row): row is Record<string, unknown> => typeof row === 'object' && row !== null,
    );
    if (rows.length !== values.priceTiers.length) return;
    for (const issue of priceTierIssues(rows, values)) {
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  },
  {
    when: (payload: { value: unknown }) =>
      typeof payload.value === 'object' && payload.value !== null,
  },
] as const;

const productFields = {
  name: printable(
    z
      .string({ error: m.nameRequired })
      .trim()
      .min(1, m.nameRequired)
      .max(120, fieldMessages.tooLong('Name')),
    'Name',
  ),
  description: printable(
    z
      .string({ error: m.descriptionRequired })
      .trim()
      .min(1, m.descriptionRequired)
      .max(5000, fieldMessages.tooLong('Description')),
    'Description',
    { multiline: true },
  ),
  minimumOrderQuantity: quantity(m.minimumOrderQuantityRequired),
  availableQuantity: quantity(m.availableQuantityRequired),
  price: z
    .number({ error: m.priceRequired })
    .nonnegative(m.notNegative)
    .max(MAX_PRICE, m.priceTooLarge)
    .refine(hasAtMostTwoDecimals, m.priceDecimals),
  /** Part number, unique across products without regard to case (checked when stored). */
  sku: z
    .string({ error: m.skuRequired })
    .trim()
    .min(1, m.skuRequired)
    .max(MAX_SKU_LENGTH, m.skuInvalid)
    // An empty part number gets only its "Required" message. Not `abort`: that would also stop
    // the Add Product form's picture check, and every field message must show at once.
    .refine((sku) => sku === '' || SKU_PATTERN.test(sku), m.skuInvalid),
  /** A category slug of lib/catalogue/categories.ts (a select's empty value is "Required"). */
  category: z.enum(categorySlugs, { error: m.categoryRequired }),
  /** Volume price tiers (optional; absent means none). */
  priceTiers: priceTiersField.optional(),
};

/** POST /api/product as JSON: every field, the picture as a URL, optional price tiers. */
export const productSchema = z
  .strictObject({ ...productFields, picture: pictureField })
  .superRefine(...checkPriceTiers);

/** PATCH /api/product/{id}: an admin gives a product its part number and category. */
export const partNumberSchema = z.strictObject({
  sku: productFields.sku,
  category: productFields.category,
});

export type PartNumberInput = z.infer<typeof partNumberSchema>;

/** A multipart form's price tiers: one text field holding the JSON list. */
function parseJsonList(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value; // not JSON: refused as "not a list"
  }
}

/**
 * The text and number fields, for a multipart request whose picture is an uploaded file; the
 * price tiers come as one field holding their JSON list.
 */
export const productFieldsSchema = z
  .strictObject({
    ...productFields,
    priceTiers: z.preprocess(parseJsonList, priceTiersField).optional(),
  })
  .superRefine(...checkPriceTiers);

/** PATCH /api/product/{id} with `{ priceTiers }`: an admin replaces a product's price list. */
export const priceTiersPatchSchema = z.strictObject({ priceTiers: priceTiersField });

export type PriceTiersPatch = z.infer<typeof priceTiersPatchSchema>;

/**
 * PATCH /api/product/{id}: one change per request, `{ sku, category }` or `{ priceTiers }`.
 * The handler picks the option by the `priceTiers` key (a body without it is a part-number
 * change), so a refused body is answered with the field issues of the change it asked for.
 */
export const productPatchSchema = z.union([partNumberSchema, priceTiersPatchSchema]);

export type ProductInput = z.infer<typeof productSchema>;

/** The numeric fields, which a multipart form sends as text. */
export const productNumberFields = ['minimumOrderQuantity', 'availableQuantity', 'price'] as const;

/**
 * The Add Product form: the same fields, with the picture given either as a URL or as a
 * file (a FileList from the file input). The numbers come from `valueAsNumber` inputs, so an
 * empty one is NaN and gets its "is Required" message.
 */
export const productFormSchema = z
  .object({
    ...productFields,
    picture: z.string().trim(),
    pictureFile: z.custom<FileList | null | undefined>().optional(),
  })
  .superRefine(
    (values, context) => {
      const hasFile = (values.pictureFile?.length ?? 0) > 0;
      if (hasFile || typeof values.picture !== 'string') return;
      if (!values.picture) {
        context.addIssue({ code: 'custom', path: ['picture'], message: m.pictureRequired });
      } else if (!isPictureUrl(values.picture)) {
        context.addIssue({ code: 'custom', path: ['picture'], message: m.pictureInvalid });
      }
    },
    // Also when other fields are invalid, so every field message shows at once.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  .superRefine(...checkPriceTiers);

export type ProductFormInput = z.input<typeof productFormSchema>;
export type ProductFormValues = z.output<typeof productFormSchema>;

/** The catalogue's query (URL parameters of the catalogue pages and GET /api/product). */
export * from './catalogue-query';
