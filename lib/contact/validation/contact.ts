import { z } from 'zod';
import { fieldMessages as f, messages } from '@/lib/core/messages';
import { EMAIL_PATTERN } from '@/lib/core/validation/email';
import { printable } from '@/lib/core/validation/text';

const v = messages.validation;

/** The contact form, shared by the form and POST /api/contact. */
export const contactSchema = z.object({
  // Line breaks get their own message; every other unprintable character the printable one.
  name: printable(
    z
      .string()
      .trim()
      .min(1, { error: v.nameRequired, abort: true })
      .max(120, f.tooLong('Name'))
      .regex(/^[^\r\n]*$/, f.oneLine('Name')),
    'Name',
    { multiline: true },
  ),
  email: z
    .string()
    .trim()
    .min(1, { error: v.emailRequired, abort: true })
    .max(254, f.tooLong('Email'))
    .regex(EMAIL_PATTERN, v.emailInvalid),
  address: printable(
    z
      .string()
      .trim()
      .min(1, { error: f.required('Address'), abort: true })
      .max(300, f.tooLong('Address')),
    'Address',
  ),
  message: printable(
    z
      .string()
      .trim()
      .min(1, { error: f.required('Message'), abort: true })
      .max(5000, f.tooLong('Message')),
    'Message',
    { multiline: true },
  ),
});

export type ContactInput = z.infer<typeof contactSchema>;
