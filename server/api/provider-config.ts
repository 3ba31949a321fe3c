import { ApiError } from './api-error.ts';

/** Provider keys and base URLs (docs/wire-formats.md §6). Keys stay on the server; never send this object anywhere. */
export interface ProviderConfig {
  GROQ_API_KEY?: string | undefined;
  GROQ_BASE_URL: string;
  ANTHROPIC_API_KEY?: string | undefined;
  ANTHROPIC_BASE_URL: string;
  PERPLEXITY_API_KEY?: string | undefined;
  PERPLEXITY_BASE_URL: string;
  YOUTUBE_API_KEY?: string | undefined;
  YOUTUBE_BASE_URL: string;
  /**
   * Any server that speaks OpenAI's Chat Completions, up to its version path
   * (`http://127.0.0.1:11434/v1` for Ollama): the third engine is on when this is set.
   */
  OPENAI_COMPATIBLE_BASE_URL?: string | undefined;
  /** Sent as a bearer token when set; a local server may need none. */
  OPENAI_COMPATIBLE_API_KEY?: string | undefined;
  /** What the app calls the third engine ("Ollama", "OpenRouter"); "OpenAI-compatible" by default. */
  OPENAI_COMPATIBLE_LABEL?: string | undefined;
}

export type Provider = 'groq' | 'anthropic' | 'perplexity' | 'youtube';

const providerNames: Record<
  Provider,
  { label: string; key: keyof ProviderConfig; baseUrl: keyof ProviderConfig }
> = {
  groq: { label: 'Groq', key: 'GROQ_API_KEY', baseUrl: 'GROQ_BASE_URL' },
  anthropic: { label: 'Anthropic', key: 'ANTHROPIC_API_KEY', baseUrl: 'ANTHROPIC_BASE_URL' },
  perplexity: { label: 'Perplexity', key: 'PERPLEXITY_API_KEY', baseUrl: 'PERPLEXITY_BASE_URL' },
  youtube: { label: 'YouTube', key: 'YOUTUBE_API_KEY', baseUrl: 'YOUTUBE_BASE_URL' },
};

export const defaultProviderBaseUrls = {
  GROQ_BASE_URL: 'https://api.groq.com',
  ANTHROPIC_BASE_URL: 'https://api.anthropic.com',
  PERPLEXITY_BASE_URL: 'https://api.perplexity.ai',
  YOUTUBE_BASE_URL: 'https://www.googleapis.com/youtube/v3',
} as const;

type ProviderSource = Partial<Record<keyof ProviderConfig, string | undefined>>;

/** Builds the config from an environment (Node's parsed env or `Deno.env.toObject()`); blank values count as unset. */
export function readProviderConfig(source: ProviderSource): ProviderConfig {
  const text = (name: keyof ProviderConfig) => {
    const value = source[name]?.trim();
    return value ? value : undefined;
  };
  return {
    GROQ_API_KEY: text('GROQ_API_KEY'),
    GROQ_BASE_URL: text('GROQ_BASE_URL') ?? defaultProviderBaseUrls.GROQ_BASE_URL,
    ANTHROPIC_API_KEY: text('ANTHROPIC_API_KEY'),
    ANTHROPIC_BASE_URL: text('ANTHROPIC_BASE_URL') ?? defaultProviderBaseUrls.ANTHROPIC_BASE_URL,
    PERPLEXITY_API_KEY: text('PERPLEXITY_API_KEY'),
    PERPLEXITY_BASE_URL: text('PERPLEXITY_BASE_URL') ?? defaultProviderBaseUrls.PERPLEXITY_BASE_URL,
    YOUTUBE_API_KEY: text('YOUTUBE_API_KEY'),
    YOUTUBE_BASE_URL: text('YOUTUBE_BASE_URL') ?? defaultProviderBaseUrls.YOUTUBE_BASE_URL,
    OPENAI_COMPATIBLE_BASE_URL: text('OPENAI_COMPATIBLE_BASE_URL')?.replace(/\/+$/, ''),
    OPENAI_COMPATIBLE_API_KEY: text('OPENAI_COMPATIBLE_API_KEY'),
    OPENAI_COMPATIBLE_LABEL: text('OPENAI_COMPATIBLE_LABEL'),
  };
}

/** Every configured key, for hiding them by value in anything a provider sends back. */
export function providerSecrets(providers: ProviderConfig): string[] {
  return [
    providers.GROQ_API_KEY,
    providers.ANTHROPIC_API_KEY,
    providers.PERPLEXITY_API_KEY,
    providers.YOUTUBE_API_KEY,
    providers.OPENAI_COMPATIBLE_API_KEY,
  ].filter((key): key is string => Boolean(key));
}

/** Which providers are set up (a key, or the third engine's address): safe to show to anyone (booleans only). */
export function configuredProviders(
  providers: ProviderConfig,
): Record<Provider | 'openai-compatible', boolean> {
  return {
    groq: Boolean(providers.GROQ_API_KEY),
    anthropic: Boolean(providers.ANTHROPIC_API_KEY),
    perplexity: Boolean(providers.PERPLEXITY_API_KEY),
    youtube: Boolean(providers.YOUTUBE_API_KEY),
    'openai-compatible': Boolean(providers.OPENAI_COMPATIBLE_BASE_URL),
  };
}

/** The third engine's address and optional key, or a 503 that says what to set. */
export function requireOpenAiCompatible(
  providers: ProviderConfig,
  label: string,
): { key: string | null; baseUrl: string } {
  const baseUrl = providers.OPENAI_COMPATIBLE_BASE_URL;
  if (!baseUrl) {
    throw new ApiError(
      503,
      `${label} is not configured on this server: set OPENAI_COMPATIBLE_BASE_URL`,
      'service_unavailable',
      'provider_not_configured',
    );
  }
  return { key: providers.OPENAI_COMPATIBLE_API_KEY ?? null, baseUrl };
}

/** The provider's key and base URL (without a trailing slash), or a 503 that names the missing variable. */
export function requireProvider(
  providers: ProviderConfig,
  provider: Provider,
): { key: string; baseUrl: string } {
  const names = providerNames[provider];
  const key = providers[names.key];
  if (!key) {
    throw new ApiError(
      503,
      `${names.label} is not configured on this server: set ${names.key}`,
      'service_unavailable',
      'provider_not_configured',
    );
  }
  return { key, baseUrl: (providers[names.baseUrl] ?? '').replace(/\/+$/, '') };
}
