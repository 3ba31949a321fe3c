import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountApi } from '../../server/embedded/mount-api.ts';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { defaultModelCatalog } from '../../shared/model-catalog.ts';
import { testProviders } from '../helpers/api-server.ts';
import { signedInClient, startTestServer } from '../helpers/test-server.ts';
import { rawRequest } from './support/raw-request.ts';

let server: EmbeddedServer;
let distDir: string;
let token: string;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'dist-'));
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  // The SPA, the APIs and /api together, as server/main.ts wires them.
  server = await startTestServer({
    distDir,
    createApi: mountApi({
      providers: testProviders,
      catalog: defaultModelCatalog,
      quota: { requests: 30, windowSeconds: 60 },
    }),
  });
  token = (await signedInClient(server)).session.access_token;
});
afterAll(async () => {
  await server?.close();
  await rm(distDir, { recursive: true, force: true });
});

describe('a malformed percent-escape in the path', () => {
  it.each([
    '/rest/v1/posts%zz',
    '/rest/v1/%E0%A4%A',
    '/auth/v1/user%',
    '/api/models%zz',
    '/%E0%A4%A',
    '/saved%zz',
  ])('%s is a 400 with a JSON message, not a server error', async (target) => {
    const response = await rawRequest(server.url, target, {
      headers: { apikey: server.keys.publishableKey, authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toContain('application/json');
    expect(JSON.parse(response.body)).toEqual({
      code: 'malformed_uri',
      message: 'The request URL has a malformed percent-escape (for example %zz): write a literal % as %25.',
    });
  });
});

describe('a body refused for its size before it is read', () => {
  it.each([
    ['/rest/v1/posts', 2 * 1024 * 1024],
    // Supabase Auth's own limit: 1 MB.
    ['/auth/v1/signup', 2 * 1024 * 1024],
    ['/api/groq/openai/v1/chat/completions', 1024 * 1024],
  ])(
    '%s answers 413 with Connection: close, so the client does not reuse the socket',
    async (target, size) => {
      const response = await rawRequest(server.url, target, {
        method: 'POST',
        headers: {
          apikey: server.keys.publishableKey,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': String(size),
        },
        withholdBody: true,
      });
      expect(response.status).toBe(413);
      expect(response.headers.connection).toBe('close');
    },
  );

  it('keeps the connection open for ordinary answers, a read body included', async () => {
    const headers = {
      apikey: server.keys.publishableKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    };
    const read = await rawRequest(server.url, '/rest/v1/posts?select=id', { headers });
    expect(read.status).toBe(200);
    expect(read.headers.connection).toBe('keep-alive');
    const body = JSON.stringify({ topic: 'Keep-alive', content: 'A body that was read.' });
    const written = await rawRequest(server.url, '/rest/v1/posts', {
      method: 'POST',
      headers: { ...headers, prefer: 'return=minimal', 'content-length': String(Buffer.byteLength(body)) },
      body,
    });
    expect(written.status).toBe(201);
    expect(written.headers.connection).toBe('keep-alive');
  });
});
