import { defaultModelCatalog } from '@shared/model-catalog';
import { readModelsResponse } from './models-response';

/** A GET /api/models body as server/api/routes/models.ts sends it. */
const body = () =>
  JSON.parse(
    JSON.stringify({
      catalog: defaultModelCatalog,
      configured: { groq: true, anthropic: false, perplexity: true, youtube: false },
    }),
  ) as {
    catalog: { engines: Record<string, Record<string, unknown> & { models: Record<string, unknown>[] }> } & {
      retired: Record<string, unknown>;
    };
    configured: Record<string, unknown>;
  };

describe('readModelsResponse (the AI service’s catalog and engines, checked by hand)', () => {
  it('reads a well-formed answer: the catalog as sent and which engines have keys', () => {
    const info = readModelsResponse(body());
    expect(info?.catalog).toEqual(defaultModelCatalog);
    expect(info?.engines).toEqual({
      groq: true,
      anthropic: false,
      perplexity: true,
      youtube: false,
      'openai-compatible': false,
    });
  });

  it('counts only a literal true as configured', () => {
    const answer = body();
    answer.configured = { groq: 'yes', anthropic: 1, youtube: true };
    expect(readModelsResponse(answer)?.engines).toEqual({
      groq: false,
      anthropic: false,
      perplexity: false,
      youtube: true,
      'openai-compatible': false,
    });
  });

  it('keeps a model’s way of hiding its reasoning, and only the two known ways', () => {
    const answer = body();
    const groq = answer.catalog.engines.groq;
    const model = { ...groq?.models[0] };
    delete model.hideReasoning;
    if (groq) {
      groq.models = [
        { ...model, id: 'hidden-format', hideReasoning: { reasoning_format: 'hidden' } },
        { ...model, id: 'no-reasoning', hideReasoning: { include_reasoning: false } },
        { ...model, id: 'shows-reasoning', hideReasoning: { include_reasoning: true } },
      ];
    }
    const models = readModelsResponse(answer)?.catalog.engines.groq.models ?? [];
    expect(models[0]?.hideReasoning).toEqual({ reasoning_format: 'hidden' });
    expect(models[1]?.hideReasoning).toEqual({ include_reasoning: false });
    expect(models[2]).not.toHaveProperty('hideReasoning');
  });

  const broken: [string, (answer: ReturnType<typeof body>) => unknown][] = [
    ['not an object', () => 'catalog'],
    ['an array', () => []],
    ['null', () => null],
    ['no configured engines', (answer) => ({ catalog: answer.catalog })],
    ['configured as an array', (answer) => ({ ...answer, configured: [] })],
    ['no catalog', (answer) => ({ configured: answer.configured })],
    ['catalog without engines', (answer) => ({ ...answer, catalog: { retired: {} } })],
    [
      'catalog without retired ids',
      (answer) => ({ ...answer, catalog: { engines: answer.catalog.engines } }),
    ],
    ['an engine missing', (answer) => (delete answer.catalog.engines.anthropic, answer)],
    ['an engine without a label', (answer) => (delete answer.catalog.engines.groq?.label, answer)],
    [
      'an engine without a description',
      (answer) => (delete answer.catalog.engines.groq?.description, answer),
    ],
    [
      'models not a list',
      (answer) => (Object.assign(answer.catalog.engines.groq ?? {}, { models: {} }), answer),
    ],
    [
      'a model that is not an object',
      (answer) => ((answer.catalog.engines.groq?.models as unknown[]).push('llama'), answer),
    ],
    ['a model without an id', (answer) => (delete answer.catalog.engines.groq?.models[0]?.id, answer)],
    [
      'a model with an empty id',
      (answer) => (Object.assign(answer.catalog.engines.groq?.models[0] ?? {}, { id: '' }), answer),
    ],
    ['a model without a label', (answer) => (delete answer.catalog.engines.groq?.models[0]?.label, answer)],
    [
      'a model filed under the other engine',
      (answer) => (
        Object.assign(answer.catalog.engines.groq?.models[0] ?? {}, { engine: 'anthropic' }),
        answer
      ),
    ],
    [
      'a model whose reasoning is not a boolean',
      (answer) => (Object.assign(answer.catalog.engines.groq?.models[0] ?? {}, { reasoning: 'no' }), answer),
    ],
    [
      'a retired id pointing at nothing',
      (answer) => (Object.assign(answer.catalog.retired, { old: 42 }), answer),
    ],
  ];

  it.each(broken)(
    'refuses an answer with %s (null: the page says the service is unavailable)',
    (_why, mangle) => {
      expect(readModelsResponse(mangle(body()))).toBeNull();
    },
  );
});
