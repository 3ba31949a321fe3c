import type { AiEngine, ModelCatalog } from '@shared/model-catalog';

/** Which providers have a key on the server that runs the /api functions (never the keys). */
export type EngineAvailability = Record<AiEngine | 'perplexity' | 'youtube', boolean>;

/** What GET {apiBaseUrl}/models says: the server's model catalog and its configured providers. */
export interface AiServiceInfo {
  catalog: ModelCatalog;
  engines: EngineAvailability;
}

/**
 * The AI service as a panel sees it: still loading, unavailable (with a way to try again), or
 * ready with the catalog. Nothing is assumed while it is unknown: no provider counts as configured.
 */
export type AiServiceState =
  | { status: 'loading' }
  | { status: 'error'; message: string; retrying: boolean; retry: () => void }
  | ({
      status: 'ready';
      /** Asks the server to list the OpenAI-compatible engine's models again (Settings' Refresh). */
      refreshModels?: () => void;
      refreshingModels?: boolean;
    } & AiServiceInfo);

/** The catalog when the service is ready, else null. */
export function readyCatalog(state: AiServiceState): ModelCatalog | null {
  return state.status === 'ready' ? state.catalog : null;
}
