import { z } from 'zod';
import type { CatalogModel } from '../../shared/model-catalog.ts';

/** One entry of the list: its id, or nothing when it has no usable one. */
const modelIdSchema = z.object({ id: z.string().trim().min(1).max(200) });
const idOf = (entry: unknown): string[] => {
  const parsed = modelIdSchema.safeParse(entry);
  return parsed.success ? [parsed.data.id] : [];
};

/**
 * `GET {base}/models` as OpenAI, Ollama, LM Studio, vLLM, llama.cpp and OpenRouter answer it: the
 * ids listed. Ollama without a model pulled answers `"data": null`; an entry without a usable id is
 * left out rather than the whole list refused.
 */
const modelListSchema = z.object({
  data: z
    .array(z.unknown())
    .max(5000)
    .nullable()
    .transform((entries) => (entries ?? []).flatMap(idOf)),
});

// Models that cannot write a post: embeddings, speech, images, moderation (OpenAI and Ollama list them too).
const notForWriting = /embed|whisper|tts|dall-e|moderation|transcribe|realtime|gpt-image|audio|rerank/i;

// Long enough for a server on another continent, short enough that a start is not held up.
const listTimeoutMs = 5_000;

export type ModelListing = { models: CatalogModel[] } | { problem: string };

/**
 * The chat models an OpenAI-compatible server offers, from its `GET /models`, each labelled with
 * its own id (ids such as "llama3.2:3b" are what people know them by). A failure is described in
 * the user's words, naming the engine; the address is the server owner's and is never shown.
 */
export async function listCompatibleModels(
  fetchImpl: typeof fetch,
  endpoint: { baseUrl: string; key: string | null; label: string },
): Promise<ModelListing> {
  const { baseUrl, key, label } = endpoint;
  let response: Response;
  try {
    response = await fetchImpl(`${baseUrl}/models`, {
      headers: { accept: 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
      signal: AbortSignal.timeout(listTimeoutMs),
    });
  } catch {
    return { problem: `Could not reach ${label} to list its models. Is its server running?` };
  }
  if (!response.ok) {
    void response.body?.cancel().catch(() => {});
    const hint =
      response.status === 401 || response.status === 403
        ? ' Check OPENAI_COMPATIBLE_API_KEY on the server.'
        : '';
    return { problem: `${label} answered ${response.status} when asked for its models.${hint}` };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { problem: `${label} did not answer with a list of models.` };
  }
  const parsed = modelListSchema.safeParse(body);
  if (!parsed.success) return { problem: `${label} did not answer with a list of models.` };
  const ids = [...new Set(parsed.data.data)].filter((id) => !notForWriting.test(id));
  if (ids.length === 0) return { problem: `${label} has no chat models to offer yet.` };
  return {
    models: ids.map((id) => ({ id, label: id, engine: 'openai-compatible', reasoning: false })),
  };
}
