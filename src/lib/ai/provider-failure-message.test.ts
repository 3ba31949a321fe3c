import { providerFailureMessage, providerStatusIn, retryAfterSeconds } from './provider-failure-message';

describe('providerFailureMessage (what a provider’s refusal reads like)', () => {
  it.each([
    [null, 'Groq API error: 429 Too Many Requests. Wait a minute, then try again.'],
    ['', 'Groq API error: 429 Too Many Requests. Wait a minute, then try again.'],
    ['   ', 'Groq API error: 429 Too Many Requests. Wait a minute, then try again.'],
    ['0', 'Groq API error: 429 Too Many Requests. Try again in 1 second.'],
    ['1', 'Groq API error: 429 Too Many Requests. Try again in 1 second.'],
    ['2', 'Groq API error: 429 Too Many Requests. Try again in 2 seconds.'],
    [' 45 ', 'Groq API error: 429 Too Many Requests. Try again in 45 seconds.'],
    ['119', 'Groq API error: 429 Too Many Requests. Try again in 119 seconds.'],
    ['120', 'Groq API error: 429 Too Many Requests. Try again in 2 minutes.'],
    ['121', 'Groq API error: 429 Too Many Requests. Try again in 3 minutes.'],
    ['3600', 'Groq API error: 429 Too Many Requests. Try again in 60 minutes.'],
  ])('a 429 with Retry-After %j says: %s', (retryAfter, message) => {
    expect(providerFailureMessage('Groq', 429, retryAfter)).toBe(message);
  });

  it('names the key for 401 and 403, the provider for 5xx, and the server log otherwise', () => {
    expect(providerFailureMessage('Anthropic', 401, null)).toBe(
      'Anthropic API error: 401 Unauthorized. Try again later; if it keeps failing, ask whoever runs this app to check its Anthropic key and quota.',
    );
    expect(providerFailureMessage('Anthropic', 529, null)).toBe(
      'Anthropic API error: 529 Overloaded. Anthropic is having trouble right now: try again in a few minutes.',
    );
    expect(providerFailureMessage('Anthropic', 400, null)).toBe(
      'Anthropic API error: 400 Bad Request. Please try again; if it keeps failing, ask whoever runs this app to look at the server log.',
    );
  });
});

describe('retryAfterSeconds', () => {
  it.each([
    ['12abc', null],
    ['abc12', null],
  ])('does not read %j as a number of seconds', (value, expected) => {
    expect(retryAfterSeconds(value, 0)).toBe(expected);
  });
});

describe('providerStatusIn', () => {
  it('reads the provider’s status from the start of our /api’s message, else keeps the fallback', () => {
    expect(providerStatusIn('Groq API error: 503 Service Unavailable (busy)', 'Groq', 502)).toBe(503);
    expect(providerStatusIn('Upstream said: Groq API error: 503', 'Groq', 502)).toBe(502);
    expect(providerStatusIn('Groq API error: 5030 nonsense', 'Groq', 502)).toBe(502);
    expect(providerStatusIn(null, 'Groq', 502)).toBe(502);
  });
});
