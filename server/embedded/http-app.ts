import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { apiRequestHeaders } from '../api/api-cors.ts';
import { createAuthRoutes, type AuthOptions } from './auth/auth-routes.ts';
import type { Database } from './db/open-database.ts';
import type { ProjectKeys } from './keys/project-keys.ts';
import type { Catalog } from './rest/catalog.ts';
import { createRestRoutes } from './rest/rest-routes.ts';
import { serveSpa } from './static/serve-spa.ts';

export interface HttpAppOptions {
  db: Database;
  keys: ProjectKeys;
  getCatalog: () => Catalog;
  auth: Omit<AuthOptions, 'db' | 'keys'>;
  maxRows: number | null;
  /** What /app-config.json tells the SPA (DESIGN.md §3). */
  appConfig: () => Record<string, unknown>;
  /** The functions app mounted at /api (DESIGN.md §4), when there is one. */
  api?: Hono;
  /** Routes of the embedded server itself (backups), mounted at /embedded/v1. */
  admin?: Hono;
  /** The built SPA; null when Vite serves it (development) or in API-only tests. */
  distDir: string | null;
}

// What supabase-js (SUPABASE-WIRE.md §1.2) and the /api clients send cross-origin.
const allowedHeaders = [
  ...apiRequestHeaders,
  'accept-profile',
  'content-profile',
  'prefer',
  'range',
  'x-supabase-api-version',
  'x-retry-count',
];

/** One Hono app for the whole embedded backend: auth, REST, the functions, app config and the SPA. */
export function createHttpApp(options: HttpAppOptions): Hono {
  // Not strict: `/rest/v1/` and `/rest/v1` are the same place, as behind Supabase's gateway.
  const app = new Hono({ strict: false });
  const corsPolicy = cors({
    origin: '*',
    allowHeaders: allowedHeaders,
    allowMethods: ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'],
    exposeHeaders: [
      'Content-Range',
      'X-Supabase-Api-Version',
      'Preference-Applied',
      'Retry-After',
      'Range-Unit',
    ],
    maxAge: 86400,
  });
  for (const prefix of ['/auth/v1/*', '/rest/v1/*', '/api/*']) app.use(prefix, corsPolicy);

  app.route('/auth/v1', createAuthRoutes({ db: options.db, keys: options.keys, ...options.auth }));
  app.route(
    '/rest/v1',
    createRestRoutes({
      db: options.db,
      keys: options.keys,
      getCatalog: options.getCatalog,
      maxRows: options.maxRows,
      maxBodyBytes: 1024 * 1024,
    }),
  );
  if (options.api) app.route('/api', options.api);
  if (options.admin) app.route('/embedded/v1', options.admin);

  app.get('/app-config.json', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(options.appConfig());
  });

  if (options.distDir) app.all('*', serveSpa(options.distDir));
  return app;
}
