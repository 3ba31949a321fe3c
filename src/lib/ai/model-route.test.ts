import { describe, expect, it } from 'vitest';
import { defaultModelCatalog } from '@shared/model-catalog';
import { routeModel } from './model-route';

describe('routeModel (docs/product.md §12 "Model routing", generalised by docs/product.md §13)', () => {
  it.each([
    [
      'an anthropic model goes to /api/generate-claude',
      'anthropic',
      'claude-sonnet-4-6',
      { provider: 'anthropic', model: 'claude-sonnet-4-6' },
    ],
    [
      'gpt-oss hides its reasoning with include_reasoning: false',
      'groq',
      'openai/gpt-oss-120b',
      { provider: 'groq', reasoning: true, extra: { include_reasoning: false } },
    ],
    [
      'a deepseek id the catalog does not list gets reasoning_format: hidden',
      'groq',
      'deepseek-r1-distill-qwen-32b',
      { provider: 'groq', reasoning: true, extra: { reasoning_format: 'hidden' } },
    ],
    [
      'an unknown non-reasoning groq model is a plain completion',
      'groq',
      'some-new-model',
      { provider: 'groq', reasoning: false, extra: {} },
    ],
    [
      'the catalog engine wins over the profile engine',
      'groq',
      'claude-haiku-4-5',
      { provider: 'anthropic' },
    ],
  ] as const)('%s', (_name, engine, model, expected) => {
    expect(routeModel(defaultModelCatalog, engine, model)).toMatchObject(expected);
  });

  // A profile made before the catalog was known has no model, and one saved long ago may name a
  // retired one; until the profile is upgraded, a Generate click must not send either to the server.
  it.each([
    [
      "no model at all goes to the engine's default",
      'groq',
      '',
      { provider: 'groq', model: 'openai/gpt-oss-120b' },
    ],
    [
      'no model on the anthropic engine goes to its default',
      'anthropic',
      '',
      { provider: 'anthropic', model: defaultModelCatalog.engines.anthropic.models[0]?.id },
    ],
    [
      'a retired model goes to its successor',
      'groq',
      'llama-3.3-70b-versatile',
      { provider: 'groq', model: defaultModelCatalog.retired['llama-3.3-70b-versatile'] },
    ],
  ] as const)('%s', (_name, engine, model, expected) => {
    expect(routeModel(defaultModelCatalog, engine, model)).toMatchObject(expected);
  });

  it('does not share the catalog object it copies reasoning settings from', () => {
    const route = routeModel(defaultModelCatalog, 'groq', 'openai/gpt-oss-20b');
    if (route.provider !== 'groq') throw new Error('expected groq');
    route.extra.include_reasoning = true;
    expect(defaultModelCatalog.engines.groq.models[1]?.hideReasoning).toEqual({ include_reasoning: false });
  });
});
