import {
  aiEngines,
  openAiCompatibleEngine,
  type AiEngine,
  type CatalogModel,
  type ModelCatalog,
} from '@shared/model-catalog';
import type { AiServiceInfo, EngineAvailability } from './ai-service-state';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readModel(value: unknown, engine: AiEngine): CatalogModel | null {
  if (!isRecord(value)) return null;
  const { id, label, reasoning, hideReasoning } = value;
  if (typeof id !== 'string' || id === '' || typeof label !== 'string') return null;
  if (value.engine !== engine || typeof reasoning !== 'boolean') return null;
  const model: CatalogModel = { id, label, engine, reasoning };
  if (isRecord(hideReasoning)) {
    if (hideReasoning.reasoning_format === 'hidden') model.hideReasoning = { reasoning_format: 'hidden' };
    else if (hideReasoning.include_reasoning === false) model.hideReasoning = { include_reasoning: false };
  }
  return model;
}

function readCatalog(value: unknown): ModelCatalog | null {
  if (!isRecord(value) || !isRecord(value.engines) || !isRecord(value.retired)) return null;
  const engines = {} as ModelCatalog['engines'];
  for (const engine of aiEngines) {
    // A server from before the third engine does not list it: it is simply not offered.
    const entry =
      engine === 'openai-compatible' && value.engines[engine] === undefined
        ? openAiCompatibleEngine()
        : value.engines[engine];
    if (!isRecord(entry) || typeof entry.label !== 'string' || typeof entry.description !== 'string')
      return null;
    if (!Array.isArray(entry.models)) return null;
    const models = entry.models.map((model) => readModel(model, engine));
    if (models.some((model) => model === null)) return null;
    engines[engine] = {
      label: entry.label,
      description: entry.description,
      models: models as CatalogModel[],
      ...(typeof entry.unavailable === 'string' ? { unavailable: entry.unavailable } : {}),
    };
  }
  const retired: Record<string, string> = {};
  for (const [from, to] of Object.entries(value.retired)) {
    if (typeof to !== 'string') return null;
    retired[from] = to;
  }
  return { engines, retired };
}

/**
 * Checks the body of GET /models (`{catalog, configured}`, server/api/routes/models.ts) by hand:
 * it arrives before the first screen, where zod would add its weight to the bundle.
 * Null when it is not that shape.
 */
export function readModelsResponse(body: unknown): AiServiceInfo | null {
  if (!isRecord(body)) return null;
  const configured = body.configured;
  const catalog = readCatalog(body.catalog);
  if (!isRecord(configured) || !catalog) return null;
  const flag = (name: keyof EngineAvailability) => configured[name] === true;
  return {
    catalog,
    engines: {
      groq: flag('groq'),
      anthropic: flag('anthropic'),
      perplexity: flag('perplexity'),
      youtube: flag('youtube'),
      'openai-compatible': flag('openai-compatible'),
    },
  };
}
