import { defaultModelCatalog, type AiEngine, type ModelCatalog } from './model-catalog';

/** What the SPA needs at run time (DESIGN.md §3), from /app-config.json or build-time VITE_ values. */
export interface RuntimeConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** Where the /api functions live: `/api` on the embedded server, the edge function on hosted Supabase. */
  apiBaseUrl: string;
  /** Which providers have a key on the server; the UI explains what is missing. */
  engines: Record<AiEngine | 'perplexity' | 'youtube', boolean>;
  modelCatalog: ModelCatalog;
}

const noEngines = { groq: false, anthropic: false, perplexity: false, youtube: false };

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

/**
 * A build with VITE_SUPABASE_URL targets hosted Supabase; otherwise the server that served the page
 * says where everything is. Both keys here are public by design.
 */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const hostedUrl = import.meta.env.VITE_SUPABASE_URL as string | undefined;
  const hostedKey = import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined;
  if (hostedUrl && hostedKey) {
    return {
      supabaseUrl: hostedUrl,
      supabaseAnonKey: hostedKey,
      apiBaseUrl: `${hostedUrl.replace(/\/$/, '')}/functions/v1/api`,
      engines: { groq: true, anthropic: true, perplexity: true, youtube: true },
      modelCatalog: defaultModelCatalog,
    };
  }
  let response: Response;
  try {
    response = await fetchImpl('/app-config.json', { cache: 'no-store' });
  } catch {
    throw new RuntimeConfigError('Unable to connect to the database. Please check your internet connection and try again.');
  }
  if (!response.ok) throw new RuntimeConfigError(`The server did not provide its configuration (HTTP ${response.status}).`);
  const raw = (await response.json()) as Partial<RuntimeConfig> & { supabaseUrl?: string | null };
  if (typeof raw.supabaseAnonKey !== 'string' || raw.supabaseAnonKey === '') {
    throw new RuntimeConfigError('The server configuration has no Supabase key.');
  }
  return {
    supabaseUrl: raw.supabaseUrl || window.location.origin,
    supabaseAnonKey: raw.supabaseAnonKey,
    apiBaseUrl: raw.apiBaseUrl || '/api',
    engines: { ...noEngines, ...(raw.engines ?? {}) },
    modelCatalog: raw.modelCatalog ?? defaultModelCatalog,
  };
}
