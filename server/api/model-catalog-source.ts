import type { ModelCatalog } from '../../shared/model-catalog.ts';
import { listCompatibleModels } from './compatible-models.ts';
import type { ProviderConfig } from './provider-config.ts';

/** The catalog this server offers now, and a way to read the OpenAI-compatible endpoint's models again. */
export interface ModelCatalogSource {
  current(): ModelCatalog;
  /**
   * Lists the endpoint's models again (at most once per `minRefreshMs`; callers at the same time
   * share one listing) and returns the catalog. Without an endpoint to list, the catalog as it is.
   */
  refresh(): Promise<ModelCatalog>;
  /** The catalog once a listing under way has ended (the one at start, say). */
  ready(): Promise<ModelCatalog>;
}

export interface CatalogSourceOptions {
  /** The built-in catalog or MODEL_CATALOG_FILE's. */
  base: ModelCatalog;
  providers: ProviderConfig;
  fetch: typeof fetch;
  /** Default 10 s: a Refresh click or an unknown model cannot make the server list models in a loop. */
  minRefreshMs?: number;
  now?: () => number;
}

/**
 * The catalog with the OpenAI-compatible engine's models filled in (docs/decisions/030): listed in
 * MODEL_CATALOG_FILE, they are used as they are; otherwise they are read from the endpoint's
 * GET /models when the server starts and again on demand. A failed listing keeps the models known
 * before and says why in the engine's `unavailable`, so a model server that is down for a moment
 * changes nothing anyone chose.
 */
export function modelCatalogSource(options: CatalogSourceOptions): ModelCatalogSource {
  const { base, providers } = options;
  const label = providers.OPENAI_COMPATIBLE_LABEL ?? base.engines['openai-compatible'].label;
  let catalog: ModelCatalog = withCompatible(base, { ...base.engines['openai-compatible'], label });
  const baseUrl = providers.OPENAI_COMPATIBLE_BASE_URL;
  const listed = base.engines['openai-compatible'].models.length > 0;
  if (!baseUrl || listed) {
    const settled = () => Promise.resolve(catalog);
    return { current: () => catalog, refresh: settled, ready: settled };
  }

  const minRefreshMs = options.minRefreshMs ?? 10_000;
  const now = options.now ?? Date.now;
  let lastListed = Number.NEGATIVE_INFINITY;
  let pending: Promise<ModelCatalog> | null = null;
  const list = async (): Promise<ModelCatalog> => {
    const listing = await listCompatibleModels(options.fetch, {
      baseUrl,
      key: providers.OPENAI_COMPATIBLE_API_KEY ?? null,
      label,
    });
    const engine = catalog.engines['openai-compatible'];
    catalog = withCompatible(
      catalog,
      'models' in listing
        ? { label, description: engine.description, models: listing.models }
        : { label, description: engine.description, models: engine.models, unavailable: listing.problem },
    );
    return catalog;
  };
  const refresh = (): Promise<ModelCatalog> => {
    if (pending) return pending;
    if (now() - lastListed < minRefreshMs) return Promise.resolve(catalog);
    lastListed = now();
    pending = list().finally(() => {
      pending = null;
    });
    return pending;
  };
  void refresh();
  return { current: () => catalog, refresh, ready: () => pending ?? Promise.resolve(catalog) };
}

function withCompatible(catalog: ModelCatalog, engine: ModelCatalog['engines']['openai-compatible']) {
  return { ...catalog, engines: { ...catalog.engines, 'openai-compatible': engine } };
}
