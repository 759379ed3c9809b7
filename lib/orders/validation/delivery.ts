import { z } from 'zod';
import { fieldMessages as f } from '@/lib/core/messages';
import { MAX_PO_NUMBER_LENGTH } from '@/lib/core/validation/limits';
import { printable, PRINTABLE_TEXT } from '@/lib/core/validation/text';

/**
 * Where an order goes: the delivery address, the phone and the buyer's optional PO number, as
 * the order form, quick order and quotes ask them (re-exported by validation/order.ts).
 */

const orderMessages = {
  addressRequired: f.required('Address'),
  addressTooLong: f.tooLong('Address'),
  phoneRequired: f.required('Phone'),
  phoneDigits: f.order.phoneDigits,
  phoneTooLong: f.tooLong('Phone'),
  poNumberTooLong: f.order.poNumberTooLong,
  poNumberPrintable: f.order.poNumberPrintable,
} as const;

/** A delivery address: printable, on several lines where the form has a text area (quotes). */
export const addressField = printable(
  z
    .string({ error: orderMessages.addressRequired })
    .trim()
    .min(1, orderMessages.addressRequired)
    .max(300, orderMessages.addressTooLong),
  'Address',
  { multiline: true },
);

export const phoneField = z
  .string({ error: orderMessages.phoneRequired })
  .trim()
  .min(1, orderMessages.phoneRequired)
  .regex(/^\d*$/, orderMessages.phoneDigits)
  .max(20, orderMessages.phoneTooLong);

/**
 * The buyer's purchase-order number (optional): trimmed, at most 40 printable characters. An
 * empty one (or null) is no PO number.
 */
export const poNumberField = z
  .string({ error: orderMessages.poNumberPrintable })
  .trim()
  .max(MAX_PO_NUMBER_LENGTH, orderMessages.poNumberTooLong)
  .regex(PRINTABLE_TEXT, orderMessages.poNumberPrintable)
  .nullish()
  .transform((value) => value || undefined);

/** The three delivery fields of every order schema, in the order the forms show them. */
export const deliveryFields = {
  address: addressField,
  phone: phoneField,
  poNumber: poNumberField,
};
