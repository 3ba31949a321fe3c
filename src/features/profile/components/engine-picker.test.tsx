import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AiEngine, CatalogEngine, ModelCatalog } from '@shared/model-catalog';
import type { AiServiceState, EngineAvailability } from '@/lib/ai/ai-service-state';
import { EnginePicker } from './engine-picker';
import { EngineSection } from './engine-section';
import { ollamaCatalog } from '../../../../tests/helpers/compatible-catalog.ts';

// The engine cards and the model select, from the catalog and the configured engines GET /models
// sent (the third engine, OpenAI-compatible, is the server owner's: docs/decisions/030).

/** The catalog with the third engine named and its server's models (or none, and why). */
const catalogWith = (compatible: Partial<CatalogEngine> = {}): ModelCatalog =>
  ollamaCatalog(['llama3.2:3b', 'qwen3:8b'], compatible);

const everyEngine: Partial<Record<AiEngine, boolean>> = {
  groq: true,
  anthropic: true,
  'openai-compatible': true,
};

function renderPicker(
  props: Partial<Parameters<typeof EnginePicker>[0]> & { engine?: AiEngine; model?: string } = {},
) {
  const onChange = vi.fn();
  render(
    <EnginePicker
      catalog={catalogWith()}
      engine="groq"
      model="openai/gpt-oss-120b"
      configured={everyEngine}
      onChange={onChange}
      {...props}
    />,
  );
  return { onChange };
}

const engineNames = () => screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'));
const modelOptions = () =>
  within(screen.getByLabelText('Model'))
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('EnginePicker and the OpenAI-compatible engine', () => {
  it('offers only Groq and Anthropic where the server owner did not set the third engine up', () => {
    renderPicker({ configured: { groq: true, anthropic: true, 'openai-compatible': false } });
    expect(engineNames()).toEqual(['groq', 'anthropic']);
    expect(screen.queryByText('Ollama')).not.toBeInTheDocument();
  });

  it('offers only Groq and Anthropic to a server from before the third engine (it says nothing of it)', () => {
    renderPicker({ configured: { groq: true, anthropic: false } });
    expect(engineNames()).toEqual(['groq', 'anthropic']);
  });

  it('shows the third card under the server owner’s name, and choosing it picks its server’s first model', async () => {
    const { onChange } = renderPicker();
    expect(engineNames()).toEqual(['groq', 'anthropic', 'openai-compatible']);
    const card = screen.getByRole('radio', { name: /^Ollama/ });
    expect(card).toHaveAccessibleName(expect.stringContaining('A model on your own server'));
    expect(card).not.toHaveAccessibleName(expect.stringContaining('Not configured'));
    await userEvent.click(card);
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ engine: 'openai-compatible', model: 'llama3.2:3b' });
  });

  it('lists the server’s models by their ids, and a change of model keeps the engine', async () => {
    const { onChange } = renderPicker({ engine: 'openai-compatible', model: 'llama3.2:3b' });
    expect(screen.getByRole('radio', { name: /^Ollama/ })).toBeChecked();
    expect(modelOptions()).toEqual(['llama3.2:3b', 'qwen3:8b']);
    await userEvent.selectOptions(screen.getByLabelText('Model'), 'qwen3:8b');
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ engine: 'openai-compatible', model: 'qwen3:8b' });
  });

  it('keeps a chosen model the server does not list right now, saying so', () => {
    renderPicker({ engine: 'openai-compatible', model: 'mistral:7b' });
    expect(screen.getByLabelText('Model')).toHaveValue('mistral:7b');
    expect(modelOptions()).toEqual(['mistral:7b (not listed now)', 'llama3.2:3b', 'qwen3:8b']);
  });

  it('says why the server’s models could not be listed, keeping the chosen model', () => {
    renderPicker({
      catalog: catalogWith({
        models: [],
        unavailable: 'Could not reach Ollama to list its models. Is its server running?',
      }),
      engine: 'openai-compatible',
      model: 'llama3.2:3b',
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Could not reach Ollama to list its models. Is its server running?',
    );
    expect(modelOptions()).toEqual(['llama3.2:3b (not listed now)']);
  });

  it('says the engine has no models yet when there is none and none was chosen', () => {
    renderPicker({ catalog: catalogWith({ models: [] }), engine: 'openai-compatible', model: '' });
    expect(screen.queryByLabelText('Model')).not.toBeInTheDocument();
    expect(screen.getByText('Ollama has no models to choose from yet.')).toBeInTheDocument();
  });

  it('names the engine that has no models, whichever it is', () => {
    const catalog = catalogWith();
    renderPicker({
      catalog: {
        ...catalog,
        engines: { ...catalog.engines, anthropic: { ...catalog.engines.anthropic, models: [] } },
      },
      engine: 'anthropic',
      model: '',
    });
    expect(screen.getByText('Anthropic has no models to choose from yet.')).toBeInTheDocument();
  });

  it('keeps showing the third engine to a profile that uses it after the server owner took it away', () => {
    renderPicker({
      configured: { groq: true, anthropic: true, 'openai-compatible': false },
      engine: 'openai-compatible',
      model: 'llama3.2:3b',
    });
    const card = screen.getByRole('radio', { name: /^Ollama/ });
    expect(card).toBeChecked();
    expect(card).toHaveAccessibleName(expect.stringContaining('Not configured on this server yet'));
  });

  it('lists the server’s models again on “Refresh models”, which says “Listing models…” meanwhile', async () => {
    const onRefreshModels = vi.fn();
    const { rerender } = render(
      <EnginePicker
        catalog={catalogWith()}
        engine="openai-compatible"
        model="llama3.2:3b"
        configured={everyEngine}
        onChange={() => {}}
        onRefreshModels={onRefreshModels}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Refresh models' }));
    expect(onRefreshModels).toHaveBeenCalledOnce();
    rerender(
      <EnginePicker
        catalog={catalogWith()}
        engine="openai-compatible"
        model="llama3.2:3b"
        configured={everyEngine}
        onChange={() => {}}
        onRefreshModels={onRefreshModels}
        refreshingModels
      />,
    );
    expect(screen.getByRole('button', { name: 'Listing models…' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Refresh models' })).not.toBeInTheDocument();
  });

  it('offers no Refresh for Groq or Anthropic, whose models the catalog lists', () => {
    renderPicker({ onRefreshModels: vi.fn() });
    expect(screen.queryByRole('button', { name: 'Refresh models' })).not.toBeInTheDocument();
  });
});

describe('EngineSection', () => {
  const engines: EngineAvailability = {
    groq: true,
    anthropic: true,
    perplexity: true,
    youtube: true,
    'openai-compatible': true,
  };

  it('hands the AI service’s refresh to the picker', async () => {
    const refreshModels = vi.fn();
    const aiService: AiServiceState = {
      status: 'ready',
      catalog: catalogWith(),
      engines,
      refreshModels,
      refreshingModels: false,
    };
    const { rerender } = render(
      <EngineSection aiService={aiService} engine="openai-compatible" model="qwen3:8b" onChange={() => {}} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Refresh models' }));
    expect(refreshModels).toHaveBeenCalledOnce();
    rerender(
      <EngineSection
        aiService={{ ...aiService, refreshingModels: true }}
        engine="openai-compatible"
        model="qwen3:8b"
        onChange={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Listing models…' })).toBeDisabled();
  });
});
