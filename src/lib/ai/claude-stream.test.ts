import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { claudeCompletion } from './claude-stream';

const network = setupServer();
beforeAll(() => network.listen({ onUnhandledRequest: 'error' }));
afterEach(() => network.resetHandlers());
afterAll(() => network.close());

function answer(
  status: number,
  error: { message: string; code: string },
  headers: Record<string, string> = {},
) {
  network.use(
    http.post('http://localhost/api/generate-claude', () =>
      HttpResponse.json({ error: { ...error, type: 'api_error' } }, { status, headers }),
    ),
  );
}

const failure = () =>
  claudeCompletion(
    { prompt: 'Hi', model: 'claude-sonnet-4-6' },
    { apiBaseUrl: '/api', accessToken: 't' },
  ).then(
    () => null,
    (error: unknown) => (error as Error).message,
  );

describe('claudeCompletion when /api reports a failure', () => {
  it('says when to retry Anthropic’s 429', async () => {
    answer(
      429,
      { message: 'Anthropic API error: 429 Too Many Requests', code: 'provider_error' },
      { 'retry-after': '12' },
    );
    expect(await failure()).toBe('Anthropic API error: 429 Too Many Requests. Try again in 12 seconds.');
  });

  it('names Anthropic’s own status when /api answers 502 for it', async () => {
    answer(502, { message: 'Anthropic API error: 529 Overloaded', code: 'provider_error' });
    expect(await failure()).toBe(
      'Anthropic API error: 529 Overloaded. Anthropic is having trouble right now: try again in a few minutes.',
    );
  });

  it('shows our own refusals as they are', async () => {
    answer(
      429,
      { message: 'Too many requests. Please wait 5 seconds and try again.', code: 'rate_limited' },
      { 'retry-after': '5' },
    );
    expect(await failure()).toBe('Too many requests. Please wait 5 seconds and try again.');
  });
});
