import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { signedInClient, startTestServer } from '../helpers/test-server.ts';
import { rawRequest } from './support/raw-request.ts';

let server: EmbeddedServer;
let port: number;
let token: string;
/** A second server started with an allow-list of hosts and origins. */
let configured: EmbeddedServer;

beforeAll(async () => {
  server = await startTestServer();
  port = server.port;
  token = (await signedInClient(server)).session.access_token;
  // The options server/main.ts passes from ALLOWED_HOSTS and CORS_ALLOWED_ORIGINS.
  configured = await startTestServer({
    corsAllowedOrigins: ['https://app.example.com'],
    allowedHosts: ['posts.example.com', '.internal.example'],
  });
});
afterAll(async () => {
  await configured?.close();
  await server?.close();
});

const restHeaders = () => ({ apikey: server.keys.publishableKey, authorization: `Bearer ${token}` });

describe('CORS: the API answers its own page, the allow-list and non-browser clients only', () => {
  it('serves a same-origin browser request (Origin equals the page it came from)', async () => {
    const response = await fetch(`${server.url}/rest/v1/posts?select=id`, {
      method: 'GET',
      headers: { ...restHeaders(), origin: server.url },
    });
    expect(response.status).toBe(200);
  });

  it('serves clients that send no Origin (servers, scripts, same-origin GETs)', async () => {
    expect((await fetch(`${server.url}/rest/v1/posts?select=id`, { headers: restHeaders() })).status).toBe(
      200,
    );
  });

  it('refuses another origin, its preflight included, without any CORS grant', async () => {
    for (const [method, extra] of [
      ['GET', {}],
      [
        'OPTIONS',
        { 'access-control-request-method': 'POST', 'access-control-request-headers': 'apikey,content-type' },
      ],
    ] as const) {
      const response = await fetch(`${server.url}/rest/v1/posts?select=id`, {
        method,
        headers: { ...restHeaders(), origin: 'https://evil.example', ...extra },
      });
      expect(response.status).toBe(403);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(((await response.json()) as { message: string }).message).toBe(
        'Cross-origin requests from https://evil.example are not allowed. Add the origin to CORS_ALLOWED_ORIGINS to allow it.',
      );
    }
  });

  it('refuses a cross-origin sign-in posted as a "simple" request (no preflight to stop it)', async () => {
    const response = await fetch(
      `${server.url}/auth/v1/token?grant_type=password&apikey=${server.keys.publishableKey}`,
      {
        method: 'POST',
        headers: { origin: 'http://localhost:9999', 'content-type': 'text/plain' },
        body: JSON.stringify({ email: 'someone@example.com', password: 'whatever123' }),
      },
    );
    expect(response.status).toBe(403);
  });

  it('grants an origin from the allow-list exactly that origin, with what supabase-js and groq-sdk send', async () => {
    const preflight = await fetch(`${configured.url}/rest/v1/posts`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey,authorization,content-type,prefer,x-client-info',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(preflight.headers.get('vary')).toContain('Origin');
    for (const header of ['apikey', 'authorization', 'prefer', 'x-client-info', 'x-stainless-os'])
      expect(preflight.headers.get('access-control-allow-headers')).toContain(header);

    const other = await fetch(`${configured.url}/rest/v1/posts`, {
      headers: { origin: 'https://app.example.com.evil.example' },
    });
    expect(other.status).toBe(403);
  });

  it('lets an allowed origin upload to Storage with the headers storage-js sends', async () => {
    const preflight = await fetch(`${configured.url}/storage/v1/object/post-images/someone/a.png`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers':
          'apikey,authorization,cache-control,x-client-info,x-metadata,x-upsert',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    for (const header of ['x-upsert', 'cache-control', 'x-metadata'])
      expect(preflight.headers.get('access-control-allow-headers')).toContain(header);
  });

  it('lets the page preflight what groq-sdk sends to /api from its own origin', async () => {
    const response = await fetch(`${server.url}/api/groq/openai/v1/chat/completions`, {
      method: 'OPTIONS',
      headers: {
        origin: server.url,
        'access-control-request-method': 'POST',
        'access-control-request-headers':
          'authorization,content-type,x-stainless-arch,x-stainless-retry-count',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(server.url);
  });
});

describe('the Host header (DNS rebinding)', () => {
  it('refuses a name that is not this server, with a clear message', async () => {
    for (const path of ['/app-config.json', '/rest/v1/posts', '/']) {
      const response = await rawRequest(server.url, path, {
        headers: { host: `rebind.evil.example:${port}` },
      });
      expect(response.status).toBe(403);
      expect(response.body).toContain('rebind.evil.example is not an allowed host name');
      expect(response.body).not.toContain(server.keys.publishableKey);
    }
  });

  it.each(['localhost', '127.0.0.1', '[::1]', 'LOCALHOST', 'app.localhost'])(
    'accepts %s on any port',
    async (name) => {
      for (const host of [`${name}:${port}`, `${name}:8080`, name]) {
        const response = await rawRequest(server.url, '/app-config.json', { headers: { host } });
        expect(response.status).toBe(200);
      }
    },
  );

  it('accepts an IP address (a rebinding attack always uses a name) and the configured names', async () => {
    expect(
      (await rawRequest(server.url, '/app-config.json', { headers: { host: `192.168.1.20:${port}` } }))
        .status,
    ).toBe(200);
    for (const host of ['posts.example.com', 'a.internal.example:3000', 'internal.example']) {
      expect((await rawRequest(configured.url, '/app-config.json', { headers: { host } })).status).toBe(200);
    }
    for (const host of ['example.com', 'posts.example.com.evil.example', 'xinternal.example']) {
      expect((await rawRequest(configured.url, '/app-config.json', { headers: { host } })).status).toBe(403);
    }
  });
});

describe('the realtime socket (no CORS for WebSockets: the same rules apply at the upgrade)', () => {
  const open = (target: EmbeddedServer, headers: Record<string, string>) =>
    new Promise<number>((resolve) => {
      const socket = new WebSocket(
        `${target.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${target.keys.publishableKey}&vsn=1.0.0`,
        {
          headers,
        },
      );
      socket.once('open', () => {
        socket.close();
        resolve(101);
      });
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.once('error', () => resolve(-1));
    });

  it('accepts the page’s own origin and clients without an Origin', async () => {
    expect(await open(server, { origin: server.url })).toBe(101);
    expect(await open(server, {})).toBe(101);
  });

  it('refuses another site’s page and a rebinding host name with 403', async () => {
    expect(await open(server, { origin: 'https://evil.example' })).toBe(403);
    expect(await open(server, { host: `rebind.evil.example:${port}` })).toBe(403);
    expect(await open(configured, { origin: 'https://app.example.com' })).toBe(101);
  });
});
