import { describe, expect, it } from 'vitest';
import { readHostedEnv } from './hosted-env.ts';

const jwks = { keys: [{ kty: 'EC', crv: 'P-256', x: 'x', y: 'y', kid: 'k1', alg: 'ES256' }] };

describe('readHostedEnv (the environment a hosted Edge Function gets)', () => {
  it('prefers the new keys and the inline JWKS, and checks the project as issuer', () => {
    const config = readHostedEnv({
      SUPABASE_URL: 'https://abc.supabase.co/',
      SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({
        web: 'sb_publishable_web',
        default: 'sb_publishable_default',
      }),
      SUPABASE_SECRET_KEYS: JSON.stringify({ default: 'sb_secret_default' }),
      SUPABASE_JWKS: JSON.stringify(jwks),
      SUPABASE_ANON_KEY: 'legacy-anon',
      SUPABASE_SERVICE_ROLE_KEY: 'legacy-service',
    });
    expect(config).toMatchObject({
      supabaseUrl: 'https://abc.supabase.co',
      publishableKey: 'sb_publishable_default',
      secretKey: 'sb_secret_default',
      tokenKeys: { jwks, issuers: ['https://abc.supabase.co/auth/v1'], legacySecret: null },
    });
  });

  it('knows every secret key of the project, whatever its name, to check the schedule against', () => {
    const config = readHostedEnv({
      SUPABASE_URL: 'https://abc.supabase.co',
      SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: 'publishable' }),
      SUPABASE_SECRET_KEYS: JSON.stringify({ cron: 'for-the-schedule', default: 'the-default', empty: '' }),
      SUPABASE_SERVICE_ROLE_KEY: 'legacy-service-role',
    });
    expect(config.secretKey).toBe('the-default');
    expect(config.secretKeys).toEqual(['for-the-schedule', 'the-default', 'legacy-service-role']);
    expect(
      readHostedEnv({ SUPABASE_URL: 'https://abc.supabase.co', SUPABASE_ANON_KEY: 'anon' }).secretKeys,
    ).toEqual([]);
  });

  it('falls back to the legacy keys and to fetching the JWKS; a bare key array is a JWKS too', () => {
    const config = readHostedEnv({
      SUPABASE_URL: 'https://abc.supabase.co',
      SUPABASE_ANON_KEY: 'legacy-anon',
    });
    expect(config.publishableKey).toBe('legacy-anon');
    expect(config.secretKey).toBeNull();
    expect(String(config.tokenKeys.jwks)).toBe('https://abc.supabase.co/auth/v1/.well-known/jwks.json');
    const bare = readHostedEnv({
      SUPABASE_URL: 'https://abc.supabase.co',
      SUPABASE_ANON_KEY: 'k',
      SUPABASE_JWKS: JSON.stringify(jwks.keys),
    });
    expect(bare.tokenKeys.jwks).toEqual(jwks);
  });

  it('accepts the issuer of the CLI local stack, whose Auth is reached through another address', () => {
    // `supabase functions serve`: the function reaches the stack at http://kong:8000, while Auth
    // signs tokens for the address the browser uses, [api] external_url (port [api] port).
    const local = readHostedEnv({
      SUPABASE_URL: 'http://kong:8000',
      SUPABASE_ANON_KEY: 'k',
      SUPABASE_INTERNAL_HOST_PORT: '54329',
    });
    expect(local.tokenKeys.issuers).toEqual([
      'http://kong:8000/auth/v1',
      'http://127.0.0.1:54329/auth/v1',
      'http://localhost:54329/auth/v1',
    ]);
    const defaultPort = readHostedEnv({ SUPABASE_URL: 'http://kong:8000', SUPABASE_ANON_KEY: 'k' });
    expect(defaultPort.tokenKeys.issuers).toContain('http://127.0.0.1:54321/auth/v1');
  });

  it('adds the issuers API_JWT_ISSUERS names ([auth] jwt_issuer, a custom external URL), exactly', () => {
    const config = readHostedEnv({
      SUPABASE_URL: 'https://abc.supabase.co',
      SUPABASE_ANON_KEY: 'k',
      API_JWT_ISSUERS: ' https://auth.example.com/auth/v1 , https://abc.example.org/auth/v1/ ',
    });
    expect(config.tokenKeys.issuers).toEqual([
      'https://abc.supabase.co/auth/v1',
      'https://auth.example.com/auth/v1',
      'https://abc.example.org/auth/v1/',
    ]);
    // Hosted: no loopback issuer is ever accepted on its own.
    expect(config.tokenKeys.issuers?.some((issuer) => issuer.includes('127.0.0.1'))).toBe(false);
    expect(() =>
      readHostedEnv({
        SUPABASE_URL: 'https://abc.supabase.co',
        SUPABASE_ANON_KEY: 'k',
        API_JWT_ISSUERS: '*',
      }),
    ).toThrow(/API_JWT_ISSUERS must list http\(s\) URLs/);
  });

  it('accepts HS256 only when LEGACY_JWT_SECRET is set, and long enough', () => {
    const base = { SUPABASE_URL: 'https://abc.supabase.co', SUPABASE_ANON_KEY: 'k' };
    expect(readHostedEnv({ ...base, LEGACY_JWT_SECRET: 'x'.repeat(40) }).tokenKeys.legacySecret).toHaveLength(
      40,
    );
    expect(() => readHostedEnv({ ...base, LEGACY_JWT_SECRET: 'short' })).toThrow(
      /LEGACY_JWT_SECRET is shorter than 32/,
    );
  });

  it('refuses to start without a URL or a key, naming everything that is missing', () => {
    expect(() => readHostedEnv({})).toThrow(
      /The api function cannot start:\n {2}- SUPABASE_URL is not set[\s\S]*- no API key: SUPABASE_PUBLISHABLE_KEYS \(or the legacy SUPABASE_ANON_KEY\) is not set/,
    );
    expect(() =>
      readHostedEnv({
        SUPABASE_URL: 'https://abc.supabase.co',
        SUPABASE_PUBLISHABLE_KEYS: 'sb_publishable_x',
        SUPABASE_JWKS: '{}',
      }),
    ).toThrow(
      /SUPABASE_PUBLISHABLE_KEYS is not a JSON object of named keys[\s\S]*SUPABASE_JWKS is not a JSON Web Key Set/,
    );
  });
});
