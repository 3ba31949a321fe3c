import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenVerifier } from './access-token.ts';

const issuer = 'https://project.example.supabase.co/auth/v1';
const claims = { sub: '7c0f3d7e-1111-4a52-9d8f-8f2f0b1e2a33', role: 'authenticated', aud: 'authenticated' };

let privateKey: CryptoKey;
let jwks: JSONWebKeySet;
let jwksServer: Server;
let jwksUrl: URL;
let jwksRequests = 0;

async function token(
  options: { kid?: string; key?: CryptoKey; iss?: string; expiresIn?: number; body?: object } = {},
) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims, ...options.body })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: options.kid ?? 'key-1' })
    .setIssuer(options.iss ?? issuer)
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresIn ?? 600))
    .sign(options.key ?? privateKey);
}

beforeAll(async () => {
  const pair = await generateKeyPair('ES256');
  privateKey = pair.privateKey;
  jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'key-1', alg: 'ES256', use: 'sig' }] };
  jwksServer = createServer((_request, response) => {
    jwksRequests += 1;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  jwksUrl = new URL(
    `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/auth/v1/.well-known/jwks.json`,
  );
});
afterAll(() => new Promise<void>((resolve) => jwksServer.close(() => resolve())));

describe('accessTokenVerifier', () => {
  it('accepts a token signed with a key of the JWKS, from a local set or fetched once from a URL', async () => {
    const local = accessTokenVerifier({ jwks, issuers: [issuer] });
    expect(await local(await token())).toMatchObject({
      ok: true,
      claims: { sub: claims.sub, role: 'authenticated' },
    });
    const remote = accessTokenVerifier({ jwks: jwksUrl, issuers: [issuer] });
    const before = jwksRequests;
    expect((await remote(await token())).ok).toBe(true);
    expect((await remote(await token())).ok).toBe(true);
    expect(jwksRequests - before).toBe(1);
  });

  it('refuses expired, tampered, foreign-key, wrong-issuer and unknown-kid tokens', async () => {
    const verify = accessTokenVerifier({ jwks, issuers: [issuer] });
    expect(await verify(await token({ expiresIn: -60 }))).toMatchObject({ ok: false, reason: 'expired' });
    const [header, , signature] = (await token()).split('.');
    const changed = Buffer.from(
      JSON.stringify({ ...claims, role: 'service_role', exp: 9_999_999_999 }),
    ).toString('base64url');
    expect(await verify(`${header}.${changed}.${signature}`)).toMatchObject({ ok: false, reason: 'invalid' });
    const other = (await generateKeyPair('ES256')).privateKey;
    expect(await verify(await token({ key: other }))).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await verify(await token({ iss: 'https://attacker.example/auth/v1' }))).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
    expect(await verify(await token({ kid: 'unknown' }))).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await verify('not a token')).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('accepts each issuer of the allow-list exactly, and no other', async () => {
    const local = 'http://127.0.0.1:54321/auth/v1';
    const verify = accessTokenVerifier({ jwks, issuers: [issuer, local] });
    expect((await verify(await token())).ok).toBe(true);
    expect((await verify(await token({ iss: local }))).ok).toBe(true);
    for (const iss of [
      `${local}/`,
      'http://127.0.0.1:54322/auth/v1',
      'https://project.example.supabase.co',
    ]) {
      expect(await verify(await token({ iss })), iss).toMatchObject({ ok: false, reason: 'invalid' });
    }
  });

  it('refuses alg:none, and HS256 unless a legacy secret is configured', async () => {
    const verify = accessTokenVerifier({ jwks, issuers: [issuer] });
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ ...claims, iss: issuer, exp: 9_999_999_999 }),
    ).toString('base64url')}.`;
    expect(await verify(none)).toMatchObject({ ok: false, reason: 'invalid' });

    const secret = new TextEncoder().encode('a legacy secret that is long enough for HS256!');
    const hs256 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(issuer)
      .setExpirationTime('10m')
      .sign(secret);
    expect(await verify(hs256)).toMatchObject({
      ok: false,
      reason: 'invalid',
      message: expect.stringMatching(/HS256/),
    });
    const withLegacy = accessTokenVerifier({ jwks, issuers: [issuer], legacySecret: secret });
    expect((await withLegacy(hs256)).ok).toBe(true);
  });

  it('says "unavailable" (not "invalid") when the JWKS cannot be fetched', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const verify = accessTokenVerifier({
      jwks: new URL(`http://127.0.0.1:${port}/auth/v1/.well-known/jwks.json`),
      issuers: [issuer],
    });
    expect(await verify(await token())).toMatchObject({ ok: false, reason: 'unavailable' });

    const failing = createServer((_request, response) => response.writeHead(502).end('Bad gateway'));
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    const broken = accessTokenVerifier({
      jwks: new URL(`http://127.0.0.1:${(failing.address() as AddressInfo).port}/jwks`),
      issuers: [issuer],
    });
    expect(await broken(await token())).toMatchObject({ ok: false, reason: 'unavailable' });
    await new Promise<void>((resolve) => failing.close(() => resolve()));
  });
});
