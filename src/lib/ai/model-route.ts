import {
  findModel,
  resolveModel,
  withoutCompatibleModels,
  type AiEngine,
  type ModelCatalog,
} from '@shared/model-catalog';

export type ModelRoute =
  | { provider: 'anthropic'; model: string }
  | { provider: 'openai-compatible'; model: string; label: string }
  | { provider: 'groq'; model: string; reasoning: boolean; extra: Record<string, unknown> };

/**
 * docs/product.md §12 "Model routing", generalised by docs/product.md §13: anthropic-engine models go to our
 * /api/generate-claude; groq models use chat completions; every reasoning model (and any legacy id
 * containing "deepseek") gets its reasoning hidden. A missing model (a profile saved before the
 * catalog was known) or a retired one is resolved first, as the profile's upgrade will save it: a
 * Generate click before that upgrade lands must not send the server a model it refuses.
 */
export function routeModel(catalog: ModelCatalog, profileEngine: AiEngine, profileModel: string): ModelRoute {
  // A Groq or Anthropic profile never moves onto the third engine by a model id its server shares.
  const among = profileEngine === 'openai-compatible' ? catalog : withoutCompatibleModels(catalog);
  const { engine, model } =
    profileModel === '' || catalog.retired[profileModel]
      ? resolveModel(among, profileEngine, profileModel)
      : { engine: profileEngine, model: profileModel };
  // On the third engine the engine decides, whatever the id.
  if (engine === 'openai-compatible')
    return { provider: 'openai-compatible', model, label: catalog.engines[engine].label };
  const entry = findModel(among, model);
  if ((entry?.engine ?? engine) === 'anthropic') return { provider: 'anthropic', model };
  if (entry?.reasoning) {
    return {
      provider: 'groq',
      model,
      reasoning: true,
      extra: { ...(entry.hideReasoning ?? { reasoning_format: 'hidden' }) },
    };
  }
  if (model.toLowerCase().includes('deepseek'))
    return { provider: 'groq', model, reasoning: true, extra: { reasoning_format: 'hidden' } };
  return { provider: 'groq', model, reasoning: false, extra: {} };
}
