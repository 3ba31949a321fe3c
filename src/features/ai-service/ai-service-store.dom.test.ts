import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ModelCatalog } from '@shared/model-catalog';
import { initSupabase } from '@/lib/supabase/client';
import { useAiServiceStore } from './ai-service-store';
import { ollamaCatalog } from '../../../tests/helpers/compatible-catalog.ts';
import { storeSession } from '../../../tests/helpers/stored-session.ts';
import { gate } from '../../../tests/helpers/event-stream-reply.ts';

// Settings' "Refresh models": the server lists the OpenAI-compatible engine's models again
// (GET /models?refresh=1). The store runs for real, signed in with a stored session, against a
// fake /api/models at the network edge (MSW).

const models = 'http://localhost/api/models';
const network = setupServer();
const store = () => useAiServiceStore.getState();

const configured = {
  groq: true,
  anthropic: true,
  perplexity: false,
  youtube: false,
  'openai-compatible': true,
};
const down = ollamaCatalog([], {
  unavailable: 'Could not reach Ollama to list its models. Is its server running?',
});
const up = ollamaCatalog(['llama3.2:3b', 'qwen3:8b']);

/** GET /models answers `first` and GET /models?refresh=1 answers `refreshed` (after `held`). */
function serve(first: ModelCatalog, refreshed: ModelCatalog | 'fail', held?: Promise<void>) {
  const asked: { refresh: string | null; authorization: string | null }[] = [];
  network.use(
    http.get(models, async ({ request }) => {
      const refresh = new URL(request.url).searchParams.get('refresh');
      asked.push({ refresh, authorization: request.headers.get('authorization') });
      if (refresh === null) return HttpResponse.json({ catalog: first, configured });
      if (held) await held;
      if (refreshed === 'fail') return HttpResponse.json({ error: 'down' }, { status: 503 });
      return HttpResponse.json({ catalog: refreshed, configured });
    }),
  );
  return asked;
}

beforeAll(() => {
  network.listen({ onUnhandledRequest: 'error' });
  initSupabase('http://localhost', 'anon-key');
});
afterAll(() => network.close());
beforeEach(() => {
  store().reset();
  storeSession('user-a', 'ada@example.com');
});
afterEach(() => network.resetHandlers());

describe('refreshing the OpenAI-compatible engine’s models', () => {
  it('asks GET /models?refresh=1 with the user’s token and shows the new list, saying it is listing meanwhile', async () => {
    const held = gate();
    const asked = serve(down, up, held.promise);
    await store().load('/api');
    expect(store().info?.catalog.engines['openai-compatible'].unavailable).toBeDefined();

    const refreshing = store().refreshModels('/api');
    await expect.poll(() => asked.length).toBe(2);
    expect(store().refreshing).toBe(true);
    held.open();
    await refreshing;

    expect(asked).toEqual([
      { refresh: null, authorization: 'Bearer the-users-access-token' },
      { refresh: '1', authorization: 'Bearer the-users-access-token' },
    ]);
    expect(store()).toMatchObject({ status: 'ready', refreshing: false, error: null });
    const engine = store().info?.catalog.engines['openai-compatible'];
    expect(engine?.models.map((model) => model.id)).toEqual(['llama3.2:3b', 'qwen3:8b']);
    expect(engine?.unavailable).toBeUndefined();
  });

  it('keeps the list shown when the refresh fails', async () => {
    serve(up, 'fail');
    await store().load('/api');
    await store().refreshModels('/api');
    expect(store()).toMatchObject({ status: 'ready', refreshing: false, error: null });
    expect(store().info?.catalog).toEqual(up);
  });

  it('stops saying it is listing when a new load overtakes the refresh (another account signed in)', async () => {
    const held = gate();
    const asked = serve(down, up, held.promise);
    await store().load('/api');
    const refreshing = store().refreshModels('/api');
    await expect.poll(() => asked.length).toBe(2);
    await store().load('/api');
    held.open();
    await refreshing;
    expect(store().refreshing).toBe(false);
    // The refresh's answer came after the newer load: it is dropped.
    expect(store().info?.catalog).toEqual(down);
  });

  it('forgets a refresh on sign-out: its late answer shows nothing to the next person', async () => {
    const held = gate();
    const asked = serve(down, up, held.promise);
    await store().load('/api');
    const refreshing = store().refreshModels('/api');
    await expect.poll(() => asked.length).toBe(2);
    store().reset();
    expect(store()).toMatchObject({ status: 'idle', info: null, refreshing: false });
    held.open();
    await refreshing;
    expect(store()).toMatchObject({ status: 'idle', info: null, refreshing: false });
  });
});
