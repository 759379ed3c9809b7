import path from 'node:path';
import { z } from 'zod';

/**
 * Every environment variable the storefront reads, parsed once. Nothing else in the code base
 * touches `process.env` (the one exception is `lib/public-env.ts`, for values Next.js inlines
 * into the browser bundle). Each absent optional variable switches a service to its local
 * default; see `.env.example` and the README's configuration table.
 */
const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    STORE_NAME: z.preprocess(emptyToUndefined, z.string().max(60).default('Forgeline Parts')),
    // The seller on invoices: postal address (one line per line break) and tax id; each is
    // left off the invoice when unset.
    STORE_ADDRESS: optionalString,
    STORE_TAX_ID: optionalString,
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
    // The production profile (lib/security/production-profile.mjs): a production server on the
    // embedded database says it is one server on one machine (EMBEDDED_DB_IN_PRODUCTION); the
    // local demo of `npm start` sets LOCAL_DEMO too, which counts on loopback only.
    EMBEDDED_DB_IN_PRODUCTION: z.preprocess(
      emptyToUndefined,
      z
        .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
        .default('false')
        .transform((value) => value === 'true' || value === '1'),
    ),
    LOCAL_DEMO: z.preprocess(
      emptyToUndefined,
      z
        .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
        .default('false')
        .transform((value) => value === 'true' || value === '1'),
    ),
    AUTH_SECRET: optionalString,
    AUTH_URL: optionalUrl,
    // The bearer secret of GET /api/cron/{job} (Vercel Cron); absent: that endpoint does not exist.
    // At least 32 characters: it runs the store's jobs, and guesses are only rate-limited.
    CRON_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().trim().min(32, 'must be at least 32 characters (a random secret)').optional(),
    ),
    // `off`: this server process runs no background jobs by any path and takes no job lease (a
    // dedicated `npm run worker` does; the worker runs them whatever this says).
    JOB_RUNNER: z.preprocess(
      emptyToUndefined,
      z.enum(['on', 'off'], { error: 'must be on or off' }).default('on'),
    ),
    // How long a background job's lease lasts between its heartbeats (every third of it): a dead
    // holder's job moves on to another process within this time (lib/core/jobs.ts).
    JOB_LEASE_SECONDS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: 'must be a whole number of seconds' })
        .int('must be a whole number of seconds')
        .min(3, 'must be at least 3 (a heartbeat every third of it)')
        .max(3_600, 'must be at most 3600 (an hour)')
        .default(30),
    ),
    SITE_URL: optionalUrl,
    // Where the store listens, as `npm start` and `npm run dev` take them (scripts/run.mjs and
    // scripts/serve.mjs set both for the server): without AUTH_URL the store's origin is
    // `http://HOST:PORT` (lib/security/listen.mjs).
    HOST: z.preprocess(emptyToUndefined, z.string().trim().default('127.0.0.1')),
    PORT: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .regex(/^\d{1,5}$/, 'must be a port number, such as 3000')
        .default('3000'),
    ),
    AUTH_GOOGLE_ID: optionalString,
    AUTH_GOOGLE_SECRET: optionalString,
    AUTH_GOOGLE_ISSUER: optionalUrl,
    SMTP_URL: optionalString,
    MAIL_FROM: z.preprocess(
      emptyToUndefined,
      z.string().default('Storefront <no-reply@localhost>'),
    ),
    CONTACT_TO: optionalString,
    ORDERS_TO: optionalString,
    STRIPE_SECRET_KEY: optionalString,
    NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_API_BASE: optionalUrl,
    /** How long one Stripe request may take before it counts as failed (it is retried once). */
    STRIPE_TIMEOUT_MS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(100).max(80_000).default(10_000),
    ),
    CLOUDINARY_URL: optionalString,
    UNPAID_ORDER_TTL_HOURS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number()
        .positive()
        .max(24 * 365)
        .default(48),
    ),
    /**
     * Minutes an unpaid order of an account whose email is not verified yet holds its stock
     * (verified accounts: UNPAID_ORDER_TTL_HOURS).
     */
    UNVERIFIED_HOLD_MINUTES: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number()
        .int()
        .min(1)
        .max(24 * 60)
        .default(30),
    ),
    /**
     * Hours a company order above its placer's approval limit waits for an approver, holding its
     * stock; unanswered by then it is cancelled and the stock given back.
     */
    APPROVAL_HOLD_HOURS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number()
        .positive()
        .max(24 * 90)
        .default(72),
    ),
    TRUSTED_PROXY_HOPS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .regex(
          /^\d{1,2}$/,
          'must be a whole number from 0 to 99: how many proxies in front of the store append to X-Forwarded-For (0 when clients connect to it directly)',
        )
        .default('0')
        .transform(Number),
    ),
    /** Set by Vercel on its platform ("1"): the client address comes from Vercel's own header. */
    VERCEL: optionalString,
    // Observability (docs/operations.md, "Logs, traces and metrics"). The logger reads LOG_LEVEL
    // and LOG_FORMAT itself (lib/core/log-options.mjs) and the production server
    // SHUTDOWN_TIMEOUT_MS (scripts/serve.mjs); all are checked here so that a value they would
    // ignore stops the start.
    LOG_LEVEL: z.preprocess(
      (value) => (typeof value === 'string' ? emptyToUndefined(value.trim().toLowerCase()) : value),
      z
        .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
          error: 'must be one of fatal, error, warn, info, debug, trace, silent',
        })
        .default('info'),
    ),
    /** `json` (one object per line) or `pretty` (readable); unset: pretty on a terminal only. */
    LOG_FORMAT: z.preprocess(
      (value) => (typeof value === 'string' ? emptyToUndefined(value.trim().toLowerCase()) : value),
      z.enum(['json', 'pretty'], { error: 'must be json or pretty' }).optional(),
    ),
    /** Traces are exported over OTLP/HTTP to this endpoint; none are recorded without it. */
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
    OTEL_SERVICE_NAME: optionalString,
    /** How long a stopping server waits for its requests in flight before it exits anyway. */
    SHUTDOWN_TIMEOUT_MS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(0).max(600_000).default(10_000),
    ),
    /** Bearer token of GET /api/metrics; the endpoint answers 404 without it. */
    METRICS_TOKEN: z.preprocess(
      emptyToUndefined,
      z.string().trim().min(16, 'must be at least 16 characters (a random token)').optional(),
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
