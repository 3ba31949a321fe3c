import { z } from 'zod';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** A positive integer, or undefined when unset or blank (the code then derives a default). */
const optionalPositiveInt = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.coerce.number().int().positive().optional(),
);
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

/** Every environment variable the server reads; `.env.example` documents each one. */
export const serverEnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('.data'),
  MIGRATIONS_DIR: z.string().default('supabase/migrations'),
  JWT_EXPIRY: positiveInt(3600),
  MAX_ROWS: positiveInt(1000),
  AUTH_PASSWORD_MIN_LENGTH: positiveInt(8),
  AUTH_MAX_FAILED_SIGNINS_PER_EMAIL: positiveInt(10),
  AUTH_MAX_FAILED_SIGNINS_PER_IP: positiveInt(50),
  AUTH_SIGNIN_WINDOW_SECONDS: positiveInt(900),
  GROQ_API_KEY: optionalText,
  GROQ_BASE_URL: z.string().url().default('https://api.groq.com'),
  ANTHROPIC_API_KEY: optionalText,
  ANTHROPIC_BASE_URL: z.string().url().default('https://api.anthropic.com'),
  PERPLEXITY_API_KEY: optionalText,
  PERPLEXITY_BASE_URL: z.string().url().default('https://api.perplexity.ai'),
  YOUTUBE_API_KEY: optionalText,
  YOUTUBE_BASE_URL: z.string().url().default('https://www.googleapis.com/youtube/v3'),
  /** A JSON file that replaces the built-in model catalog (validated at start). */
  MODEL_CATALOG_FILE: optionalText,
  API_RATE_LIMIT_REQUESTS: positiveInt(30),
  API_RATE_LIMIT_WINDOW_SECONDS: positiveInt(60),
  /** AI requests per client address per window; twice API_RATE_LIMIT_REQUESTS when unset. */
  API_RATE_LIMIT_REQUESTS_PER_IP: optionalPositiveInt,
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
