import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/database.ts';
import { loadProjectKeys } from '../keys/project-keys.ts';
import { createAuthRoutes } from './auth-routes.ts';

describe('an unexpected failure', () => {
  it('answers 500 with an error id and logs one line without the query parameters', async () => {
    // Shaped like a Postgres error from the database layer: it carries the failing query's parameters.
    const failure = Object.assign(new Error('connection lost'), {
      code: '08006',
      query: 'insert into auth.users …',
      params: ['victim@example.com', 'scrypt$32768$8$1$c2FsdA$aGFzaA'],
    });
    const db = {
      query: () => Promise.reject(failure),
      transaction: () => Promise.reject(failure),
    } as unknown as Database;
    const keys = await loadProjectKeys(await mkdtemp(path.join(tmpdir(), 'auth-keys-')), {
      newInstall: true,
      log: () => {},
    });
    const app = createAuthRoutes({
      db,
      keys,
      jwtExpiry: 3600,
      passwordMinLength: 8,
      tokenRateLimit: 150,
      signupRateLimit: 30,
      rateLimitBurst: 30,
      rateLimitHeader: null,
      refreshTokenReuseInterval: 10,
      passwordHashConcurrency: 1,
    });

    vi.mocked(console.error).mockImplementationOnce(() => {}); // checked below, not printed
    const response = await app.request('/signup', {
      method: 'POST',
      headers: { apikey: keys.publishableKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'victim@example.com', password: 'plain text password' }),
    });

    expect(response.status).toBe(500);
    const body = (await response.json()) as { code: string; error_id: string };
    expect(body.code).toBe('unexpected_failure');
    const logged = vi.mocked(console.error).mock.calls;
    expect(logged).toEqual([[`auth: unexpected error ${body.error_id}: Error [08006]: connection lost`]]);
    // The test's own console.error check (tests/helpers/setup-node.ts) would fail on the expected line.
    vi.mocked(console.error).mockClear();
  });
});
