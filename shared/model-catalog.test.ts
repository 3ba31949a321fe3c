import { describe, expect, it } from 'vitest';
import {
  aiEngines,
  defaultModelCatalog as catalog,
  defaultEngine,
  defaultModelFor,
  findModel,
  modelsFor,
  offeredEngines,
  resolveModel,
} from './model-catalog.ts';

describe('resolveModel', () => {
  it('keeps a current model and its engine, with nothing replaced', () => {
    expect(resolveModel(catalog, 'groq', 'openai/gpt-oss-20b')).toEqual({
      engine: 'groq',
      model: 'openai/gpt-oss-20b',
      replaced: null,
    });
    expect(resolveModel(catalog, 'anthropic', 'claude-opus-4-6')).toEqual({
      engine: 'anthropic',
      model: 'claude-opus-4-6',
      replaced: null,
    });
  });

  it.each([
    ['groq', 'llama-3.3-70b-versatile', 'openai/gpt-oss-120b'],
    ['groq', 'mixtral-8x7b-32768', 'openai/gpt-oss-120b'],
    ['anthropic', 'claude-3-5-sonnet-20241022', 'claude-sonnet-4-6'],
  ] as const)(
    'maps the retired %s model %s to its successor %s and reports the replacement',
    (engine, retired, successor) => {
      expect(resolveModel(catalog, engine, retired)).toEqual({
        engine,
        model: successor,
        replaced: { from: retired, to: successor },
      });
    },
  );

  it.each([
    ['anthropic', 'llama-3.3-70b-versatile', 'groq', 'openai/gpt-oss-120b'],
    ['groq', 'claude-3-5-sonnet-20241022', 'anthropic', 'claude-sonnet-4-6'],
  ] as const)(
    'a retired id of the other engine (%s, %s) switches to the successor’s engine: %s, %s',
    (engine, stored, successorEngine, successor) => {
      expect(resolveModel(catalog, engine, stored)).toEqual({
        engine: successorEngine,
        model: successor,
        replaced: { from: stored, to: successor },
      });
    },
  );

  it('a current id of the other engine switches the engine too', () => {
    expect(resolveModel(catalog, 'groq', 'claude-haiku-4-5')).toEqual({
      engine: 'anthropic',
      model: 'claude-haiku-4-5',
      replaced: null,
    });
  });

  it.each([
    ['groq', 'openai/gpt-oss-120b'],
    ['anthropic', 'claude-sonnet-4-6'],
  ] as const)(
    'an unknown id falls back to the %s engine’s first model (%s), recording the replacement',
    (engine, first) => {
      expect(resolveModel(catalog, engine, 'made-up-model')).toEqual({
        engine,
        model: first,
        replaced: { from: 'made-up-model', to: first },
      });
    },
  );

  it.each([null, undefined, ''])(
    'no stored model (%s) → the engine’s first model, replaced null',
    (stored) => {
      expect(resolveModel(catalog, 'groq', stored)).toEqual({
        engine: 'groq',
        model: 'openai/gpt-oss-120b',
        replaced: null,
      });
      expect(resolveModel(catalog, 'anthropic', stored)).toEqual({
        engine: 'anthropic',
        model: 'claude-sonnet-4-6',
        replaced: null,
      });
    },
  );

  it('a retired id whose successor is missing from the catalog falls back to the engine’s first model', () => {
    const broken = { ...catalog, retired: { 'old-model': 'gone-model' } };
    expect(resolveModel(broken, 'anthropic', 'old-model')).toEqual({
      engine: 'anthropic',
      model: 'claude-sonnet-4-6',
      replaced: { from: 'old-model', to: 'claude-sonnet-4-6' },
    });
  });
});

describe('defaultModelFor / modelsFor / findModel', () => {
  it('defaultModelFor is each engine’s first model', () => {
    expect(defaultModelFor(catalog, 'groq')).toBe('openai/gpt-oss-120b');
    expect(defaultModelFor(catalog, 'anthropic')).toBe('claude-sonnet-4-6');
  });

  it('defaultModelFor is "" for an engine with no models', () => {
    const empty = {
      ...catalog,
      engines: { ...catalog.engines, anthropic: { ...catalog.engines.anthropic, models: [] } },
    };
    expect(defaultModelFor(empty, 'anthropic')).toBe('');
  });

  it('modelsFor lists only that engine’s models', () => {
    expect(modelsFor(catalog, 'anthropic').map((model) => model.id)).toEqual([
      'claude-sonnet-4-6',
      'claude-opus-4-6',
      'claude-haiku-4-5',
    ]);
    expect(modelsFor(catalog, 'groq').every((model) => model.engine === 'groq')).toBe(true);
  });

  it('findModel finds across engines and returns undefined for a retired id', () => {
    expect(findModel(catalog, 'claude-opus-4-6')?.engine).toBe('anthropic');
    expect(findModel(catalog, 'openai/gpt-oss-20b')?.engine).toBe('groq');
    expect(findModel(catalog, 'llama-3.3-70b-versatile')).toBeUndefined();
  });
});

describe('defaultModelCatalog data integrity', () => {
  it('the engines are groq, anthropic and the OpenAI-compatible one, with the spec descriptions', () => {
    expect(aiEngines).toEqual(['groq', 'anthropic', 'openai-compatible']);
    // The third engine's models are its server's: none are built in.
    expect(catalog.engines['openai-compatible'].models).toEqual([]);
    expect(catalog.engines.groq.description).toBe('Fast inference with competitive performance');
    expect(catalog.engines.anthropic.description).toBe('Advanced capabilities with Claude models');
  });

  it('every retired id maps to a model that exists in the catalog', () => {
    const missing = Object.entries(catalog.retired).filter(
      ([, successor]) => findModel(catalog, successor) === undefined,
    );
    expect(missing).toEqual([]);
  });

  it('no retired id is still offered as a current model', () => {
    const offered = Object.keys(catalog.retired).filter((id) => findModel(catalog, id) !== undefined);
    expect(offered).toEqual([]);
  });

  it('each model is listed under its own engine and model ids are unique', () => {
    for (const engine of aiEngines) {
      for (const model of catalog.engines[engine].models) expect(model.engine).toBe(engine);
    }
    const ids = aiEngines.flatMap((engine) => catalog.engines[engine].models.map((model) => model.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('retired Claude models map to Anthropic models and retired Groq models to Groq models', () => {
    for (const [retired, successor] of Object.entries(catalog.retired)) {
      const engine = retired.startsWith('claude-') ? 'anthropic' : 'groq';
      expect(findModel(catalog, successor)?.engine, retired).toBe(engine);
    }
  });
});

describe('the OpenAI-compatible engine', () => {
  it('is offered only where the server set it up; Groq and Anthropic always are', () => {
    expect(offeredEngines({ groq: false, anthropic: false })).toEqual(['groq', 'anthropic']);
    expect(offeredEngines({ 'openai-compatible': true })).toEqual(['groq', 'anthropic', 'openai-compatible']);
  });

  it('starts a new profile on Groq unless only another engine is set up', () => {
    expect(defaultEngine(null)).toBe('groq');
    expect(defaultEngine({ groq: true, 'openai-compatible': true })).toBe('groq');
    expect(defaultEngine({ groq: false, anthropic: false, 'openai-compatible': true })).toBe(
      'openai-compatible',
    );
    expect(defaultEngine({ groq: false, anthropic: true, 'openai-compatible': true })).toBe('anthropic');
    expect(defaultEngine({ groq: false, anthropic: false })).toBe('groq');
  });

  it("keeps the person's model even when its id is unknown, retired elsewhere or another engine's", () => {
    for (const stored of ['llama3.2:3b', 'qwen/qwen3-32b', 'openai/gpt-oss-20b', 'claude-haiku-4-5']) {
      expect(resolveModel(catalog, 'openai-compatible', stored)).toEqual({
        engine: 'openai-compatible',
        model: stored,
        replaced: null,
      });
    }
    // Without a model and none listed, there is nothing to choose yet.
    expect(resolveModel(catalog, 'openai-compatible', null)).toEqual({
      engine: 'openai-compatible',
      model: '',
      replaced: null,
    });
  });
});

describe('a Groq or Anthropic profile and the third engine’s ids', () => {
  const listed = {
    ...catalog,
    engines: {
      ...catalog.engines,
      'openai-compatible': {
        ...catalog.engines['openai-compatible'],
        models: ['qwen/qwen3-32b', 'openai/gpt-oss-20b'].map((id) => ({
          id,
          label: id,
          engine: 'openai-compatible' as const,
          reasoning: false,
        })),
      },
    },
  };

  it('moves a retired Groq id to its Groq successor even when the third engine lists that id', () => {
    expect(resolveModel(listed, 'groq', 'qwen/qwen3-32b')).toEqual({
      engine: 'groq',
      model: 'openai/gpt-oss-120b',
      replaced: { from: 'qwen/qwen3-32b', to: 'openai/gpt-oss-120b' },
    });
    expect(resolveModel(listed, 'groq', 'openai/gpt-oss-20b')).toEqual({
      engine: 'groq',
      model: 'openai/gpt-oss-20b',
      replaced: null,
    });
  });
});
