import { z } from 'zod';
import { fieldMessages as f } from '@/lib/core/messages';
import { printable } from '@/lib/core/validation/text';

/**
 * A company's shipping address: a label, the address and a phone, checked as the order form
 * checks its delivery address and phone (lib/orders/validation/delivery.ts), printable text only.
 */

const labelField = printable(
  z
    .string({ error: f.required('Label') })
    .trim()
    .min(1, { error: f.required('Label'), abort: true })
    .max(60, f.tooLong('Label')),
  'Label',
);

const addressField = printable(
  z
    .string({ error: f.required('Address') })
    .trim()
    .min(1, { error: f.required('Address'), abort: true })
    .max(300, f.tooLong('Address')),
  'Address',
  { multiline: true },
);

const phoneField = z
  .string({ error: f.required('Phone') })
  .trim()
  .min(1, { error: f.required('Phone'), abort: true })
  .regex(/^\d*$/, f.order.phoneDigits)
  .max(20, f.tooLong('Phone'));

const defaultField = z.boolean({ error: 'Default must be true or false' });

/** POST /api/companies/me/addresses. */
export const shippingAddressSchema = z.strictObject({
  label: labelField,
  address: addressField,
  phone: phoneField,
  default: defaultField.optional(),
});

export type ShippingAddressInput = z.infer<typeof shippingAddressSchema>;

/** PATCH /api/companies/me/addresses/{addressId}: any of the fields. */
export const updateShippingAddressSchema = z
  .strictObject({
    label: labelField.optional(),
    address: addressField.optional(),
    phone: phoneField.optional(),
    default: defaultField.optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    error: 'Give at least one of label, address, phone, default',
  });

export type UpdateShippingAddressInput = z.infer<typeof updateShippingAddressSchema>;
