import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import { malformedUriResponse } from '../http/request-guards.ts';
import { createNonce, pageSecurityPolicy, workerPolicy } from '../http/security-headers.ts';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Paths owned by the APIs: they never fall back to the SPA's index.html. */
const apiPrefixes = ['/auth/', '/rest/', '/realtime/', '/api/', '/storage/', '/functions/'];

/**
 * Serves the built SPA from `distDir`: hashed assets cached for a year, everything else
 * revalidated, and any other GET path answered with index.html (history fallback) under the page's
 * Content-Security-Policy.
 */
export function serveSpa(distDir: string) {
  const root = path.resolve(distDir);
  return async (c: Context): Promise<Response> => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return c.text('Method Not Allowed', 405);
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return malformedUriResponse(c);
    }
    if (apiPrefixes.some((prefix) => pathname.startsWith(prefix)))
      return c.json({ message: 'Not found' }, 404);
    const file = path.resolve(root, `.${pathname}`);
    const indexFile = path.join(root, 'index.html');
    if (file !== indexFile && file.startsWith(root + path.sep) && (await isFile(file))) {
      const immutable = pathname.startsWith('/assets/');
      return fileResponse(c, file, immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    }
    if (path.extname(pathname) !== '' && file !== indexFile) return c.text('Not found', 404);
    return pageResponse(c, indexFile);
  };
}

/**
 * index.html with a fresh nonce: in its policy, and in `<meta property="csp-nonce">` for the
 * page's own `<style>` writer to read (the same meta tag Vite's `html.cspNonce` uses).
 */
async function pageResponse(c: Context, file: string): Promise<Response> {
  const nonce = createNonce();
  const html = (await readFile(file, 'utf8')).replace(
    /<head(\s[^>]*)?>/i,
    (head) => `${head}\n    <meta property="csp-nonce" nonce="${nonce}">`,
  );
  const headers = {
    'Content-Type': contentTypes['.html'] as string,
    'Cache-Control': 'no-cache',
    'Content-Security-Policy': pageSecurityPolicy({ nonce, host: new URL(c.req.url).host }),
  };
  return new Response(c.req.method === 'HEAD' ? null : html, { status: 200, headers });
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

async function fileResponse(c: Context, file: string, cacheControl: string): Promise<Response> {
  const body = await readFile(file);
  const headers: Record<string, string> = {
    'Content-Type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
    'Cache-Control': cacheControl,
  };
  if (/\.worker-[\w-]+\.js$/.test(path.basename(file))) headers['Content-Security-Policy'] = workerPolicy;
  return new Response(c.req.method === 'HEAD' ? null : body, { status: 200, headers });
}
