import { z } from 'zod';
import { fieldMessages, messages } from '@/lib/messages';

/** Field messages of the Add Product form: every field is required. */
export const productMessages = {
  nameRequired: messages.validation.nameRequired,
  descriptionRequired: fieldMessages.required('Description'),
  minimumOrderQuantityRequired: fieldMessages.required('Minimum order quantity'),
  availableQuantityRequired: fieldMessages.required('Available quantity'),
  priceRequired: fieldMessages.required('Price'),
  pictureRequired: fieldMessages.required('Picture'),
  ...fieldMessages.product,
} as const;

const m = productMessages;

export const MAX_QUANTITY = 1_000_000_000;
export const MAX_PRICE = 1_000_000;

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
};

/** POST /api/product as JSON: every field, the picture as a URL. */
export const productSchema = z.strictObject({ ...productFields, picture: pictureField });

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
