import { describe, expect, it } from 'vitest';
import { redactSecrets, sanitiseProviderMessage } from './redact-secrets.ts';

describe('redactSecrets', () => {
  it('replaces the configured keys wherever they appear, also URL-encoded', () => {
    const key = 'my key/with+odd=chars';
    const text = `sent ${key} and ${encodeURIComponent(key)}, twice: ${key}`;
    expect(redactSecrets(text, [key])).toBe('sent [redacted] and [redacted], twice: [redacted]');
  });

  it.each([
    ['a Groq key', `gsk_${'aB3'.repeat(17)}x`],
    ['an Anthropic key', `sk-ant-api03-${'Zy9_'.repeat(20)}`],
    ['an OpenAI-style key', `sk-proj-${'Ab1'.repeat(12)}`],
    ['a Perplexity key', `pplx-${'Qw3'.repeat(16)}`],
    ['a Google API key (39 characters)', `AIza${'Sy0_-'.repeat(7)}`],
    ['a JWT', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl'],
    ['a long hex secret', '0123456789abcdef'.repeat(2)],
    ['a long base64 secret', 'Zm9vYmFyYmF6cXV4QUJDRGVmZ2hpamtsMTIzNDU2Nzg='],
  ])('replaces %s', (_name, secret) => {
    const redacted = redactSecrets(`before "${secret}" after`, []);
    expect(redacted).toBe('before "[redacted]" after');
  });

  it('keeps the word before a token, a query parameter or a header, and hides the value', () => {
    expect(redactSecrets('Authorization: Bearer abc.def-123', [])).toBe('Authorization: Bearer [redacted]');
    expect(redactSecrets('GET /videos?part=snippet&key=yt-key-1&id=x', [])).toBe(
      'GET /videos?part=snippet&key=[redacted]&id=x',
    );
    expect(redactSecrets('header x-api-key: "plain-value" was wrong', [])).toBe(
      'header x-api-key: "[redacted]" was wrong',
    );
    expect(redactSecrets('{"api_key":"k-123"}', [])).toBe('{"api_key":"[redacted]"}');
  });

  it('leaves ordinary provider messages alone: model ids, request ids, UUIDs, numbers', () => {
    const messages = [
      'Rate limit reached for model `meta-llama/llama-4-maverick-17b-128e-instruct` in organization `org_01hxyz` on tokens per minute (TPM): Limit 6000, Used 5900.',
      'Request req_01jabcdefghjkmnpqrstvwxyz failed; trace 550e8400-e29b-41d4-a716-446655440000.',
      'The request cannot be completed because you have exceeded your quota.',
      'Overloaded',
      'See https://console.groq.com/docs/deprecations for a recommendation.',
    ];
    for (const message of messages) expect(redactSecrets(message, [])).toBe(message);
  });

  it('ignores blank configured keys', () => {
    expect(redactSecrets('nothing to hide', ['', '   '])).toBe('nothing to hide');
  });

  it('ignores whitespace-only configured keys instead of hiding every space or line break', () => {
    expect(redactSecrets('nothing  to hide\nhere', [' ', '\n', '  '])).toBe('nothing  to hide\nhere');
  });

  it('keeps long runs readable unless they mix upper case, lower case and digits', () => {
    const messages = [
      'Quota group RATE_LIMIT_EXCEEDED_FOR_QUOTA_GROUP_2 is exhausted.',
      'Thrown: InvalidArgumentExceptionForRequestBody at the gateway.',
    ];
    for (const message of messages) expect(redactSecrets(message, [])).toBe(message);
  });
});

describe('sanitiseProviderMessage', () => {
  it('redacts, folds whitespace and caps the length', () => {
    const message = `Bad\n\tkey   gsk_${'a1B2'.repeat(12)} ${'word '.repeat(100)}`;
    const sanitised = sanitiseProviderMessage(message, []);
    expect(sanitised.startsWith('Bad key [redacted] word word')).toBe(true);
    expect(sanitised.length).toBeLessThanOrEqual(200);
    expect(sanitised.endsWith('…')).toBe(true);
  });

  it('redacts before cutting, so a key across the cut is not half shown', () => {
    const key = `gsk_${'Zx9'.repeat(20)}`;
    const sanitised = sanitiseProviderMessage(`${'a'.repeat(190)} ${key}`, []);
    expect(sanitised).not.toContain('gsk_');
    expect(sanitised).not.toContain('Zx9');
  });

  it('trims whitespace at both ends', () => {
    expect(sanitiseProviderMessage('  \n Overloaded \n', [])).toBe('Overloaded');
  });

  it('keeps a message of exactly 200 characters whole', () => {
    const message = `${'word '.repeat(39)}words`;
    expect(message).toHaveLength(200);
    expect(sanitiseProviderMessage(message, [])).toBe(message);
  });

  it('cuts a longer message to 199 characters and an ellipsis, keeping emoji before the cut whole', () => {
    expect(sanitiseProviderMessage(`😀 ${'word '.repeat(60)}`, [])).toBe(`😀 ${'word '.repeat(39)}w…`);
  });

  it('drops half an emoji left at the cut rather than showing a broken character', () => {
    const message = `${'word '.repeat(39)}abc😀 ${'more '.repeat(5)}`;
    expect(sanitiseProviderMessage(message, [])).toBe(`${'word '.repeat(39)}abc…`);
  });
});
