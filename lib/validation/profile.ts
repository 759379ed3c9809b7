import { z } from 'zod';
import { nameField } from './auth';

const required = (label: string, max = 200) =>
  z
    .string({ error: `${label} is Required` })
    .trim()
    .min(1, { error: `${label} is Required`, abort: true })
    .max(max, `${label} is too long`);

/** My Profile: every field required; the link must be a web address. */
export const profileSchema = z.strictObject({
  name: nameField,
  email: z.string().trim().max(254),
  education: required('Education'),
  location: required('Location'),
  link: required('Link', 500).pipe(
    z.url({ protocol: /^https?$/, error: 'Link must be a web address (https://…)' }),
  ),
});

export type ProfileInput = z.input<typeof profileSchema>;
