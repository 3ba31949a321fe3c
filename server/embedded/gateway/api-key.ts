import type { MiddlewareHandler } from 'hono';
import type { ProjectKeys } from '../keys/project-keys.ts';

/** The role an API key stands for, or null when it is not one of this install's keys. */
export function apiKeyRole(keys: ProjectKeys, key: string): 'anon' | 'service_role' | null {
  if (key === keys.publishableKey || key === keys.legacy?.anonKey) return 'anon';
  if (key === keys.secretKey || key === keys.legacy?.serviceRoleKey) return 'service_role';
  return null;
}

/**
 * Supabase's API gateway refuses requests without a project API key (header `apikey` or the
 * `apikey` query parameter, which websockets use): the publishable or secret key, or, on installs
 * that still have them, the legacy JWT-shaped anon and service_role keys.
 */
export function requireApiKey(keys: ProjectKeys): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const key = c.req.header('apikey') ?? c.req.query('apikey');
    if (!key) {
      return c.json(
        {
          message: 'No API key found in request',
          hint: 'No `apikey` request header or url param was found.',
        },
        401,
      );
    }
    if (apiKeyRole(keys, key) === null) {
      return c.json(
        { message: 'Invalid API key', hint: 'Double check your Supabase publishable or secret API key.' },
        401,
      );
    }
    return next();
  };
}

/** The bearer token of a request, falling back to its API key as Supabase's gateway does. */
export function bearerToken(authorization: string | undefined, apiKey: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (match) return match[1] ?? null;
  return apiKey ?? null;
}
