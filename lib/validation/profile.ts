import { z } from 'zod';
import { fieldMessages as f } from '@/lib/messages';
import { nameField } from './auth';

const required = (label: string, max = 200) =>
  z
    .string({ error: f.required(label) })
    .trim()
    .min(1, { error: f.required(label), abort: true })
    .max(max, f.tooLong(label));

/** My Profile: every field required; the link must be a web address. */
export const profileSchema = z.strictObject({
  name: nameField,
  email: z.string().trim().max(254),
  education: required('Education'),
  location: required('Location'),
  link: required('Link', 500).pipe(z.url({ protocol: /^https?$/, error: f.webLink })),
});

export type ProfileInput = z.input<typeof profileSchema>;
