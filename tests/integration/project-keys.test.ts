import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import {
  copyTemplateDataDir,
  signedInClient,
  startTestServer,
  supabaseClient,
} from '../helpers/test-server.ts';

let server: EmbeddedServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const rpc = (target: EmbeddedServer, name: string, key: string, bearer: string, body: object) =>
  fetch(`${target.url}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('keys as a new hosted project has them', () => {
  it('serves the public signing keys without an API key, at both of Supabase Auth’s paths', async () => {
    for (const route of ['/auth/v1/.well-known/jwks.json', '/auth/v1/jwks']) {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status).toBe(200);
      const jwks = (await response.json()) as { keys: Record<string, unknown>[] };
      expect(jwks.keys).toHaveLength(1);
      expect(jwks.keys[0]).toMatchObject({
        kty: 'EC',
        crv: 'P-256',
        alg: 'ES256',
        kid: server.keys.signing.kid,
        use: 'sig',
      });
      expect(jwks.keys[0]).not.toHaveProperty('d');
    }
  });

  it('signs sessions with ES256 and the key id of its JWKS', async () => {
    const { session } = await signedInClient(server);
    expect(decodeProtectedHeader(session.access_token)).toMatchObject({
      alg: 'ES256',
      kid: server.keys.signing.kid,
    });
  });

  it('gives the browser the publishable key, never the secret one', async () => {
    const config = await (await fetch(`${server.url}/app-config.json`)).text();
    expect(config).toContain(server.keys.publishableKey);
    expect(server.keys.publishableKey).toMatch(/^sb_publishable_/);
    expect(config).not.toContain(server.keys.secretKey);
    expect(config).not.toContain('sb_secret_');
  });

  it('treats the publishable key as anon and the secret key as service_role, as the gateway does', async () => {
    const args = { client_address: '203.0.113.9', request_limit: 5, window_seconds: 60 };
    const asAnon = await rpc(
      server,
      'consume_ai_address_quota',
      server.keys.publishableKey,
      server.keys.publishableKey,
      args,
    );
    expect(asAnon.status).toBe(401);
    const asService = await rpc(
      server,
      'consume_ai_address_quota',
      server.keys.secretKey,
      server.keys.secretKey,
      args,
    );
    expect(asService.status).toBe(200);
    expect(await asService.json()).toEqual([{ allowed: true, retry_after_seconds: 0 }]);
    const unknown = await fetch(`${server.url}/rest/v1/posts`, {
      headers: { apikey: 'sb_publishable_not-ours' },
    });
    expect(unknown.status).toBe(401);
  });

  it('refuses HS256 tokens on an install without a legacy secret, whatever secret signed them', async () => {
    const { user } = await signedInClient(server);
    const hs256 = await new SignJWT({ sub: user.id, role: 'authenticated', aud: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('10m')
      .sign(randomBytes(48));
    const response = await fetch(`${server.url}/rest/v1/posts`, {
      headers: { apikey: server.keys.publishableKey, authorization: `Bearer ${hs256}` },
    });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { code: string }).code).toBe('PGRST301');
  });
});

describe('an install from before the signing keys (it has a legacy jwt-secret)', () => {
  it('keeps its legacy keys and HS256 sessions working, and signs new sessions ES256', async () => {
    const dataDir = await copyTemplateDataDir();
    const secret = randomBytes(48).toString('base64url');
    await writeFile(path.join(dataDir, 'jwt-secret'), `${secret}\n`, { mode: 0o600 });
    const legacy = await startTestServer({ dataDir });
    try {
      expect(legacy.keys.legacy).not.toBeNull();
      const { client, user, session } = await signedInClient(legacy);
      expect(decodeProtectedHeader(session.access_token).alg).toBe('ES256');
      expect((await client.from('posts').insert({ topic: 'Kept', content: 'From before' })).error).toBeNull();

      // The browser of a user signed in before the upgrade still holds the legacy anon key and an HS256 token.
      const oldToken = await new SignJWT({
        sub: user.id,
        role: 'authenticated',
        aud: 'authenticated',
        session_id: null,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode(secret));
      const response = await fetch(`${legacy.url}/rest/v1/posts?select=topic`, {
        headers: { apikey: legacy.keys.legacy?.anonKey ?? '', authorization: `Bearer ${oldToken}` },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([{ topic: 'Kept' }]);
      // The legacy anon key still passes the gateway: the refusal comes from Postgres (anon has no grants).
      const anon = await supabaseClient(legacy, legacy.keys.legacy?.anonKey).from('posts').select('topic');
      expect(anon.error?.code).toBe('42501');
    } finally {
      await legacy.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
