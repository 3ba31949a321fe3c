import { describe, expect, it } from 'vitest';
import { defaultModelCatalog } from '../../shared/model-catalog.ts';
import { ApiError } from './api-error.ts';
import { requireCompatibleModel } from './check-model.ts';
import { modelCatalogSource } from './model-catalog-source.ts';
import { readProviderConfig } from './provider-config.ts';

/*
 * requireCompatibleModel against a real catalog source whose endpoint is a stand-in fetch (the
 * network edge) answering with the models the test says, and a clock the test moves.
 */
function endpoint(ids: string[] | null = ['llama3.2:3b']) {
  const state = { ids, listings: 0, now: 0 };
  const fetchImpl: typeof fetch = async () => {
    state.listings += 1;
    if (state.ids === null) throw new TypeError('fetch failed');
    return new Response(JSON.stringify({ object: 'list', data: state.ids.map((id) => ({ id })) }));
  };
  const source = modelCatalogSource({
    base: defaultModelCatalog,
    providers: readProviderConfig({
      OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:11434/v1',
      OPENAI_COMPATIBLE_LABEL: 'Ollama',
    }),
    fetch: fetchImpl,
    now: () => state.now,
  });
  return { state, source };
}

async function refusal(check: Promise<void>): Promise<ApiError> {
  const error = await check.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('requireCompatibleModel', () => {
  it('lets a listed model through without listing again', async () => {
    const { state, source } = endpoint();
    await source.ready();
    state.now = 60_000;
    await requireCompatibleModel(source, 'llama3.2:3b');
    expect(state.listings).toBe(1);
  });

  it('lists once more for a model it does not know, and lets it through once the server has it', async () => {
    const { state, source } = endpoint();
    await source.ready();
    state.now = 60_000;
    state.ids = ['llama3.2:3b', 'mistral:7b'];
    await requireCompatibleModel(source, 'mistral:7b');
    expect(state.listings).toBe(2);
  });

  it('refuses a model the server does not have with 400 model_not_found naming the engine and the model', async () => {
    const { state, source } = endpoint();
    await source.ready();
    state.now = 60_000;
    const error = await refusal(requireCompatibleModel(source, 'mistral:7b'));
    expect(error.status).toBe(400);
    expect(error.code).toBe('model_not_found');
    expect(error.message).toBe(
      'Ollama has no model "mistral:7b". Choose another model in Settings, or load it on the model server.',
    );
    expect(state.listings).toBe(2);
  });

  it('does not list again within 10 s of the last listing, however many unknown models are asked for', async () => {
    const { state, source } = endpoint();
    await source.ready();
    state.now = 9_999;
    state.ids = ['llama3.2:3b', 'mistral:7b'];
    for (const model of ['mistral:7b', 'phi4:14b', 'gemma3:4b']) {
      expect((await refusal(requireCompatibleModel(source, model))).code).toBe('model_not_found');
    }
    expect(state.listings).toBe(1);
  });

  it('waits for the listing at start rather than refusing a model before it is known', async () => {
    const { state, source } = endpoint();
    await requireCompatibleModel(source, 'llama3.2:3b');
    expect(state.listings).toBe(1);
  });

  it('lets any model through while the list cannot be had: the server itself answers', async () => {
    // Down at start: no list at all.
    const { state, source } = endpoint(null);
    expect((await source.ready()).engines['openai-compatible'].unavailable).toBeDefined();
    state.now = 60_000;
    await requireCompatibleModel(source, 'anything:latest');
    expect(state.listings).toBe(1);
  });
});
