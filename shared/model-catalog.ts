/**
 * The AI models the product offers, per engine (docs/product.md §13). This module is plain data shared by
 * the browser and the /api functions; a server can replace it at run time (MODEL_CATALOG_FILE),
 * and the browser then receives the server's version in /app-config.json.
 */

/**
 * The engines a profile can write with. `openai-compatible` is any server that speaks OpenAI's Chat
 * Completions (Ollama, LM Studio, vLLM, OpenRouter, OpenAI…), set up by the server owner only
 * (docs/decisions/030); its models are read from the endpoint unless MODEL_CATALOG_FILE lists them.
 */
export type AiEngine = 'groq' | 'anthropic' | 'openai-compatible';

export interface CatalogModel {
  id: string;
  label: string;
  engine: AiEngine;
  /** Reasoning models think before answering; their reasoning is hidden from the post. */
  reasoning: boolean;
  /**
   * How to hide the reasoning on Groq: `reasoning_format: "hidden"` for models that support it,
   * `include_reasoning: false` for the gpt-oss family, which rejects reasoning_format.
   */
  hideReasoning?: { reasoning_format: 'hidden' } | { include_reasoning: false };
}

export interface CatalogEngine {
  label: string;
  description: string;
  models: CatalogModel[];
  /**
   * Why the engine's models could not be listed (the OpenAI-compatible endpoint was down or
   * refused), in the user's words; absent when they were.
   */
  unavailable?: string;
}

export interface ModelCatalog {
  engines: Record<AiEngine, CatalogEngine>;
  /** Retired model ids and the current model that replaces each. */
  retired: Record<string, string>;
}

/** The label of the third engine when the server owner gives it no name (OPENAI_COMPATIBLE_LABEL). */
export const openAiCompatibleLabel = 'OpenAI-compatible';

/** The third engine's entry, before its models are known. */
export function openAiCompatibleEngine(label = openAiCompatibleLabel): CatalogEngine {
  return {
    label,
    description: 'A model on your own server, or any provider that speaks OpenAI’s API',
    models: [],
  };
}

export const defaultModelCatalog: ModelCatalog = {
  engines: {
    groq: {
      label: 'Groq',
      description: 'Fast inference with competitive performance',
      models: [
        {
          id: 'openai/gpt-oss-120b',
          label: 'GPT-OSS 120B (reasoning)',
          engine: 'groq',
          reasoning: true,
          hideReasoning: { include_reasoning: false },
        },
        {
          id: 'openai/gpt-oss-20b',
          label: 'GPT-OSS 20B (fast reasoning)',
          engine: 'groq',
          reasoning: true,
          hideReasoning: { include_reasoning: false },
        },
      ],
    },
    anthropic: {
      label: 'Anthropic',
      description: 'Advanced capabilities with Claude models',
      models: [
        { id: 'claude-sonnet-4-6', label: 'Claude Sonnet 4.6', engine: 'anthropic', reasoning: false },
        { id: 'claude-opus-4-6', label: 'Claude Opus 4.6', engine: 'anthropic', reasoning: false },
        { id: 'claude-haiku-4-5', label: 'Claude Haiku 4.5', engine: 'anthropic', reasoning: false },
      ],
    },
    'openai-compatible': openAiCompatibleEngine(),
  },
  retired: {
    // Groq decommissioned these (llama-3.3-70b-versatile on 2026-08-16, llama-4-scout on 2026-07-17).
    'llama-3.3-70b-versatile': 'openai/gpt-oss-120b',
    'llama-3.1-70b-versatile': 'openai/gpt-oss-120b',
    'llama3-70b-8192': 'openai/gpt-oss-120b',
    'llama-3.1-8b-instant': 'openai/gpt-oss-20b',
    'llama3-8b-8192': 'openai/gpt-oss-20b',
    'mixtral-8x7b-32768': 'openai/gpt-oss-120b',
    'gemma2-9b-it': 'openai/gpt-oss-20b',
    'meta-llama/llama-4-scout-17b-16e-instruct': 'openai/gpt-oss-120b',
    'meta-llama/llama-4-maverick-17b-128e-instruct': 'openai/gpt-oss-120b',
    'deepseek-r1-distill-llama-70b': 'openai/gpt-oss-120b',
    'qwen-qwq-32b': 'openai/gpt-oss-120b',
    'qwen-2.5-32b': 'openai/gpt-oss-120b',
    'qwen/qwen3-32b': 'openai/gpt-oss-120b',
    // Claude 3.x models are retired.
    'claude-3-opus-20240229': 'claude-opus-4-6',
    'claude-3-opus-latest': 'claude-opus-4-6',
    'claude-3-sonnet-20240229': 'claude-sonnet-4-6',
    'claude-3-5-sonnet-20240620': 'claude-sonnet-4-6',
    'claude-3-5-sonnet-20241022': 'claude-sonnet-4-6',
    'claude-3-5-sonnet-latest': 'claude-sonnet-4-6',
    'claude-3-7-sonnet-20250219': 'claude-sonnet-4-6',
    'claude-3-7-sonnet-latest': 'claude-sonnet-4-6',
    'claude-3-haiku-20240307': 'claude-haiku-4-5',
    'claude-3-5-haiku-20241022': 'claude-haiku-4-5',
    'claude-3-5-haiku-latest': 'claude-haiku-4-5',
  },
};

export const aiEngines: AiEngine[] = ['groq', 'anthropic', 'openai-compatible'];

/**
 * The engines a person may choose: Groq and Anthropic always (an unconfigured one explains what is
 * missing), the OpenAI-compatible engine only where the server owner set it up.
 */
export function offeredEngines(configured: Partial<Record<AiEngine, boolean>>): AiEngine[] {
  return aiEngines.filter((engine) => engine !== 'openai-compatible' || configured[engine] === true);
}

export function modelsFor(catalog: ModelCatalog, engine: AiEngine): CatalogModel[] {
  return catalog.engines[engine].models;
}

/**
 * The engine a new profile starts with: Groq (docs/product.md §16), unless this server has no Groq
 * key and another engine is set up (a self-hosted server with only its own model, say).
 */
export function defaultEngine(configured: Partial<Record<AiEngine, boolean>> | null): AiEngine {
  if (!configured || configured.groq) return 'groq';
  return aiEngines.find((engine) => configured[engine]) ?? 'groq';
}

/** The engine's first model: the default, and what a change of engine resets the model to. */
export function defaultModelFor(catalog: ModelCatalog, engine: AiEngine): string {
  return catalog.engines[engine].models[0]?.id ?? '';
}

export function findModel(catalog: ModelCatalog, id: string): CatalogModel | undefined {
  return aiEngines.flatMap((engine) => catalog.engines[engine].models).find((model) => model.id === id);
}

/**
 * The catalog as a Groq or Anthropic profile sees it: the third engine's model ids are its server's
 * own and may be another engine's (OpenRouter lists qwen/qwen3-32b, retired on Groq), so such a
 * profile never moves onto that engine by an id.
 */
export function withoutCompatibleModels(catalog: ModelCatalog): ModelCatalog {
  const compatible = catalog.engines['openai-compatible'];
  if (compatible.models.length === 0) return catalog;
  return { ...catalog, engines: { ...catalog.engines, 'openai-compatible': { ...compatible, models: [] } } };
}

export interface ModelResolution {
  engine: AiEngine;
  model: string;
  /** Set when the stored model was retired or unknown and has been replaced. */
  replaced: { from: string; to: string } | null;
}

/**
 * The model a profile should use: a current model is kept; a retired one maps to its successor;
 * an unknown or missing one falls back to the engine's first model.
 */
export function resolveModel(
  catalog: ModelCatalog,
  engine: AiEngine,
  stored: string | null | undefined,
): ModelResolution {
  // The OpenAI-compatible engine's models come and go with its server (a model not pulled yet, the
  // server down at start), and their ids may be any (another provider's, a retired one's): the
  // person's choice is kept, and the server says if it is gone.
  if (stored && engine === 'openai-compatible') return { engine, model: stored, replaced: null };
  if (stored) {
    const among = withoutCompatibleModels(catalog);
    const current = findModel(among, stored);
    if (current) return { engine: current.engine, model: current.id, replaced: null };
    const successor = catalog.retired[stored];
    const successorModel = successor ? findModel(among, successor) : undefined;
    if (successorModel)
      return {
        engine: successorModel.engine,
        model: successorModel.id,
        replaced: { from: stored, to: successorModel.id },
      };
    const fallback = defaultModelFor(catalog, engine);
    return { engine, model: fallback, replaced: { from: stored, to: fallback } };
  }
  return { engine, model: defaultModelFor(catalog, engine), replaced: null };
}
