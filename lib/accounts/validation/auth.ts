import { z } from 'zod';
import { fieldMessages, messages } from '@/lib/core/messages';
import { EMAIL_PATTERN } from '@/lib/core/validation/email';
import { printable } from '@/lib/core/validation/text';

const v = messages.validation;

/** The email addresses the forms accept (lib/core/validation/email.ts: real business addresses). */
export { EMAIL_PATTERN };

export const emailField = z
  .string({ error: v.emailRequired })
  .trim()
  .min(1, { error: v.emailRequired, abort: true })
  .regex(EMAIL_PATTERN, v.emailInvalid)
  .transform((email) => email.toLowerCase());

export const passwordField = z
  .string({ error: v.passwordRequired })
  .min(1, { error: v.passwordRequired, abort: true })
  .min(6, v.passwordTooShort)
  // scrypt work grows with input length; nobody needs more than this.
  .max(200, fieldMessages.tooLong('Password'));

/** A person's name (sign-up, My Profile): one line of printable text (lib/core/validation/text.ts). */
export const nameField = printable(
  z
    .string({ error: v.nameRequired })
    .trim()
    .min(1, { error: v.nameRequired, abort: true })
    .max(100, fieldMessages.tooLong('Name')),
  'Name',
);

export const loginSchema = z.object({ email: emailField, password: passwordField });
export const signupSchema = z.object({
  name: nameField,
  email: emailField,
  password: passwordField,
});
export const resetRequestSchema = z.object({ email: emailField });
export const resetPasswordSchema = z.object({
  token: z.string().min(20).max(200),
  password: passwordField,
});

export type LoginInput = z.input<typeof loginSchema>;
export type SignupInput = z.input<typeof signupSchema>;
