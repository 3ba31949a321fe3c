// What the `api` Edge Function does with the environment it is given: it fetches the project's
// JWKS itself when SUPABASE_JWKS is absent, answers 503 (never 200, never "signed out") when the
// JWKS cannot be had, and refuses to start, naming what is missing, without the project's keys.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { startFakeProviders, type FakeProviders } from '../../harness/fakes/fake-providers.ts';
import { runEdgeFunctionToExit, startEdgeFunction, type EdgeFunction } from '../../harness/edge-function.ts';
import { hostedFunctionEnv } from '../../harness/hosted-function-env.ts';
import { signedInClient, startTestServer } from '../helpers/test-server.ts';

let project: EmbeddedServer;
let fake: FakeProviders;
let token: string;
/** The hosted environment without SUPABASE_JWKS: the function must fetch the JWKS from SUPABASE_URL. */
let withoutJwks: Record<string, string>;
const started: EdgeFunction[] = [];

beforeAll(async () => {
  [project, fake] = await Promise.all([startTestServer(), startFakeProviders()]);
  const { SUPABASE_JWKS: _inline, ...rest } = hostedFunctionEnv(project, fake.url, {
    requests: 100,
    requestsPerAddress: 200,
  });
  withoutJwks = rest;
  token = (await signedInClient(project)).session.access_token;
});
afterEach(async () => {
  fake.reset();
  await Promise.all(started.splice(0).map((edge) => edge.close()));
});
afterAll(async () => {
  await Promise.all([project?.close(), fake?.close()]);
});

async function start(env: Record<string, string>): Promise<EdgeFunction> {
  const edge = await startEdgeFunction(env);
  started.push(edge);
  return edge;
}

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Stands in for an auth server that is up but failing: every request, the JWKS included, gets a 500. */
async function failingServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"upstream failure"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('without SUPABASE_JWKS', () => {
  it("fetches the project's JWKS from SUPABASE_URL and serves a user's requests", async () => {
    const { YOUTUBE_API_KEY: _youtube, ...env } = withoutJwks;
    const edge = await start(env);
    const models = await fetch(`${edge.url}/api/models`, { headers: { authorization: `Bearer ${token}` } });
    expect(models.status).toBe(200);
    const body = (await models.json()) as { configured: Record<string, boolean> };
    expect(body.configured).toEqual({
      groq: true,
      anthropic: true,
      perplexity: true,
      youtube: false,
      'openai-compatible': false,
    });

    fake.setScenario('anthropic', { text: 'Fetched keys work.', tokensPerSecond: 2000 });
    const stream = await fetch(`${edge.url}/api/generate-claude`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'Write a post', model: 'claude-sonnet-4-6' }),
    });
    expect(stream.status).toBe(200);
    expect((await stream.text()).trimEnd().endsWith('data: [DONE]')).toBe(true);

    // A provider without a key: a 503 naming the variable to set, not a crash at start.
    const youtube = await fetch(`${edge.url}/api/youtube/videos?part=snippet&id=dQw4w9WgXcQ`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(youtube.status).toBe(503);
    expect(((await youtube.json()) as { error: { message: string } }).error.message).toContain(
      'YOUTUBE_API_KEY',
    );
  });

  it('still refuses a bad token (401)', async () => {
    const edge = await start(withoutJwks);
    const response = await fetch(`${edge.url}/api/models`, {
      headers: { authorization: `Bearer ${token.slice(0, -4)}AAAA` },
    });
    expect(response.status).toBe(401);
    await response.body?.cancel();
  });
});

describe('when the JWKS cannot be had', () => {
  const cases: Record<string, () => Promise<{ url: string; close(): Promise<void> }>> = {
    'SUPABASE_URL points at a closed port': async () => ({
      url: `http://127.0.0.1:${await closedPort()}`,
      close: async () => {},
    }),
    'the auth server fails the JWKS request (500)': failingServer,
  };

  it.each(Object.keys(cases))('answers 503, never 200 or 401, when %s', async (name) => {
    const auth = await (cases[name] as () => Promise<{ url: string; close(): Promise<void> }>)();
    try {
      const edge = await start({ ...withoutJwks, SUPABASE_URL: auth.url });
      // Twice: the second attempt (after the failed fetch) must not fall through either.
      for (const attempt of [1, 2]) {
        const response = await fetch(`${edge.url}/api/generate-claude`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ prompt: 'Write a post', model: 'claude-sonnet-4-6' }),
        });
        expect(response.status, `attempt ${attempt}`).toBe(503);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe('auth_unavailable');
      }
      expect(fake.requests).toHaveLength(0);
    } finally {
      await auth.close();
    }
  });
});

describe('counting the AI budget (SUPABASE_DB_URL)', () => {
  const limits = { requests: 2, requestsPerAddress: 100 };
  const youtube = (edge: EdgeFunction, user: string) =>
    fetch(`${edge.url}/api/youtube/videos?part=snippet&id=dQw4w9WgXcQ`, {
      headers: { authorization: `Bearer ${user}` },
    });
  const countedRows = async (userId: string) =>
    Number(
      (
        await project.db.query<{ count: string }>(
          'select count(*) from private.ai_quota_buckets where subject = $1',
          [`user:${userId}`],
        )
      ).rows[0]?.count,
    );

  it('counts on the database connection, in Postgres, without the REST API', async () => {
    const env = hostedFunctionEnv(project, fake.url, limits);
    expect(env.SUPABASE_DB_URL).toMatch(/^postgres:\/\/.+@127\.0\.0\.1:\d+\//);
    // No secret key: a count through REST would answer 503, so these are counted on the connection.
    const { SUPABASE_SECRET_KEYS: _secret, ...withoutSecret } = env;
    const edge = await start(withoutSecret);
    const { session, user } = await signedInClient(project);
    for (let i = 0; i < limits.requests; i += 1) {
      expect((await youtube(edge, session.access_token)).status).toBe(200);
    }
    const refused = await youtube(edge, session.access_token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await countedRows(user.id)).toBe(1);
  });

  it('counts through REST when the database cannot be reached, and never twice', async () => {
    const env = {
      ...hostedFunctionEnv(project, fake.url, limits),
      SUPABASE_DB_URL: `postgres://postgres:wrong@127.0.0.1:${await closedPort()}/postgres`,
    };
    const edge = await start(env);
    const { session } = await signedInClient(project);
    for (let i = 0; i < limits.requests; i += 1) {
      expect((await youtube(edge, session.access_token)).status).toBe(200);
    }
    // The third call is the first refused: each call was counted once, over REST.
    expect((await youtube(edge, session.access_token)).status).toBe(429);
    expect(edge.output()).toContain('Counting AI calls over REST');
  });
});

describe('refusing to start', () => {
  it('exits at start without any key, naming every missing variable', async () => {
    const { code, output } = await runEdgeFunctionToExit({});
    expect(code).not.toBe(0);
    expect(output).toContain('The api function cannot start');
    expect(output).toContain('SUPABASE_URL is not set');
    expect(output).toContain('SUPABASE_PUBLISHABLE_KEYS');
  });

  it('exits at start with a project URL but no API key', async () => {
    const { SUPABASE_PUBLISHABLE_KEYS: _publishable, ...env } = withoutJwks;
    const { code, output } = await runEdgeFunctionToExit(env);
    expect(code).not.toBe(0);
    expect(output).toContain('no API key: SUPABASE_PUBLISHABLE_KEYS');
    expect(output).not.toContain('SUPABASE_URL is not set');
  });

  it('exits at start when SUPABASE_JWKS is not a key set', async () => {
    const { code, output } = await runEdgeFunctionToExit({ ...withoutJwks, SUPABASE_JWKS: '{"keys":"no"}' });
    expect(code).not.toBe(0);
    expect(output).toContain('SUPABASE_JWKS is not a JSON Web Key Set');
  });
});
