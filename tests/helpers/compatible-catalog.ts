import {
  defaultModelCatalog,
  openAiCompatibleEngine,
  type CatalogEngine,
  type CatalogModel,
  type ModelCatalog,
} from '../../shared/model-catalog.ts';

/** A model as the OpenAI-compatible engine's server lists it: labelled with its own id. */
export const servedModel = (id: string): CatalogModel => ({
  id,
  label: id,
  engine: 'openai-compatible',
  reasoning: false,
});

/** What the dashboard says while "Ollama" has not written a word (groq-completion.ts). */
export const ollamaNotices = {
  loading: 'Ollama is loading the model… a first answer can take a minute.',
  thinking: 'Ollama is thinking before it writes…',
};

/**
 * The catalog as GET /models sends it with OPENAI_COMPATIBLE_LABEL=Ollama: the built-in engines and
 * the third one with `models` from its server, and whatever else `engine` sets (`unavailable`).
 */
export function ollamaCatalog(models: readonly string[], engine: Partial<CatalogEngine> = {}): ModelCatalog {
  return {
    ...defaultModelCatalog,
    engines: {
      ...defaultModelCatalog.engines,
      'openai-compatible': {
        ...openAiCompatibleEngine('Ollama'),
        models: models.map(servedModel),
        ...engine,
      },
    },
  };
}
