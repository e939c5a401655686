// The only reader of the environment: every setting is validated once, with working
// development defaults, so a fresh clone runs without a .env file.
import { z } from 'zod';
import { parseTrustedProxy } from '@/server/client-address';

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url().optional());

function milliseconds(fallback: number) {
  return z.coerce.number().int().min(1).max(3_600_000).default(fallback);
}

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  HOST: z.string().default('0.0.0.0'),
  SITE_URL: z.url().default('http://localhost:4321'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  // Multiplies every rate limit; the browser tests run many sign-ups from one address (127.0.0.1).
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  // The reverse proxies (addresses or CIDR ranges) whose X-Forwarded-For is believed; empty: none
  // (docs/decisions/0014-client-address-and-sliding-limits.md).
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .superRefine((entries, ctx) => {
      for (const entry of entries)
        if (!parseTrustedProxy(entry)) ctx.addIssue({ code: 'custom', message: `not an IP address or CIDR range: ${entry}` });
    }),
  SHOP_NAME: z.string().min(1).default('Safe Buddy'),
  SHOP_PHONE: z.string().min(1).default('+971 4 555 0199'),
  SHOP_EMAIL: z.email().default('support@safebuddy.example'),
  SHOP_WHATSAPP: z
    .string()
    .regex(/^\d{8,15}$/, 'digits only, with country code')
    .default('971505550199'),
  SHOP_ADDRESS: z.string().min(1).default('Office 1204, Al Saqr Business Tower, Sheikh Zayed Road, Dubai, UAE'),
  // UAE tax invoices (docs/decisions/0051-tax-invoices.md): without SHOP_TRN the shop issues none.
  SHOP_TRN: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v.replace(/[\s-]/g, '') : undefined))
    .refine((v) => v === undefined || /^\d{15}$/.test(v), 'a TRN is 15 digits'),
  SHOP_LEGAL_NAME: z.string().trim().min(1).default('Safe Buddy Trading LLC'),
  SHOP_LEGAL_ADDRESS: z.string().trim().min(1).optional(),
  INVOICE_SERIES: z
    .string()
    .regex(/^[A-Z0-9]{1,12}$/, 'capital letters and digits, up to 12')
    .default('INV'),
  CREDIT_NOTE_SERIES: z
    .string()
    .regex(/^[A-Z0-9]{1,12}$/, 'capital letters and digits, up to 12')
    .default('CN'),
  SOCIAL_FACEBOOK: optionalUrl,
  SOCIAL_INSTAGRAM: optionalUrl,
  SOCIAL_LINKEDIN: optionalUrl,
  SOCIAL_YOUTUBE: optionalUrl,
  LIVE_CHAT_SCRIPT_URL: optionalUrl,
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  // Tests only: send the Stripe SDK to a local fake of its endpoints.
  STRIPE_API_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  // Database faults (docs/decisions/0015-database-faults-and-operations.md): a dead or hung
  // PostgreSQL fails a request within these bounds instead of holding it.
  DB_CONNECT_TIMEOUT_MS: milliseconds(5_000),
  DB_STATEMENT_TIMEOUT_MS: milliseconds(15_000),
  // How long `npm start` waits for the database to come up (backoff between tries) before giving up.
  DB_START_WAIT_MS: milliseconds(60_000),
  // How long a SIGTERM waits for requests in flight before cutting them.
  SHUTDOWN_TIMEOUT_MS: milliseconds(10_000),
  MAIL_FROM: z.string().default('Safe Buddy <no-reply@safebuddy.example>'),
  // Product photos (docs/decisions/0046-product-photos.md): under DATA_DIR/uploads/products unless a
  // bucket is named; then in that S3-compatible bucket (AWS, or another service at S3_ENDPOINT).
  S3_BUCKET: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ENDPOINT: optionalUrl,
  // Most S3-compatible services other than AWS (MinIO, a local server) want bucket/key in the path.
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  S3_PREFIX: z
    .string()
    .trim()
    .regex(/^([A-Za-z0-9._-]+\/)*$/, 'empty, or folders ending in /')
    .default('products/'),
});

export type Config = z.infer<typeof schema>;

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const config = result.data;
  if (config.NODE_ENV === 'production' && !config.SMTP_URL) {
    throw new Error('Invalid configuration:\n  SMTP_URL: required in production (docs/decisions/0021-email.md)');
  }
  // Without the webhook's secret, Stripe's confirmations cannot be verified: card orders would be
  // charged and never marked paid.
  if (config.NODE_ENV === 'production' && config.STRIPE_SECRET_KEY && !config.STRIPE_WEBHOOK_SECRET) {
    throw new Error('Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required in production when STRIPE_SECRET_KEY is set');
  }
  // Half a pair of keys is a typo; without both the SDK looks for its own credentials (a role, the environment).
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither');
  }
  return config;
}

let cached: Config | undefined;
export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
