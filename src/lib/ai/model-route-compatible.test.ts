import { describe, expect, it } from 'vitest';
import { defaultModelCatalog } from '@shared/model-catalog';
import { routeModel } from './model-route';
import { ollamaCatalog } from '../../../tests/helpers/compatible-catalog.ts';

// The third engine (docs/decisions/030): its model ids are whatever the server owner's server calls
// them, and may be another engine's id or a retired one. The profile's engine decides the route.

/** The catalog as GET /models sends it with OPENAI_COMPATIBLE_LABEL=Ollama and its server's models. */
const ollama = ollamaCatalog(['llama3.2:3b', 'qwen3:8b', 'openai/gpt-oss-120b', 'qwen/qwen3-32b']);

describe('routeModel for the OpenAI-compatible engine', () => {
  it('routes a listed model to /api/openai-compatible, named by the engine’s label, with no reasoning switches', () => {
    expect(routeModel(ollama, 'openai-compatible', 'qwen3:8b')).toEqual({
      provider: 'openai-compatible',
      model: 'qwen3:8b',
      label: 'Ollama',
    });
  });

  it.each([
    ['a Groq model’s id (OpenRouter serves openai/gpt-oss-120b too)', 'openai/gpt-oss-120b'],
    ['an Anthropic model’s id', 'claude-sonnet-4-6'],
    ['a retired Groq id the server still serves', 'qwen/qwen3-32b'],
    ['another retired id, not listed by the server', 'llama-3.3-70b-versatile'],
    ['an id with "deepseek" in it (hidden by Groq’s reasoning_format)', 'deepseek-r1:7b'],
    ['a model the server does not list right now', 'mistral:7b'],
  ])('keeps %s on the third engine, as it is', (_name, model) => {
    expect(routeModel(ollama, 'openai-compatible', model)).toEqual({
      provider: 'openai-compatible',
      model,
      label: 'Ollama',
    });
  });

  it('gives a profile with no model yet the server’s first model', () => {
    expect(routeModel(ollama, 'openai-compatible', '')).toEqual({
      provider: 'openai-compatible',
      model: 'llama3.2:3b',
      label: 'Ollama',
    });
  });

  it('is named "OpenAI-compatible" when the server owner gave it no name', () => {
    expect(routeModel(defaultModelCatalog, 'openai-compatible', 'llama3.2:3b')).toEqual({
      provider: 'openai-compatible',
      model: 'llama3.2:3b',
      label: 'OpenAI-compatible',
    });
  });

  it('never sends a Groq or Anthropic profile to the third engine, even for an id it also serves', () => {
    expect(routeModel(ollama, 'groq', 'openai/gpt-oss-120b')).toMatchObject({
      provider: 'groq',
      extra: { include_reasoning: false },
    });
    expect(routeModel(ollama, 'groq', 'qwen/qwen3-32b')).toMatchObject({
      provider: 'groq',
      model: 'openai/gpt-oss-120b',
    });
    expect(routeModel(ollama, 'anthropic', 'claude-haiku-4-5')).toEqual({
      provider: 'anthropic',
      model: 'claude-haiku-4-5',
    });
  });
});
