import { messages } from './messages';
/**
 * Where the SPA finds its backend (docs/wire-formats.md §5), from /app-config.json or build-time VITE_ values.
 * Which AI engines are configured and the model catalog are not part of it: the /api functions
 * say so at run time (GET {apiBaseUrl}/models), the same way on the embedded server and on hosted
 * Supabase.
 */
export interface RuntimeConfig {
  supabaseUrl: string;
  supabasePublishableKey: string;
  /** Where the /api functions live: `/api` on the embedded server, the edge function on hosted Supabase. */
  apiBaseUrl: string;
}

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

/**
 * A build with VITE_SUPABASE_URL targets hosted Supabase; otherwise the server that served the page
 * says where everything is. Both keys here are public by design.
 */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const hostedUrl = import.meta.env.VITE_SUPABASE_URL as string | undefined;
  // The project's publishable key (sb_publishable_…); a legacy anon key works while legacy keys are on.
  const hostedKey = (import.meta.env.VITE_SUPABASE_PUBLISHABLE_KEY ??
    import.meta.env.VITE_SUPABASE_ANON_KEY) as string | undefined;
  if (hostedUrl && hostedKey) {
    return {
      supabaseUrl: hostedUrl,
      supabasePublishableKey: hostedKey,
      apiBaseUrl: `${hostedUrl.replace(/\/$/, '')}/functions/v1/api`,
    };
  }
  let response: Response;
  try {
    response = await fetchImpl('/app-config.json', { cache: 'no-store' });
  } catch {
    throw new RuntimeConfigError(messages.no_connection);
  }
  if (!response.ok)
    throw new RuntimeConfigError(`The server did not provide its configuration (HTTP ${response.status}).`);
  const raw = (await response.json()) as Partial<RuntimeConfig> & { supabaseUrl?: string | null };
  if (typeof raw.supabasePublishableKey !== 'string' || raw.supabasePublishableKey === '') {
    throw new RuntimeConfigError('The server configuration has no Supabase key.');
  }
  return {
    supabaseUrl: raw.supabaseUrl || window.location.origin,
    supabasePublishableKey: raw.supabasePublishableKey,
    apiBaseUrl: raw.apiBaseUrl || '/api',
  };
}
