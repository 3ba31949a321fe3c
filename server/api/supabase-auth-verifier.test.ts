import { describe, expect, it } from 'vitest';
import { supabaseAuthVerifier } from './supabase-auth-verifier.ts';

function tokenWithExp(exp: number): string {
  const part = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'ES256' })}.${part({ sub: 'user-1', exp })}.signature`;
}

function fakeAuth(answer: (request: Request) => Response) {
  const requests: Request[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request);
    return answer(request);
  }) as typeof fetch;
  return { fetchImpl, requests };
}

describe('supabaseAuthVerifier', () => {
  it('asks Supabase Auth for the user with the bearer token and the anon key', async () => {
    const auth = fakeAuth(() => Response.json({ id: 'user-1', role: 'authenticated' }));
    const verify = supabaseAuthVerifier({
      supabaseUrl: 'https://ref.supabase.co/',
      anonKey: 'anon',
      fetch: auth.fetchImpl,
    });
    expect(await verify('token-a')).toEqual({ userId: 'user-1' });
    const [request] = auth.requests;
    expect(request?.url).toBe('https://ref.supabase.co/auth/v1/user');
    expect(request?.headers.get('authorization')).toBe('Bearer token-a');
    expect(request?.headers.get('apikey')).toBe('anon');
  });

  it('caches a positive answer for about a minute, never past the token’s expiry', async () => {
    let now = 1_700_000_000_000;
    const auth = fakeAuth(() => Response.json({ id: 'user-1' }));
    const verify = supabaseAuthVerifier({
      supabaseUrl: 'https://ref.supabase.co',
      anonKey: 'anon',
      fetch: auth.fetchImpl,
      now: () => now,
    });
    await verify('token-a');
    now += 59_000;
    await verify('token-a');
    expect(auth.requests).toHaveLength(1);
    now += 2_000;
    await verify('token-a');
    expect(auth.requests).toHaveLength(2);

    const expiring = tokenWithExp(now / 1000 + 10);
    await verify(expiring);
    now += 11_000;
    await verify(expiring);
    expect(auth.requests).toHaveLength(4);
  });

  it('answers null for a token Auth refuses, without caching it', async () => {
    const auth = fakeAuth(() =>
      Response.json({ code: 403, error_code: 'bad_jwt', msg: 'invalid JWT' }, { status: 403 }),
    );
    const verify = supabaseAuthVerifier({
      supabaseUrl: 'https://ref.supabase.co',
      anonKey: 'anon',
      fetch: auth.fetchImpl,
    });
    expect(await verify('bad')).toBeNull();
    expect(await verify('bad')).toBeNull();
    expect(auth.requests).toHaveLength(2);
  });

  it('throws when Auth itself fails, so the caller does not sign the user out', async () => {
    const auth = fakeAuth(() => new Response('upstream error', { status: 502 }));
    const verify = supabaseAuthVerifier({
      supabaseUrl: 'https://ref.supabase.co',
      anonKey: 'anon',
      fetch: auth.fetchImpl,
    });
    await expect(verify('token')).rejects.toThrow('Supabase Auth answered 502');
  });
});
