import { Hono } from 'hono';
import { createAuthRoutes, type AuthOptions } from './auth/auth-routes.ts';
import type { Database } from './db/database.ts';
import { hostCheck } from './http/host-check.ts';
import { originPolicy } from './http/origin-policy.ts';
import { closeAfterUnreadBody, malformedUriResponse, rejectMalformedPath } from './http/request-guards.ts';
import { securityHeaders } from './http/security-headers.ts';
import type { ProjectKeys } from './keys/project-keys.ts';
import type { Catalog } from './rest/catalog.ts';
import { createRestRoutes } from './rest/rest-routes.ts';
import { serveSpa } from './static/serve-spa.ts';
import { createStorageRoutes, type StorageOptions } from './storage/storage-routes.ts';

export interface HttpAppOptions {
  db: Database;
  keys: ProjectKeys;
  getCatalog: () => Catalog;
  auth: Omit<AuthOptions, 'db' | 'keys'>;
  maxRows: number | null;
  /** Supabase Storage's file API at /storage/v1 (docs/wire-formats.md §9). */
  storage: Omit<StorageOptions, 'db' | 'keys'>;
  /** What /app-config.json tells the SPA (docs/wire-formats.md §5). */
  appConfig: () => Record<string, unknown>;
  /** The functions app mounted at /api (docs/wire-formats.md §6), when there is one. */
  api?: Hono;
  /** Routes of the embedded server itself (backups), mounted at /embedded/v1. */
  admin?: Hono;
  /** The built SPA; null when Vite serves it (development) or in API-only tests. */
  distDir: string | null;
  /**
   * Host names besides localhost and IP addresses that requests may be addressed to (the listen
   * HOST when it is a name, and ALLOWED_HOSTS); `.example.com` allows a domain and its subdomains.
   * Others get 403 (DNS rebinding). Default: none.
   */
  allowedHosts?: readonly string[];
  /**
   * Origins besides the page's own whose browsers may call /auth, /rest and /api
   * (CORS_ALLOWED_ORIGINS, exact `scheme://host[:port]`). Default: none (same-origin only).
   */
  corsAllowedOrigins?: readonly string[];
}

/** One Hono app for the whole embedded backend: auth, REST, the functions, app config and the SPA. */
export function createHttpApp(options: HttpAppOptions): Hono {
  // Not strict: `/rest/v1/` and `/rest/v1` are the same place, as behind Supabase's gateway.
  const app = new Hono({ strict: false });
  // Outermost first: every answer, refusals included, carries the security headers.
  app.use('*', securityHeaders());
  app.use('*', hostCheck(options.allowedHosts ?? []));
  app.use('*', rejectMalformedPath());
  app.use('*', closeAfterUnreadBody());
  const corsPolicy = originPolicy(options.corsAllowedOrigins ?? []);
  for (const prefix of ['/auth/v1/*', '/rest/v1/*', '/storage/v1/*', '/api/*']) app.use(prefix, corsPolicy);

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
  app.route('/storage/v1', createStorageRoutes({ db: options.db, keys: options.keys, ...options.storage }));
  if (options.api) app.route('/api', options.api);
  if (options.admin) app.route('/embedded/v1', options.admin);

  app.get('/app-config.json', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(options.appConfig());
  });

  if (options.distDir) app.all('*', serveSpa(options.distDir));

  // A route that still trips over a malformed escape answers 400; anything else is a logged 500.
  app.onError((error, c) => {
    if (error instanceof URIError) return malformedUriResponse(c);
    console.error('Unexpected error in the embedded server:', error);
    return c.json(
      { code: 'internal_error', message: 'Something went wrong on the server. Please try again.' },
      500,
    );
  });
  return app;
}
