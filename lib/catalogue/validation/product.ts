import { z } from 'zod';
import { categorySlugs } from '@/lib/catalogue/categories';
import type { PriceTier } from '@/lib/catalogue/pricing';
import { minimumQuantityOf } from '@/lib/catalogue/quantity';
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
/** The largest carton size (`orderMultiple`). */
export const MAX_ORDER_MULTIPLE = 1_000_000;
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

/** The carton size: a whole number from 1 to MAX_ORDER_MULTIPLE (absent on a product: 1). */
export const orderMultipleField = z
  .number({ error: m.orderMultipleInvalid })
  .int(m.orderMultipleInvalid)
  .min(1, m.orderMultipleInvalid)
  .max(MAX_ORDER_MULTIPLE, m.orderMultipleInvalid);

/** The most one order may take: a whole number from 1, or null for no maximum. */
export const maxOrderQuantityField = z
  .number({ error: m.maxOrderQuantityInvalid })
  .int(m.maxOrderQuantityInvalid)
  .min(1, m.maxOrderQuantityInvalid)
  .max(MAX_QUANTITY, m.tooLarge)
  .nullable();

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

// Cartons. A product may be sold in cartons of `orderMultiple` units (1: one by one), and may
// cap one order at `maxOrderQuantity` units (null: no maximum); every quantity ordered is then a
// whole number of cartons (the quantity rule, lib/catalogue/quantity.ts). So that the rule
// always has a valid quantity to offer, a product's quantities are whole cartons too:
// - the minimum order quantity is a multiple of the carton size;
// - every price tier starts at a multiple of the carton size;
// - the maximum per order is a multiple of the carton size, and at least the smallest quantity
//   that may be ordered (the store's 500 or the product's minimum, rounded up to a carton).
// `cartonIssues` checks them, each problem under the field it concerns; PATCH
// /api/product/{id} checks the product as it would be stored (the stored one with the change).

/** One problem of a product's quantities: where it is and what it is. */
export interface ProductRuleIssue {
  path: PriceTierIssue['path'] | ['minimumOrderQuantity'] | ['maxOrderQuantity'];
  message: string;
}

/** What the product rules read of a product object; values that are not valid are skipped. */
export interface ProductRuleValues {
  minimumOrderQuantity?: unknown;
  price?: unknown;
  orderMultiple?: unknown;
  maxOrderQuantity?: unknown;
  priceTiers?: readonly Partial<Record<keyof PriceTier, unknown>>[];
}

const isWhole = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** The carton size of a product object: 1 when absent or null, null when it is not valid. */
function cartonOf(value: unknown): number | null {
  if (value === undefined || value === null) return 1;
  return isWhole(value) && value >= 1 && value <= MAX_ORDER_MULTIPLE ? value : null;
}

const count = (value: number) => value.toLocaleString('en-US');

/**
 * The rules between a product's carton size and its quantities (see above). Nothing is said
 * while the carton size itself is not valid (its own schema refuses it), nor about a quantity
 * that is not a whole number; `skipTierRows` are rows whose start already has a message.
 */
export function cartonIssues(
  product: ProductRuleValues,
  skipTierRows: ReadonlySet<number> = new Set(),
): ProductRuleIssue[] {
  const multiple = cartonOf(product.orderMultiple);
  if (multiple === null) return [];
  const issues: ProductRuleIssue[] = [];
  const { minimumOrderQuantity: minimum, maxOrderQuantity: maximum } = product;
  if (isWhole(minimum) && minimum % multiple !== 0) {
    issues.push({ path: ['minimumOrderQuantity'], message: m.minimumNotCartons(count(multiple)) });
  }
  (product.priceTiers ?? []).forEach((tier, index) => {
    const start = tier.minQuantity;
    if (skipTierRows.has(index) || !isWhole(start) || start % multiple === 0) return;
    issues.push({
      path: ['priceTiers', index, 'minQuantity'],
      message: m.tierNotCartons(count(multiple)),
    });
  });
  if (isWhole(maximum) && maximum >= 1) {
    const smallest = isWhole(minimum)
      ? minimumQuantityOf({ minimumOrderQuantity: minimum, orderMultiple: multiple })
      : null;
    if (smallest !== null && maximum < smallest) {
      issues.push({ path: ['maxOrderQuantity'], message: m.maximumBelowMinimum(count(smallest)) });
    } else if (maximum % multiple !== 0) {
      issues.push({ path: ['maxOrderQuantity'], message: m.maximumNotCartons(count(multiple)) });
    }
  }
  return issues;
}

/**
 * Every rule between a product's fields: its price list's (`priceTierIssues`) and its
 * cartons' (`cartonIssues`), one message per field at a time.
 */
export function productRuleIssues(product: ProductRuleValues): ProductRuleIssue[] {
  const tierIssues = product.priceTiers ? priceTierIssues(product.priceTiers, product) : [];
  const startsRefused = new Set(
    tierIssues.flatMap(({ path }) =>
      path.length === 3 && path[2] === 'minQuantity' ? [path[1]] : [],
    ),
  );
  return [...tierIssues, ...cartonIssues(product, startsRefused)];
}

/**
 * Adds the rule issues of a product object (price list and cartons) to a schema's context.
 * Runs also when other fields are invalid (zod's `when`), so every field message shows at once.
 * A price list that is not a list of objects (refused by its own schema) is left out.
 */
const checkProductRules = [
  (
    values: Omit<ProductRuleValues, 'priceTiers'> & { priceTiers?: unknown },
    context: z.RefinementCtx,
  ) => {
    let priceTiers: Record<string, unknown>[] | undefined;
    if (Array.isArray(values.priceTiers)) {
      const rows = values.priceTiers.filter(
        (row): row is Record<string, unknown> => typeof row === 'object' && row !== null,
      );
      if (rows.length === values.priceTiers.length) priceTiers = rows;
    }
    for (const issue of productRuleIssues({ ...values, priceTiers })) {
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
  /** The carton size (optional; 1 when absent: sold one by one). */
  orderMultiple: orderMultipleField.default(1),
  /** The most one order may take (optional; absent or null: no maximum). */
  maxOrderQuantity: maxOrderQuantityField.optional(),
  /** Volume price tiers (optional; absent means none). */
  priceTiers: priceTiersField.optional(),
};

/** POST /api/product as JSON: every field, the picture as a URL, optional price tiers. */
export const productSchema = z
  .strictObject({ ...productFields, picture: pictureField })
  .superRefine(...checkProductRules);

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
  .superRefine(...checkProductRules);

/** PATCH /api/product/{id} with `{ priceTiers }`: an admin replaces a product's price list. */
export const priceTiersPatchSchema = z.strictObject({ priceTiers: priceTiersField });

export type PriceTiersPatch = z.infer<typeof priceTiersPatchSchema>;

/** The keys that make a PATCH body an order-quantities change (`orderQuantitiesPatchSchema`). */
export const orderQuantityKeys = [
  'minimumOrderQuantity',
  'orderMultiple',
  'maxOrderQuantity',
] as const;

/**
 * PATCH /api/product/{id} with a product's order quantities: its minimum order quantity, carton
 * size and maximum per order (null removes the maximum), any of them, and its price list
 * when it moves with them (a new minimum is the first tier's start). Each field is checked
 * here; the rules between them (`productRuleIssues`) are checked against the product as it
 * would be stored: the stored product with these changes.
 */
export const orderQuantitiesPatchSchema = z
  .strictObject({
    minimumOrderQuantity: productFields.minimumOrderQuantity.optional(),
    orderMultiple: orderMultipleField.optional(),
    maxOrderQuantity: maxOrderQuantityField.optional(),
    priceTiers: priceTiersField.optional(),
  })
  .refine((values) => orderQuantityKeys.some((key) => values[key] !== undefined), {
    message: m.orderQuantitiesMissing,
  })
  // The same in the OpenAPI document: one of the keys at least.
  .meta({ anyOf: orderQuantityKeys.map((key) => ({ required: [key] })) });

export type OrderQuantitiesPatch = z.infer<typeof orderQuantitiesPatchSchema>;

/**
 * PATCH /api/product/{id}: one change per request, `{ sku, category }`, `{ priceTiers }` or
 * the order quantities (`{ minimumOrderQuantity?, orderMultiple?, maxOrderQuantity?,
 * priceTiers? }`). The handler picks the option by its keys (any of `orderQuantityKeys`: the
 * order quantities; else `priceTiers`: the price list; else the part number), so a refused
 * body is answered with the field issues of the change it asked for.
 */
export const productPatchSchema = z.union([
  partNumberSchema,
  priceTiersPatchSchema,
  orderQuantitiesPatchSchema,
]);

export type ProductInput = z.infer<typeof productSchema>;

/** The numeric fields, which a multipart form sends as text. */
export const productNumberFields = [
  'minimumOrderQuantity',
  'availableQuantity',
  'orderMultiple',
  'maxOrderQuantity',
  'price',
] as const;

/**
 * The Add Product form: the same fields, with the picture given either as a URL or as a
 * file (a FileList from the file input). The numbers come from `valueAsNumber` inputs, so an
 * empty one is NaN and gets its "is Required" message; the maximum per order is null when
 * its input is empty (no maximum).
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
  .superRefine(...checkProductRules);

export type ProductFormInput = z.input<typeof productFormSchema>;
export type ProductFormValues = z.output<typeof productFormSchema>;

/** The catalogue's query (URL parameters of the catalogue pages and GET /api/product). */
export * from './catalogue-query';
