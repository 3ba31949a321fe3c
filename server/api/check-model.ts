import type { AiEngine, ModelCatalog } from '../../shared/model-catalog.ts';
import { ApiError } from './api-error.ts';
import type { ModelCatalogSource } from './model-catalog-source.ts';

/** 400 unless `model` is a current model of the engine in this server's catalog; a retired id names its successor. */
export function requireCatalogModel(catalog: ModelCatalog, engine: AiEngine, model: string): void {
  const { label, models } = catalog.engines[engine];
  if (models.some((candidate) => candidate.id === model)) return;
  const successor = catalog.retired[model];
  if (successor) {
    throw new ApiError(
      400,
      `The model "${model}" has been retired. Choose another model in Settings (for example "${successor}").`,
      'invalid_request_error',
      'model_decommissioned',
    );
  }
  throw new ApiError(
    400,
    `The model "${model}" is not available for ${label} on this server.`,
    'invalid_request_error',
    'model_not_found',
  );
}

/**
 * 400 unless the OpenAI-compatible server offers `model`. Its list is read again once when the model
 * is not on it (a model just pulled); while the list cannot be had at all, the server itself is
 * asked, and its answer (or its silence) is what the person reads.
 */
export async function requireCompatibleModel(source: ModelCatalogSource, model: string): Promise<void> {
  const offers = (catalog: ModelCatalog) => {
    const engine = catalog.engines['openai-compatible'];
    return engine.unavailable !== undefined || engine.models.some((candidate) => candidate.id === model);
  };
  if (offers(source.current()) || offers(await source.refresh())) return;
  const { label } = source.current().engines['openai-compatible'];
  throw new ApiError(
    400,
    `${label} has no model "${model}". Choose another model in Settings, or load it on the model server.`,
    'invalid_request_error',
    'model_not_found',
  );
}
