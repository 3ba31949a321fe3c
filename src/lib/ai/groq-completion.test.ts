import { APIConnectionError, APIError, APIUserAbortError } from 'groq-sdk';
import { describe, expect, it } from 'vitest';
import { toAiError } from './groq-completion';

const apiError = (status: number, body: unknown) =>
  APIError.generate(status, body as object, undefined, new Headers());

describe('toAiError (what the user reads when Groq generation fails)', () => {
  it.each([
    [
      'our /api refusing an expired session',
      apiError(401, {
        error: { message: 'Authentication required. Please sign in again.', code: 'invalid_token' },
      }),
      'Session expired. Please sign in again.',
    ],
    [
      'Groq refusing the server key',
      apiError(401, { error: { message: 'Invalid API Key', code: 'invalid_api_key' } }),
      'Groq API error: 401 Unauthorized',
    ],
    [
      'a server without a Groq key',
      apiError(503, { error: { message: 'Groq is not configured on this server: set GROQ_API_KEY' } }),
      'Groq is not configured on this server: set GROQ_API_KEY',
    ],
    [
      'our rate limit',
      apiError(429, { error: { message: 'Too many requests. Please wait 12 seconds and try again.' } }),
      'Too many requests. Please wait 12 seconds and try again.',
    ],
    [
      'an unknown model',
      apiError(400, { error: { message: 'The model "x" is not available.' } }),
      'The model "x" is not available.',
    ],
    [
      'a provider 500',
      apiError(500, { error: { message: 'boom' } }),
      'Groq API error: 500 Internal Server Error',
    ],
    ['a provider 404 without a body', apiError(404, undefined), 'Groq API error: 404 Not Found'],
    [
      'a cut connection',
      new APIConnectionError({ message: 'Connection error.' }),
      'The connection to the AI service was interrupted. Please check your connection and try again.',
    ],
    ['a user abort', new APIUserAbortError(), 'Generation was stopped.'],
    ['anything else', new Error('weird'), 'weird'],
  ])('%s', (_name, error, expected) => {
    expect(toAiError(error).message).toBe(expected);
  });
});
