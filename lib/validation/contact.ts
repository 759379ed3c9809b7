import { z } from 'zod';

/** The contact form, shared by the form and POST /api/contact. */
export const contactSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'Name is Required', abort: true })
    .max(120, 'Name is too long')
    .regex(/^[^\r\n]*$/, 'Name must be on one line'),
  email: z
    .string()
    .trim()
    .min(1, { error: 'Email is Required', abort: true })
    .max(254, 'Email is too long')
    .pipe(z.email('Provide a valid Email')),
  address: z
    .string()
    .trim()
    .min(1, { error: 'Address is Required', abort: true })
    .max(300, 'Address is too long'),
  message: z
    .string()
    .trim()
    .min(1, { error: 'Message is Required', abort: true })
    .max(5000, 'Message is too long'),
});

export type ContactInput = z.infer<typeof contactSchema>;
