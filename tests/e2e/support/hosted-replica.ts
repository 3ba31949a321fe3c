import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { JSONWebKeySet } from 'jose';
import { startFakeProviders, type FakeProviders } from '../../../harness/fakes/fake-providers.ts';
import { projectRoot } from '../../helpers/database-template.ts';
import { startEdgeFunction, type EdgeFunction } from '../../../harness/edge-function.ts';
import { hostedFunctionEnv } from '../../../harness/hosted-function-env.ts';
import { startApp } from './app.ts';
import { freePort } from '../../../harness/free-port.ts';

/**
 * Hosted Supabase, as far as it can be had without the internet: the embedded backend stands in for
 * the project (Auth, REST, Realtime; ES256 keys, publishable and secret API keys), the `api` Edge
 * Function runs under Deno with the environment a hosted function gets, a gateway routes
 * `/functions/v1/api/*` to the function and everything else to the project, as Supabase's does,
 * and the SPA is built with the README's VITE_ variables and served by a plain static host.
 */
export interface HostedReplica {
  /** The static host serving the hosted build (any path falls back to index.html). */
  appUrl: string;
  /** What VITE_SUPABASE_URL points at: the gateway. */
  projectUrl: string;
  fake: FakeProviders;
  /** The hosted build, and the project's secret key (which must never be in it). */
  distDir: string;
  secretKey: string;
  /** Stops the Edge Function (the gateway then answers its routes as Supabase does: 503). */
  stopFunction(): Promise<void>;
  startFunction(): Promise<void>;
  close(): Promise<void>;
}

interface StoredKeys {
  publishableKey: string;
  secretKey: string;
}

/** `withoutSecrets`: provider secrets left unset on the function (as if never `secrets set`). */
export async function startHostedReplica(withoutSecrets: string[] = []): Promise<HostedReplica> {
  const cleanups: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  };
  try {
    const [appPort, gatewayPort] = [await freePort(), await freePort()];
    const appUrl = `http://127.0.0.1:${appPort}`;
    const projectUrl = `http://127.0.0.1:${gatewayPort}`;

    const fake = await startFakeProviders();
    cleanups.push(() => fake.close());
    // The project's own CORS setting: hosted Supabase answers any origin; here the app's is listed.
    const project = await startApp({ CORS_ALLOWED_ORIGINS: appUrl });
    cleanups.push(() => project.dispose());
    const keys = JSON.parse(
      await readFile(path.join(project.dataDir, 'project-keys.json'), 'utf8'),
    ) as StoredKeys;

    let edgeFunction: EdgeFunction | null = null;
    const gateway = await startGateway(gatewayPort, new URL(project.url), () => edgeFunction?.url ?? null);
    cleanups.push(() => new Promise((resolve) => gateway.close(resolve)));
    const jwks = (await (await fetch(`${projectUrl}/auth/v1/.well-known/jwks.json`)).json()) as JSONWebKeySet;
    const functionEnv = hostedFunctionEnv({ url: projectUrl, keys: { ...keys, jwks } }, fake.url, {
      requests: 100,
      requestsPerAddress: 200,
    });
    for (const name of withoutSecrets) delete functionEnv[name];
    const startFunction = async () => {
      edgeFunction = await startEdgeFunction(functionEnv);
    };
    const stopFunction = async () => {
      const running = edgeFunction;
      edgeFunction = null;
      await running?.close();
    };
    await startFunction();
    cleanups.push(stopFunction);

    const distDir = path.join(tmpdir(), `dist-hosted-${process.pid}-${Date.now()}`);
    cleanups.push(() => rm(distDir, { recursive: true, force: true }));
    await buildHostedSpa(distDir, {
      VITE_SUPABASE_URL: projectUrl,
      VITE_SUPABASE_PUBLISHABLE_KEY: keys.publishableKey,
    });
    const staticHost = await startStaticHost(appPort, distDir);
    cleanups.push(() => new Promise((resolve) => staticHost.close(resolve)));

    return {
      appUrl,
      projectUrl,
      fake,
      distDir,
      secretKey: keys.secretKey,
      stopFunction,
      startFunction,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** `vite build` as the README's deploy step runs it, with only the VITE_ variables it names. */
async function buildHostedSpa(outDir: string, env: Record<string, string>): Promise<void> {
  const child = spawn(
    process.execPath,
    [path.join(projectRoot, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir'],
    {
      cwd: projectRoot, // A production build whatever the test runner set NODE_ENV to (vitest sets 'test').
      env: { ...process.env, NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (code !== 0) throw new Error(`vite build failed (${code}):\n${output}`);
}

/** Any static host: files as they are, every other path answered with index.html (client routes). */
function startStaticHost(port: number, root: string): Promise<Server> {
  const app = new Hono();
  app.use('*', serveStatic({ root }));
  app.get('*', serveStatic({ root, path: 'index.html' }));
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => resolve(server as Server));
  });
}

/**
 * Supabase's gateway in miniature: `/functions/v1/api/<path>` goes to the function as `/api/<path>`
 * (503 when it is not running, as for a function that fails to boot); everything else, WebSocket
 * upgrades included, goes to the project with the Host header kept, so tokens name this URL as issuer.
 */
function startGateway(port: number, project: URL, functionUrl: () => string | null): Promise<Server> {
  const target = (req: IncomingMessage): URL | null => {
    const url = req.url ?? '/';
    if (!url.startsWith('/functions/v1/')) return new URL(url, project);
    const base = functionUrl();
    return base ? new URL(url.replace(/^\/functions\/v1/, ''), base) : null;
  };
  const server = createServer((req, res) => {
    const destination = target(req);
    if (!destination) {
      res.writeHead(503, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end(
        JSON.stringify({ code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' }),
      );
      return;
    }
    const upstream = request(destination, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  server.on('upgrade', (req: IncomingMessage, socket, head) => {
    const upstream = connect(Number(project.port), project.hostname, () => {
      const headers = Object.entries(req.headers).flatMap(([name, value]) =>
        (Array.isArray(value) ? value : [value]).map((item) => `${name}: ${item ?? ''}`),
      );
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    const end = () => {
      upstream.destroy();
      socket.destroy();
    };
    upstream.on('error', end);
    socket.on('error', end);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
