import { z } from 'zod';

/** The contact form, shared by the form and POST /api/contact. */
export const contactSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is Required')
    .max(120, 'Name is too long')
    .regex(/^[^\r\n]*$/, 'Name must be on one line'),
  email: z
    .string()
    .trim()
    .min(1, 'Email is Required')
    .max(254, 'Email is too long')
    .pipe(z.email('Provide a valid Email')),
  address: z.string().trim().min(1, 'Address is Required').max(300, 'Address is too long'),
  message: z.string().trim().min(1, 'Message is Required').max(5000, 'Message is too long'),
});

export type ContactInput = z.infer<typeof contactSchema>;
