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
  await writeFile(
    path.join(distDir, 'index.html'),
    '<!doctype html><html><head><title>App</title></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(distDir, 'assets', 'app-1234.js'), 'console.log(1)');
  await writeFile(path.join(distDir, 'assets', 'carousel-pdf.worker-Ab_1.js'), 'self.onmessage = null');
  server = await startTestServer({ distDir });
});
afterAll(async () => {
  await server.close();
  await rm(distDir, { recursive: true, force: true });
});

/** The policy as a map of directive → sources, so each directive can be checked exactly. */
function directives(policy: string | null): Map<string, string[]> {
  const parsed = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) parsed.set(name, sources);
  }
  return parsed;
}

describe('the Content-Security-Policy of the app page', () => {
  it('allows only this origin, blocks framing, plugins, foreign forms and remote images', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.headers.get('content-type')).toContain('text/html');
    const policy = directives(response.headers.get('content-security-policy'));
    const host = new URL(server.url).host;
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      `ws://${host}/realtime/v1/websocket`,
      `wss://${host}/realtime/v1/websocket`,
    ]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('style-src')?.[0]).toBe("'self'");
    expect(policy.get('style-src')?.[1]).toMatch(/^'nonce-[A-Za-z0-9+/=]{22,}'$/);
    expect(response.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    expect(response.headers.get('content-security-policy')).not.toContain('unsafe-eval');
  });

  it('hands the page a fresh style nonce that matches its policy', async () => {
    const nonces = [];
    for (const route of ['/', '/saved']) {
      const response = await fetch(`${server.url}${route}`);
      const policyNonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
      const html = await response.text();
      const pageNonce = /<meta property="csp-nonce" nonce="([^"]+)">/.exec(html)?.[1];
      expect(pageNonce).toBeDefined();
      expect(pageNonce).toBe(policyNonce);
      expect(html).toContain('<title>App</title>');
      nonces.push(pageNonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});

describe('security headers on every response', () => {
  const paths = [
    '/',
    '/assets/app-1234.js',
    '/assets/missing.js',
    '/app-config.json',
    '/auth/v1/health',
    '/rest/v1/',
    '/api/nowhere',
  ];

  it.each(paths)('%s: nosniff, no framing, a referrer policy', async (route) => {
    const response = await fetch(`${server.url}${route}`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(directives(response.headers.get('content-security-policy')).get('frame-ancestors')).toEqual([
      "'none'",
    ]);
  });

  it('gives responses that are not the app page a policy that runs nothing', async () => {
    for (const route of ['/app-config.json', '/rest/v1/', '/favicon-missing.svg']) {
      const policy = directives(
        (await fetch(`${server.url}${route}`)).headers.get('content-security-policy'),
      );
      expect(policy.get('default-src')).toEqual(["'none'"]);
    }
  });
});

describe('the policy of a module worker', () => {
  it('lets a worker of the build load scripts and fetch from this origin (the carousel fonts), nothing else', async () => {
    const worker = directives(
      (await fetch(`${server.url}/assets/carousel-pdf.worker-Ab_1.js`)).headers.get(
        'content-security-policy',
      ),
    );
    expect(worker.get('default-src')).toEqual(["'none'"]);
    expect(worker.get('script-src')).toEqual(["'self'"]);
    expect(worker.get('connect-src')).toEqual(["'self'"]);
    // Other scripts keep the policy that runs nothing.
    const script = directives(
      (await fetch(`${server.url}/assets/app-1234.js`)).headers.get('content-security-policy'),
    );
    expect(script.get('connect-src')).toBeUndefined();
  });
});
