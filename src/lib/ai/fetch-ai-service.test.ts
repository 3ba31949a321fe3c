import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultModelCatalog, openAiCompatibleEngine, type ModelCatalog } from '@shared/model-catalog';
import { AiServiceError, aiServiceMessages, fetchAiService } from './fetch-ai-service';

const hostedApi = 'https://ref.supabase.co/functions/v1/api';
const network = setupServer();
beforeAll(() => network.listen({ onUnhandledRequest: 'error' }));
afterEach(() => network.resetHandlers());
afterAll(() => network.close());

const serverCatalog: ModelCatalog = {
  engines: {
    groq: {
      label: 'Groq',
      description: 'Fast',
      models: [
        {
          id: 'custom/fast',
          label: 'Custom Fast',
          engine: 'groq',
          reasoning: true,
          hideReasoning: { reasoning_format: 'hidden' },
        },
      ],
    },
    anthropic: { label: 'Anthropic', description: 'Claude', models: [] },
    'openai-compatible': openAiCompatibleEngine(),
  },
  retired: { 'old/model': 'custom/fast' },
};

function answer(response: () => Response) {
  network.use(http.get(`${hostedApi}/models`, response));
}

const problemOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AiServiceError);
  return error as AiServiceError;
};

describe('fetchAiService (GET {apiBaseUrl}/models)', () => {
  it("reads the server's catalog and configured providers, sending the user's token", async () => {
    let authorization: string | null = null;
    network.use(
      http.get(`${hostedApi}/models`, ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({
          catalog: serverCatalog,
          configured: { groq: true, anthropic: false, perplexity: true, youtube: false },
        });
      }),
    );
    const info = await fetchAiService({ apiBaseUrl: hostedApi, accessToken: 'user-token' });
    expect(authorization).toBe('Bearer user-token');
    expect(info.catalog).toEqual(serverCatalog);
    expect(info.engines).toEqual({
      groq: true,
      anthropic: false,
      perplexity: true,
      youtube: false,
      'openai-compatible': false,
    });
  });

  it('takes the built-in catalog as well when the server sends it', async () => {
    answer(() => HttpResponse.json({ catalog: defaultModelCatalog, configured: { groq: true } }));
    const info = await fetchAiService({ apiBaseUrl: hostedApi, accessToken: 't' });
    expect(info.catalog).toEqual(defaultModelCatalog);
    // A provider the answer does not name counts as not configured, never the other way round.
    expect(info.engines).toEqual({
      groq: true,
      anthropic: false,
      perplexity: false,
      youtube: false,
      'openai-compatible': false,
    });
  });

  it.each([
    ['no answer at all (network down)', () => HttpResponse.error()],
    [
      'the Edge Function not deployed',
      () =>
        HttpResponse.json(
          { code: 'NOT_FOUND', message: 'Requested function was not found' },
          { status: 404 },
        ),
    ],
    ['the function failing', () => new HttpResponse('upstream error', { status: 502 })],
    ['the function over its limits', () => HttpResponse.json({ code: 'WORKER_LIMIT' }, { status: 546 })],
  ])('calls %s unreachable, in words for the user', async (_case, response) => {
    answer(response);
    const error = await problemOf(fetchAiService({ apiBaseUrl: hostedApi, accessToken: 't' }));
    expect(error.problem).toBe('unreachable');
    expect(error.message).toBe(aiServiceMessages.unreachable);
  });

  it('reads a refused token as an expired session (and signs nobody out itself)', async () => {
    answer(() =>
      HttpResponse.json(
        { error: { message: 'Authentication required.', code: 'invalid_token' } },
        { status: 401 },
      ),
    );
    const error = await problemOf(fetchAiService({ apiBaseUrl: hostedApi, accessToken: 't' }));
    expect(error.problem).toBe('session');
    expect(error.message).toBe('Session expired. Please sign in again.');
  });

  it.each([
    ['not JSON', () => new HttpResponse('<html>proxy page</html>', { status: 200 })],
    ['no configured providers', () => HttpResponse.json({ catalog: serverCatalog })],
    [
      'a model of the wrong engine',
      () =>
        HttpResponse.json({
          catalog: {
            ...serverCatalog,
            engines: { ...serverCatalog.engines, anthropic: serverCatalog.engines.groq },
          },
          configured: {},
        }),
    ],
  ])('refuses an answer with %s instead of guessing', async (_case, response) => {
    answer(response);
    const error = await problemOf(fetchAiService({ apiBaseUrl: hostedApi, accessToken: 't' }));
    expect(error.problem).toBe('unreadable');
  });
});
