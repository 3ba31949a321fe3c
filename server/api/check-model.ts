import type { AiEngine, ModelCatalog } from '../../shared/model-catalog.ts';
import { ApiError } from './api-error.ts';

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
