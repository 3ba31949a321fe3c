import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { modelCatalogSource } from './api/model-catalog-source.ts';
import { configuredProviders, readProviderConfig } from './api/provider-config.ts';
import { buildSpaIfStale } from './build-spa-if-stale.ts';
import { loadModelCatalog } from './config/load-model-catalog.ts';
import { readServerEnv } from './config/server-env.ts';
import { mountApi } from './embedded/mount-api.ts';
import { startPublishScheduler, type PublishScheduler } from './embedded/publish-scheduler.ts';
import { startEmbeddedServer } from './embedded/start-embedded-server.ts';

/**
 * `npm start`: the whole app on one port — embedded Supabase-compatible backend, the /api
 * functions and the built SPA. `npm run dev` (--dev) serves the SPA through Vite with HMR instead.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
// Tests that start the server as a process serve whatever dist/ holds instead of rebuilding it.
const noBuild = process.argv.includes('--no-build');

async function main(): Promise<void> {
  const envFile = path.join(root, '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const env = readServerEnv();
  const catalog = await loadModelCatalog(
    env.MODEL_CATALOG_FILE && path.resolve(root, env.MODEL_CATALOG_FILE),
  );
  const providers = readProviderConfig(env);
  // The OpenAI-compatible engine's models are listed from its server now, and again on demand.
  const models = modelCatalogSource({
    base: catalog,
    providers,
    fetch: (input, init) => globalThis.fetch(input, init),
  });
  const shownHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  const siteUrl = (env.AUTH_SITE_URL ?? `http://${shownHost}:${env.PORT}`).replace(/\/+$/, '');
  const distDir = path.join(root, 'dist');
  const started = Date.now();

  let devMiddleware;
  let closeVite = async () => {};
  if (dev) {
    const { createServer } = await import('vite');
    const vite = await createServer({ root, server: { middlewareMode: true }, appType: 'spa' });
    devMiddleware = vite.middlewares;
    closeVite = () => vite.close();
  } else if (!noBuild && (await buildSpaIfStale(root, distDir))) {
    console.log(`Built the web app into ${path.relative(root, distDir)}/`);
  }

  // From here on a stop waits for the start-up to finish and then closes the database cleanly:
  // the default action of the signal would end the process with the database open.
  let stopRequested: NodeJS.Signals | null = null;
  let stopRunning: ((signal: NodeJS.Signals) => Promise<void>) | null = null;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopRunning) {
      void stopRunning(signal);
    } else if (!stopRequested) {
      stopRequested = signal;
      console.log(`${signal} received: shutting down once the start-up has finished`);
    }
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);

  const server = await startEmbeddedServer({
    port: env.PORT,
    host: env.HOST,
    allowedHosts: env.ALLOWED_HOSTS,
    corsAllowedOrigins: env.CORS_ALLOWED_ORIGINS,
    dataDir: path.resolve(root, env.DATA_DIR),
    migrationsDir: path.resolve(root, env.MIGRATIONS_DIR),
    statementTimeouts: {
      anon: env.STATEMENT_TIMEOUT_ANON_MS,
      authenticated: env.STATEMENT_TIMEOUT_MS,
      service_role: env.STATEMENT_TIMEOUT_MS,
    },
    minFreeDiskBytes: env.MIN_FREE_DISK_MB * 1024 * 1024,
    databaseConnections: { total: env.DB_CONNECTIONS, perOwner: env.DB_CONNECTIONS_PER_USER },
    distDir: existsSync(path.join(distDir, 'index.html')) ? distDir : null,
    jwtExpiry: env.JWT_EXPIRY,
    maxRows: env.MAX_ROWS,
    storage: {
      maxFileBytes: env.STORAGE_MAX_FILE_MB * 1024 * 1024,
      quotaBytesPerUser: env.STORAGE_QUOTA_MB * 1024 * 1024,
    },
    auth: {
      passwordMinLength: env.AUTH_PASSWORD_MIN_LENGTH,
      tokenRateLimit: env.AUTH_RATE_LIMIT_TOKEN,
      signupRateLimit: env.AUTH_RATE_LIMIT_SIGNUP,
      rateLimitBurst: env.AUTH_RATE_LIMIT_BURST,
      rateLimitHeader: env.AUTH_RATE_LIMIT_HEADER ?? null,
      refreshTokenReuseInterval: env.AUTH_REFRESH_TOKEN_REUSE_INTERVAL,
      passwordHashConcurrency: env.AUTH_PASSWORD_HASH_CONCURRENCY,
      emailConfirmation: env.AUTH_EMAIL_CONFIRMATION
        ? { outboxDir: path.join(path.resolve(root, env.DATA_DIR), 'outbox') }
        : null,
      siteUrl: env.AUTH_SITE_URL ?? null,
      uriAllowList: env.AUTH_URI_ALLOW_LIST,
    },
    // The browser learns which engines work and the catalog, never the keys.
    appConfig: () => ({ engines: configuredProviders(providers), modelCatalog: models.current() }),
    createApi: mountApi({
      providers,
      catalog: models,
      quota: {
        requests: env.API_RATE_LIMIT_REQUESTS,
        windowSeconds: env.API_RATE_LIMIT_WINDOW_SECONDS,
        requestsPerAddress: env.API_RATE_LIMIT_REQUESTS_PER_IP,
      },
      linkedinEnv: env,
      linkedinRedirectUrl: `${siteUrl}/linkedin/callback`,
    }),
    ...(devMiddleware ? { devMiddleware } : {}),
  });
  let scheduler: PublishScheduler | null = null;
  let stopping = false;
  stopRunning = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: shutting down`);
    await scheduler?.stop();
    await closeVite();
    await server.close();
    process.exit(0);
  };
  if (stopRequested) return stopRunning(stopRequested);

  console.log(`AI Post Writer is running at ${server.url} (ready in ${Date.now() - started} ms)`);
  console.log(`Data directory: ${path.resolve(root, env.DATA_DIR)}`);
  if (providers.OPENAI_COMPATIBLE_BASE_URL) {
    void models
      .ready()
      .then(({ engines: { 'openai-compatible': compatible } }) =>
        console.log(
          compatible.unavailable
            ? `${compatible.label} engine: ${compatible.unavailable} (Settings can list the models again)`
            : `${compatible.label} engine: ${compatible.models.length} models at ${shownAddress(providers.OPENAI_COMPATIBLE_BASE_URL ?? '')}`,
        ),
      );
  }
  // Without a LinkedIn app nothing can be published: planned posts remind their author in the app.
  scheduler =
    env.LINKEDIN_CLIENT_ID && env.LINKEDIN_CLIENT_SECRET
      ? startPublishScheduler({
          url: server.url,
          secretKey: server.keys.secretKey,
          intervalMs: env.PUBLISH_INTERVAL_SECONDS * 1000,
          log: (message) => console.log(message),
        })
      : null;
  console.log(
    scheduler
      ? `Publishing to LinkedIn: on (due posts every ${env.PUBLISH_INTERVAL_SECONDS} s)`
      : 'Publishing to LinkedIn: off (set LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET to turn it on)',
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

/** An address for the log, without any user name or password written into it. */
function shownAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '(not a URL)';
  }
}
