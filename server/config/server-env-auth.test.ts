import { describe, expect, it } from 'vitest';
import { readServerEnv } from './server-env.ts';

describe('email confirmation settings', () => {
  it('are off, with no site URL or allow list, by default', () => {
    const env = readServerEnv({});
    expect(env.AUTH_EMAIL_CONFIRMATION).toBe(false);
    expect(env.AUTH_SITE_URL).toBeUndefined();
    expect(env.AUTH_URI_ALLOW_LIST).toEqual([]);
  });

  it('read true/false flags, a site URL and a comma-separated allow list', () => {
    const env = readServerEnv({
      AUTH_EMAIL_CONFIRMATION: ' TRUE ',
      AUTH_SITE_URL: 'https://app.example.com',
      AUTH_URI_ALLOW_LIST: 'https://*.example.com/**, http://localhost:5173/**',
    });
    expect(env.AUTH_EMAIL_CONFIRMATION).toBe(true);
    expect(env.AUTH_SITE_URL).toBe('https://app.example.com');
    expect(env.AUTH_URI_ALLOW_LIST).toEqual(['https://*.example.com/**', 'http://localhost:5173/**']);
    expect(readServerEnv({ AUTH_EMAIL_CONFIRMATION: 'false' }).AUTH_EMAIL_CONFIRMATION).toBe(false);
  });

  it('refuse what they cannot read', () => {
    expect(() => readServerEnv({ AUTH_EMAIL_CONFIRMATION: 'sometimes' })).toThrow(/AUTH_EMAIL_CONFIRMATION/);
    expect(() => readServerEnv({ AUTH_SITE_URL: 'app.example.com' })).toThrow(/AUTH_SITE_URL/);
  });
});
