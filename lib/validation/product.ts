import { z } from 'zod';
import { categorySlugs } from '@/lib/catalogue/categories';
import type { CatalogueQuery, CatalogueSort } from '@/lib/data/products';
import { fieldMessages, messages } from '@/lib/messages';

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

const productFields = {
  name: z
    .string({ error: m.nameRequired })
    .trim()
    .min(1, m.nameRequired)
    .max(120, fieldMessages.tooLong('Name')),
  description: z
    .string({ error: m.descriptionRequired })
    .trim()
    .min(1, m.descriptionRequired)
    .max(5000, fieldMessages.tooLong('Description')),
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
};

/** POST /api/product as JSON: every field, the picture as a URL. */
export const productSchema = z.strictObject({ ...productFields, picture: pictureField });

/** PATCH /api/product/{id}: an admin gives a product its part number and category. */
export const partNumberSchema = z.strictObject({
  sku: productFields.sku,
  category: productFields.category,
});

export type PartNumberInput = z.infer<typeof partNumberSchema>;

/** The text and number fields, for a multipart request whose picture is an uploaded file. */
export const productFieldsSchema = z.strictObject(productFields);

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
  );

export type ProductFormInput = z.input<typeof productFormSchema>;
export type ProductFormValues = z.output<typeof productFormSchema>;

// The catalogue's query: URL search parameters of GET /api/product and of the /products and
// Manage Products pages, parsed into a CatalogueQuery for searchCatalogue (lib/data/products).

export const DEFAULT_CATALOGUE_LIMIT = 50;
export const MAX_CATALOGUE_LIMIT = 100;
export const MAX_CATALOGUE_PAGE = 1_000_000;
export const MAX_SEARCH_LENGTH = 100;

/** Every sort order of the catalogue, the first being the default. */
export const catalogueSorts = [
  'newest',
  'price-asc',
  'price-desc',
  'name',
] as const satisfies readonly CatalogueSort[];

const c = fieldMessages.catalogue;

/**
 * One URL parameter: the first value when repeated (pages get arrays), trimmed; an empty value
 * counts as absent, as a GET form sends its empty fields (`?q=&category=`).
 */
function urlParam(value: unknown): unknown {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first !== 'string') return first;
  const trimmed = first.trim();
  return trimmed === '' ? undefined : trimmed;
}

const wholeParam = (max: number, message: string) =>
  z.preprocess(
    urlParam,
    z
      .string({ error: message })
      .regex(/^\d{1,9}$/, message)
      .transform(Number)
      .pipe(z.number().int().min(1, message).max(max, message))
      .optional(),
  );

/**
 * URL search parameters (strings, as `Object.fromEntries(url.searchParams)` or a page's
 * `searchParams` give them) to a CatalogueQuery. Unknown parameters are ignored; a bad value
 * fails with the parameter's message (the API answers 400). Defaults (page 1, limit 50,
 * newest first or by relevance when searching) are applied by searchCatalogue, so the parsed
 * query holds only what the URL says.
 */
export const catalogueQuerySchema = z.object({
  q: z.preprocess(urlParam, z.string().max(MAX_SEARCH_LENGTH, c.searchTooLong).optional()),
  category: z.preprocess(urlParam, z.enum(categorySlugs, { error: c.unknownCategory }).optional()),
  sort: z.preprocess(urlParam, z.enum(catalogueSorts, { error: c.unknownSort }).optional()),
  page: wholeParam(MAX_CATALOGUE_PAGE, c.pageInvalid),
  limit: wholeParam(MAX_CATALOGUE_LIMIT, c.limitInvalid),
});

/** The parsed query: what searchCatalogue takes (the API hands it over as it is). */
export type CatalogueQueryParams = z.output<typeof catalogueQuerySchema> & CatalogueQuery;
