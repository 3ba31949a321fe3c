import { afterEach, describe, expect, it, vi } from 'vitest';
import { AiRequestError } from './ai-error';
import { providerError, unreachableError } from './provider-error';
import { retryAfterSeconds } from './provider-failure-message';
import { expectConsole } from '../../../tests/helpers/console-guard.ts';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

afterEach(() => vi.restoreAllMocks());

describe('providerError (what the research panel shows when /api reports a failure)', () => {
  it('gives YouTube’s quota error in plain words and keeps its body for the console', async () => {
    const logged = expectConsole('warn');
    const body = {
      error: {
        message:
          'YouTube API error: 403 Forbidden (The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.)',
        type: 'api_error',
        code: 'provider_error',
      },
    };
    const error = await providerError(json(403, body), 'YouTube');
    expect(error.message).toBe(
      'YouTube API error: 403 Forbidden. Try again later; if it keeps failing, ask whoever runs this app to check its YouTube key and quota.',
    );
    expect(error.status).toBe(403);
    expect(JSON.stringify(logged.mock.calls)).toContain('exceeded your');
  });

  it('reads the provider’s status from the message when /api answers with its own', async () => {
    expectConsole('warn');
    const body = {
      error: {
        message: 'Perplexity API error: 500 Internal Server Error (Request failed)',
        code: 'provider_error',
      },
    };
    expect((await providerError(json(502, body), 'Perplexity')).message).toBe(
      'Perplexity API error: 500 Internal Server Error. Perplexity is having trouble right now: try again in a few minutes.',
    );
  });

  it('says when to retry a provider’s 429', async () => {
    expectConsole('warn');
    const body = {
      error: { message: 'Perplexity API error: 429 Too Many Requests (slow down)', code: 'provider_error' },
    };
    expect((await providerError(json(429, body, { 'retry-after': '45' }), 'Perplexity')).message).toBe(
      'Perplexity API error: 429 Too Many Requests. Try again in 45 seconds.',
    );
  });

  it('never shows a body that is not ours (a proxy’s HTML page)', async () => {
    expectConsole('warn');
    const page = new Response('<html><body>Bad gateway <a href="/">home</a></body></html>', { status: 502 });
    expect((await providerError(page, 'YouTube')).message).toBe(
      'YouTube API error: 502 Bad Gateway. YouTube is having trouble right now: try again in a few minutes.',
    );
  });

  it('shows our own refusals as they are, and an expired session as such', async () => {
    const limited = {
      error: { message: 'Too many requests. Please wait 9 seconds and try again.', code: 'rate_limited' },
    };
    expect((await providerError(json(429, limited), 'YouTube')).message).toBe(limited.error.message);
    const expired = { error: { message: 'Authentication required.', code: 'invalid_token' } };
    expect((await providerError(json(401, expired), 'YouTube')).message).toBe(
      'Session expired. Please sign in again.',
    );
  });

  it('an invalid_token code on another status, or a 401 without it, is not read as an expired session', async () => {
    const odd = { error: { message: 'Token check failed upstream.', code: 'invalid_token' } };
    expect((await providerError(json(400, odd), 'Groq')).message).toBe('Token check failed upstream.');
    const refused = { error: { message: 'Your key was refused.', code: 'no_key' } };
    expect((await providerError(json(401, refused), 'Groq')).message).toBe('Your key was refused.');
  });

  it('a body with a message but no code (or a code but no message) is not ours: the generic provider text', async () => {
    const logged = expectConsole('warn');
    const noCode = { error: { message: 'Our own words?' } };
    const error = await providerError(json(500, noCode), 'Groq');
    expect(error.message).not.toContain('Our own words?');
    expect(error.message).toMatch(/^Groq API error: 500 Internal Server Error\./);
    const noMessage = { error: { code: 'rate_limited' } };
    expect((await providerError(json(503, noMessage), 'Groq')).message).toMatch(
      /^Groq API error: 503 Service Unavailable\./,
    );
    expect(logged.mock.calls[0]).toEqual(['Groq API error 500:', JSON.stringify(noCode)]);
  });

  it('an unreadable body still gives the provider text, and an error that knows its name', async () => {
    expectConsole('warn');
    const broken = new Response(
      new ReadableStream({ start: (controller) => controller.error(new Error('reset')) }),
      {
        status: 502,
      },
    );
    const error = await providerError(broken, 'YouTube');
    expect(error.message).toMatch(/^YouTube API error: 502 Bad Gateway\./);
    expect(error).toBeInstanceOf(AiRequestError);
    expect(error.name).toBe('AiRequestError');
  });
});

describe('unreachableError (a request to /api that got no answer)', () => {
  it('says the request was stopped when the user stopped it', () => {
    const controller = new AbortController();
    controller.abort();
    expect(unreachableError(controller.signal, 'Research').message).toBe('Research was stopped.');
  });

  it('otherwise says the connection was interrupted, with or without a signal', () => {
    const interrupted =
      'The connection to the AI service was interrupted. Please check your connection and try again.';
    expect(unreachableError(undefined, 'Research').message).toBe(interrupted);
    expect(unreachableError(new AbortController().signal, 'Research').message).toBe(interrupted);
  });
});

describe('retryAfterSeconds', () => {
  it.each([
    ['30', 30],
    [' 0 ', 0],
    ['Wed, 21 Oct 2026 07:28:30 GMT', 30],
    ['soon', null],
    [null, null],
  ])('reads %s as %s', (value, expected) => {
    expect(retryAfterSeconds(value, Date.parse('Wed, 21 Oct 2026 07:28:00 GMT'))).toBe(expected);
  });
});
