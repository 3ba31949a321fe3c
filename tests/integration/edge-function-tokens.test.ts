// Access tokens the `api` Edge Function must refuse (401, and no provider call), under Deno with
// the project's ES256 JWKS inline as hosted Supabase gives it (SUPABASE_JWKS) and no legacy secret.
import { decodeJwt, generateKeyPair, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../server/embedded/keys/jwt.ts';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { startFakeProviders, type FakeProviders } from '../../harness/fakes/fake-providers.ts';
import { startEdgeFunction, type EdgeFunction } from '../../harness/edge-function.ts';
import { hostedFunctionEnv } from '../../harness/hosted-function-env.ts';
import { signedInClient, startTestServer } from '../helpers/test-server.ts';

let project: EmbeddedServer;
let fake: FakeProviders;
let edge: EdgeFunction;
/** A real session's token and its claims, the base every bad token is made from. */
let valid: string;
let claims: Record<string, unknown>;

beforeAll(async () => {
  [project, fake] = await Promise.all([startTestServer(), startFakeProviders()]);
  edge = await startEdgeFunction(
    hostedFunctionEnv(project, fake.url, { requests: 100, requestsPerAddress: 200 }),
  );
  valid = (await signedInClient(project)).session.access_token;
  claims = decodeJwt(valid);
});
afterEach(() => fake.reset());
afterAll(async () => {
  await edge?.close();
  await Promise.all([project?.close(), fake?.close()]);
});

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const withoutTimes = () => {
  const { exp: _exp, iat: _iat, ...rest } = claims;
  return rest;
};

/** Each bad token, made from the valid one's claims. */
const badTokens: Record<string, () => Promise<string>> = {
  expired: async () => (await signAccessToken(withoutTimes(), project.keys.signing, -60)).token,
  tampered: async () => {
    const [header, , signature] = valid.split('.');
    return `${header}.${encode({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })}.${signature}`;
  },
  'from another issuer': async () =>
    (
      await signAccessToken(
        { ...withoutTimes(), iss: 'https://another-project.supabase.co/auth/v1' },
        project.keys.signing,
        3600,
      )
    ).token,
  'HS256 (only ES256 is configured)': async () =>
    new SignJWT(withoutTimes())
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-legacy-secret-that-is-long-enough-0123456789')),
  'alg none': async () => `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`,
  'signed by another key with the same kid': async () => {
    const { privateKey } = await generateKeyPair('ES256');
    return (await signAccessToken(withoutTimes(), { kid: project.keys.signing.kid, privateKey }, 3600)).token;
  },
};

describe('tokens the function refuses', () => {
  it('accepts the valid token they are made from', async () => {
    const response = await fetch(`${edge.url}/api/models`, { headers: { authorization: `Bearer ${valid}` } });
    expect(response.status).toBe(200);
    await response.body?.cancel();
  });

  it.each(Object.keys(badTokens))('refuses a token that is %s (401, no provider call)', async (kind) => {
    const token = await (badTokens[kind] as () => Promise<string>)();
    for (const [path, init] of [
      ['/models', {}],
      [
        '/generate-claude',
        { method: 'POST', body: JSON.stringify({ prompt: 'Write a post', model: 'claude-sonnet-4-6' }) },
      ],
    ] as const) {
      const response = await fetch(`${edge.url}/api${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
      expect(response.status, `${path}: ${kind}`).toBe(401);
      const body = (await response.json()) as { error: { code: string } };
      expect(body.error.code).toBe('invalid_token');
    }
    expect(fake.requests).toHaveLength(0);
  });
});

describe('issuers the function accepts', () => {
  const withIssuer = async (iss: string) =>
    (await signAccessToken({ ...withoutTimes(), iss }, project.keys.signing, 3600)).token;
  const models = (url: string, token: string) =>
    fetch(`${url}/api/models`, { headers: { authorization: `Bearer ${token}` } }).then(async (response) => {
      await response.body?.cancel();
      return response.status;
    });

  it("accepts the hosted shape, ${SUPABASE_URL}/auth/v1, and refuses the CLI's local one there", async () => {
    expect(await models(edge.url, await withIssuer(`${project.url}/auth/v1`))).toBe(200);
    expect(await models(edge.url, await withIssuer('http://127.0.0.1:54321/auth/v1'))).toBe(401);
  });

  it('accepts the CLI local stack: reached at http://kong:8000, tokens issued for 127.0.0.1:<api port>', async () => {
    // What `supabase functions serve` sets (the CLI's internal/functions/serve): the gateway's
    // address inside Docker, and the API port the browser (and so Auth's issuer) uses.
    const local = await startEdgeFunction({
      ...hostedFunctionEnv(project, fake.url, { requests: 100, requestsPerAddress: 200 }),
      SUPABASE_URL: 'http://kong:8000',
      SUPABASE_INTERNAL_HOST_PORT: '54321',
      // [auth] jwt_issuer (or [api] external_url) set in config.toml: named in supabase/functions/.env.
      API_JWT_ISSUERS: 'https://auth.dev.example.com/auth/v1',
    });
    try {
      expect(await models(local.url, await withIssuer('http://127.0.0.1:54321/auth/v1'))).toBe(200);
      expect(await models(local.url, await withIssuer('http://localhost:54321/auth/v1'))).toBe(200);
      expect(await models(local.url, await withIssuer('http://kong:8000/auth/v1'))).toBe(200);
      expect(await models(local.url, await withIssuer('https://auth.dev.example.com/auth/v1'))).toBe(200);
      // Never "any issuer": another project, another local port, or no issuer at all.
      expect(await models(local.url, await withIssuer('https://another-project.supabase.co/auth/v1'))).toBe(
        401,
      );
      expect(await models(local.url, await withIssuer('http://127.0.0.1:54399/auth/v1'))).toBe(401);
      const { iss: _iss, ...noIssuer } = withoutTimes();
      const bare = (await signAccessToken(noIssuer, project.keys.signing, 3600)).token;
      expect(await models(local.url, bare)).toBe(401);
    } finally {
      await local.close();
    }
  });
});
