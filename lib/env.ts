import path from 'node:path';
import { z } from 'zod';

/**
 * Every environment variable the storefront reads, parsed once. Nothing else in the code base
 * touches `process.env` (the one exception is `lib/public-env.ts`, for values Next.js inlines
 * into the browser bundle). Each absent optional variable switches a service to its local
 * default; see `.env.example` and the README.
 */
const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    STORE_NAME: z.preprocess(emptyToUndefined, z.string().max(60).default('Forgeline Parts')),
    MONGODB_URI: optionalString,
    MONGODB_DB: z.preprocess(emptyToUndefined, z.string().default('storefront')),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('.data')),
    SEED_DEMO_DATA: z.preprocess(
      emptyToUndefined,
      z
        .enum(['true', 'false', '1', '0'])
        .default('true')
        .transform((value) => value === 'true' || value === '1'),
    ),
    AUTH_SECRET: optionalString,
    AUTH_URL: optionalUrl,
    SITE_URL: optionalUrl,
    AUTH_GOOGLE_ID: optionalString,
    AUTH_GOOGLE_SECRET: optionalString,
    AUTH_GOOGLE_ISSUER: optionalUrl,
    SMTP_URL: optionalString,
    MAIL_FROM: z.preprocess(
      emptyToUndefined,
      z.string().default('Storefront <no-reply@localhost>'),
    ),
    CONTACT_TO: optionalString,
    STRIPE_SECRET_KEY: optionalString,
    NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_API_BASE: optionalUrl,
    CLOUDINARY_URL: optionalString,
    UNPAID_ORDER_TTL_HOURS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number()
        .positive()
        .max(24 * 365)
        .default(48),
    ),
    MAX_UNPAID_ORDERS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(20)),
    ADMIN_EMAILS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default('')
        .transform((value) =>
          value
            .split(',')
            .map((email) => email.trim().toLowerCase())
            .filter(Boolean),
        ),
    ),
  })
  .transform((env) => ({
    ...env,
    DATA_DIR: path.resolve(/* turbopackIgnore: true */ process.cwd(), env.DATA_DIR),
  }));

export type Env = z.infer<typeof schema>;

function parse(): Env {
  const result = schema.safeParse(process.env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

export const env: Env = parse();
