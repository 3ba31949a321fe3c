import { describe, expect, it } from 'vitest';
import { defaultModelCatalog, type ModelCatalog } from '../../shared/model-catalog.ts';
import { modelCatalogSource } from './model-catalog-source.ts';
import { readProviderConfig } from './provider-config.ts';

/*
 * The catalog with the OpenAI-compatible engine's models, listed from the endpoint: the endpoint
 * is a stand-in fetch (the network edge) and the clock is the test's.
 */
const baseUrl = 'http://127.0.0.1:11434/v1';
const listOf = (...ids: string[]) =>
  new Response(JSON.stringify({ object: 'list', data: ids.map((id) => ({ id, object: 'model' })) }), {
    headers: { 'content-type': 'application/json' },
  });
const model = (id: string) => ({ id, label: id, engine: 'openai-compatible', reasoning: false });

/** An endpoint whose answers the test gives, one per listing, in order; a listing may be held. */
function endpoint() {
  const answers: (() => Promise<Response>)[] = [];
  const urls: string[] = [];
  const fetchImpl: typeof fetch = (input) => {
    urls.push(String(input));
    const answer = answers.shift();
    return answer ? answer() : Promise.reject(new Error('no answer was set for this listing'));
  };
  return {
    urls,
    fetch: fetchImpl,
    answer: (response: () => Response) => answers.push(() => Promise.resolve(response())),
    fail: () => answers.push(() => Promise.reject(new TypeError('fetch failed'))),
    /** The next listing waits until the returned function is called. */
    hold: (response: () => Response) => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      answers.push(async () => {
        await released;
        return response();
      });
      return release;
    },
  };
}

function source(
  server: ReturnType<typeof endpoint>,
  env: Record<string, string> = { OPENAI_COMPATIBLE_BASE_URL: baseUrl },
  base: ModelCatalog = defaultModelCatalog,
) {
  const clock = { now: 0 };
  const models = modelCatalogSource({
    base,
    providers: readProviderConfig(env),
    fetch: server.fetch,
    now: () => clock.now,
  });
  return { models, clock };
}

const compatible = (catalog: ModelCatalog) => catalog.engines['openai-compatible'];

describe('modelCatalogSource', () => {
  it('lists the endpoint’s models at start, leaving the other engines as they are', async () => {
    const server = endpoint();
    server.answer(() => listOf('llama3.2:3b', 'qwen3:8b'));
    const { models } = source(server);
    const catalog = await models.ready();
    expect(server.urls).toEqual([`${baseUrl}/models`]);
    expect(compatible(catalog)).toEqual({
      label: 'OpenAI-compatible',
      description: defaultModelCatalog.engines['openai-compatible'].description,
      models: [model('llama3.2:3b'), model('qwen3:8b')],
    });
    expect(catalog.engines.groq).toBe(defaultModelCatalog.engines.groq);
    expect(catalog.retired).toBe(defaultModelCatalog.retired);
    expect(models.current()).toBe(catalog);
  });

  it('names the engine by OPENAI_COMPATIBLE_LABEL in the catalog and in its messages', async () => {
    const server = endpoint();
    server.fail();
    const { models } = source(server, {
      OPENAI_COMPATIBLE_BASE_URL: baseUrl,
      OPENAI_COMPATIBLE_LABEL: 'Ollama',
    });
    expect(compatible(models.current()).label).toBe('Ollama');
    expect(compatible(await models.ready())).toMatchObject({
      label: 'Ollama',
      models: [],
      unavailable: 'Could not reach Ollama to list its models. Is its server running?',
    });
  });

  it('lists again on refresh at most once per 10 s, counted from the last listing', async () => {
    const server = endpoint();
    server.answer(() => listOf('llama3.2:3b'));
    const { models, clock } = source(server);
    await models.ready();

    clock.now = 9_999;
    expect(compatible(await models.refresh()).models).toEqual([model('llama3.2:3b')]);
    expect(server.urls).toHaveLength(1);

    clock.now = 10_000;
    server.answer(() => listOf('llama3.2:3b', 'mistral:7b'));
    expect(compatible(await models.refresh()).models).toEqual([model('llama3.2:3b'), model('mistral:7b')]);
    expect(server.urls).toHaveLength(2);

    clock.now = 19_999;
    await models.refresh();
    expect(server.urls).toHaveLength(2);
  });

  it('shares one listing between callers who ask while it is under way', async () => {
    const server = endpoint();
    const release = server.hold(() => listOf('llama3.2:3b'));
    const { models, clock } = source(server);
    // The listing at start is under way: a refresh (an unknown model, say) waits for it.
    clock.now = 60_000;
    const waiting = [models.refresh(), models.refresh(), models.ready()];
    expect(compatible(models.current()).models).toEqual([]);
    release();
    const catalogs = await Promise.all(waiting);
    expect(server.urls).toHaveLength(1);
    for (const catalog of catalogs) expect(compatible(catalog).models).toEqual([model('llama3.2:3b')]);
  });

  it('keeps the models known before when a listing fails, says why, and forgets why once one works', async () => {
    const server = endpoint();
    server.answer(() => listOf('llama3.2:3b'));
    const { models, clock } = source(server);
    await models.ready();

    clock.now = 10_000;
    server.answer(() => new Response('{"error":{"message":"overloaded"}}', { status: 503 }));
    expect(compatible(await models.refresh())).toMatchObject({
      models: [model('llama3.2:3b')],
      unavailable: 'OpenAI-compatible answered 503 when asked for its models.',
    });

    clock.now = 20_000;
    server.answer(() => listOf('qwen3:8b'));
    const back = compatible(await models.refresh());
    expect(back.models).toEqual([model('qwen3:8b')]);
    expect(back).not.toHaveProperty('unavailable');
  });

  it('uses the models MODEL_CATALOG_FILE lists as they are, and never asks the endpoint', async () => {
    const server = endpoint();
    const listed: ModelCatalog = {
      ...defaultModelCatalog,
      engines: {
        ...defaultModelCatalog.engines,
        'openai-compatible': {
          label: 'Office server',
          description: 'Our own models',
          models: [{ id: 'llama3.2:3b', label: 'Llama 3.2', engine: 'openai-compatible', reasoning: false }],
        },
      },
    };
    const { models, clock } = source(server, { OPENAI_COMPATIBLE_BASE_URL: baseUrl }, listed);
    expect(await models.ready()).toEqual(listed);
    clock.now = 60_000;
    expect(await models.refresh()).toEqual(listed);
    expect(models.current()).toEqual(listed);
    expect(server.urls).toEqual([]);

    // OPENAI_COMPATIBLE_LABEL still names it.
    const named = source(
      server,
      { OPENAI_COMPATIBLE_BASE_URL: baseUrl, OPENAI_COMPATIBLE_LABEL: 'Ollama' },
      listed,
    );
    expect(compatible(named.models.current())).toEqual({
      ...listed.engines['openai-compatible'],
      label: 'Ollama',
    });
    expect(server.urls).toEqual([]);
  });

  it('has no models to list without OPENAI_COMPATIBLE_BASE_URL, and never fetches', async () => {
    const server = endpoint();
    const { models, clock } = source(server, {});
    clock.now = 60_000;
    const catalog = await models.refresh();
    expect(compatible(catalog)).toEqual(defaultModelCatalog.engines['openai-compatible']);
    expect(await models.ready()).toBe(catalog);
    expect(server.urls).toEqual([]);
  });
});
