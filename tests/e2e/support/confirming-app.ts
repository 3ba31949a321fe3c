import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApiApp } from '../../../server/api/create-api-app.ts';
import { hs256Verifier } from '../../../server/api/hs256-verifier.ts';
import { readProviderConfig } from '../../../server/api/provider-config.ts';
import { startEmbeddedServer, type EmbeddedServer } from '../../../server/embedded/start-embedded-server.ts';
import { defaultModelCatalog } from '../../../src/config/model-catalog.ts';
import { migrationsDir, projectRoot } from '../../helpers/database-template.ts';

export interface ConfirmingApp {
  url: string;
  /** Where the embedded auth server writes its emails (DATA_DIR/outbox, as under npm start). */
  outboxDir: string;
  dispose(): Promise<void>;
}

/**
 * The app with email confirmation on: the embedded backend, its /api functions and the built
 * dist/, in this process. (server/main.ts has no AUTH_EMAIL_CONFIRMATION wiring yet; once it
 * has, this is `AppServer.start({ AUTH_EMAIL_CONFIRMATION: 'true' })` with `${dataDir}/outbox`.)
 */
export async function startConfirmingApp(): Promise<ConfirmingApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'e2e-confirm-'));
  const outboxDir = path.join(dataDir, 'outbox');
  let server: EmbeddedServer;
  try {
    server = await startEmbeddedServer({
      port: 0,
      host: '127.0.0.1',
      dataDir,
      migrationsDir,
      distDir: path.join(projectRoot, 'dist'),
      jwtExpiry: 3600,
      maxRows: 1000,
      statementTimeouts: { anon: 3000, authenticated: 8000, service_role: 8000 },
      minFreeDiskBytes: 0,
      log: () => {},
      auth: {
        passwordMinLength: 8,
        tokenRateLimit: 1000,
        signupRateLimit: 1000,
        rateLimitBurst: 1000,
        rateLimitHeader: null,
        refreshTokenReuseInterval: 10,
        passwordHashConcurrency: 2,
        emailConfirmation: { outboxDir },
        log: () => {},
      },
      createApi: ({ keys }) =>
        createApiApp({
          verifyToken: hs256Verifier(keys.jwtSecret),
          providers: readProviderConfig({}),
          catalog: defaultModelCatalog,
          rateLimit: { requests: 1000, windowMs: 60_000 },
        }),
    });
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: server.url,
    outboxDir,
    dispose: async () => {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
