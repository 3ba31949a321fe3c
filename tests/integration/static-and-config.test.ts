import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { startTestServer } from '../helpers/test-server.ts';

let server: EmbeddedServer;
let distDir: string;

beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), 'dist-'));
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(distDir, 'assets', 'app-1234.js'), 'console.log(1)');
  server = await startTestServer({
    distDir,
    appConfig: () => ({ engines: { groq: true, anthropic: false } }),
  });
});
afterAll(async () => {
  await server.close();
  await rm(distDir, { recursive: true, force: true });
});

describe('the SPA and its runtime config', () => {
  it('serves /app-config.json with the public anon key and no secrets', async () => {
    const response = await fetch(`${server.url}/app-config.json`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const config = (await response.json()) as Record<string, unknown>;
    expect(config).toMatchObject({
      supabasePublishableKey: server.keys.publishableKey,
      apiBaseUrl: '/api',
      engines: { groq: true, anthropic: false },
    });
    expect(JSON.stringify(config)).not.toContain(server.keys.secretKey);
  });

  it('falls back to index.html for app routes (history API)', async () => {
    for (const route of ['/', '/saved', '/ideas-bank', '/calendar', '/settings', '/onboarding']) {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable and 404s missing files and API paths', async () => {
    const asset = await fetch(`${server.url}/assets/app-1234.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-type')).toContain('javascript');
    expect((await fetch(`${server.url}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/unknown`)).status).toBe(404);
  });

  it('never serves files outside the build folder', async () => {
    const response = await fetch(`${server.url}/..%2f..%2fetc%2fpasswd`);
    expect(await response.text()).not.toContain('root:');
  });
});
