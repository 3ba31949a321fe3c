import { rm } from 'node:fs/promises';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { startApiTestServer } from '../helpers/api-server.ts';
import { copyTemplateDataDir, signedInClient, startTestServer } from '../helpers/test-server.ts';

type User = Awaited<ReturnType<typeof signedInClient>>;

/** The token's `session_id` claim, as /api reads it from the verified token. */
const sessionOf = (token: string) => (decodeJwt(token) as { session_id: string }).session_id;

/** What /api sends for a user: the secret key, the user and session of the token, its own limits. */
function userQuota(
  server: EmbeddedServer,
  token: string,
  limit: number,
  key = server.keys.secretKey,
  address: { client_address: string; address_limit: number } | null = null,
) {
  return fetch(`${server.url}/rest/v1/rpc/consume_ai_quotas`, {
    method: 'POST',
    headers: {
      apikey: key,
      authorization: `Bearer ${key === server.keys.secretKey ? key : token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      user_id: (decodeJwt(token) as { sub: string }).sub,
      session_id: sessionOf(token),
      request_limit: limit,
      client_address: address?.client_address ?? null,
      address_limit: address?.address_limit ?? null,
      window_seconds: 3600,
    }),
  });
}

/** The answer for a call without an address: the user's budget alone. */
const userAnswer = (allowed: boolean, seconds: number) => [
  { allowed, retry_after_seconds: seconds, address_allowed: true, address_retry_after_seconds: 0 },
];

const consume = async (server: EmbeddedServer, user: User, limit: number) => {
  const response = await userQuota(server, user.session.access_token, limit);
  return { status: response.status, data: (await response.json()) as unknown };
};

describe('the AI quota in Postgres (consume_ai_quotas)', () => {
  let server: EmbeddedServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('never lets concurrent calls spend more than the limit', async () => {
    const user = await signedInClient(server);
    const answers = await Promise.all(Array.from({ length: 40 }, () => consume(server, user, 10)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const allowed = answers.filter((answer) => (answer.data as { allowed: boolean }[])[0]?.allowed);
    expect(allowed).toHaveLength(10);
    const refused = (answers.find((answer) => !(answer.data as { allowed: boolean }[])[0]?.allowed)?.data ??
      []) as {
      retry_after_seconds: number;
    }[];
    // 10 per hour refill one every 6 minutes.
    expect(refused[0]?.retry_after_seconds).toBeGreaterThan(350);
    expect(refused[0]?.retry_after_seconds).toBeLessThanOrEqual(360);
  });

  it('counts per user: another user is not affected', async () => {
    const [first, second] = await Promise.all([signedInClient(server), signedInClient(server)]);
    for (let call = 0; call < 2; call += 1) await consume(server, first, 2);
    expect((await consume(server, first, 2)).data).toEqual(userAnswer(false, 1800));
    expect((await consume(server, second, 2)).data).toEqual(userAnswer(true, 0));
  });

  it("counts the user's and the address's budgets in one call, each even when the other refuses", async () => {
    const [first, second] = await Promise.all([signedInClient(server), signedInClient(server)]);
    const address = { client_address: '198.51.100.77', address_limit: 2 };
    const call = async (user: User) =>
      (await userQuota(server, user.session.access_token, 1, server.keys.secretKey, address)).json();
    expect(await call(first)).toEqual([
      { allowed: true, retry_after_seconds: 0, address_allowed: true, address_retry_after_seconds: 0 },
    ]);
    // The user is spent; the address still counts this request.
    expect(await call(first)).toEqual([
      { allowed: false, retry_after_seconds: 3600, address_allowed: true, address_retry_after_seconds: 0 },
    ]);
    // The address is spent now: a user with budget left is refused by it, and charged all the same.
    expect(await call(second)).toEqual([
      { allowed: true, retry_after_seconds: 0, address_allowed: false, address_retry_after_seconds: 1800 },
    ]);
    expect(await call(second)).toMatchObject([{ allowed: false, address_allowed: false }]);
  });

  it('is for the secret key only: a user or anon cannot count, or refill, any budget', async () => {
    const user = await signedInClient(server);
    const token = user.session.access_token;
    const asUser = await userQuota(server, token, 1_000_000_000, server.keys.publishableKey);
    expect(asUser.status).toBe(403);
    expect(await asUser.json()).toMatchObject({ code: '42501' });
    const anon = await fetch(`${server.url}/rest/v1/rpc/consume_ai_quotas`, {
      method: 'POST',
      headers: { apikey: server.keys.publishableKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        user_id: user.user.id,
        session_id: null,
        request_limit: 10,
        client_address: null,
        address_limit: null,
        window_seconds: 60,
      }),
    });
    expect(anon.status).toBe(401);
    // The function that took the caller's own limit is gone.
    // @ts-expect-error -- gone from the schema, so from its generated types too
    const old = await user.client.rpc('consume_ai_quota', { request_limit: 10, window_seconds: 60 });
    expect(old.error?.code).toBe('PGRST202');
    const address = await user.client.rpc('consume_ai_address_quota', {
      client_address: '198.51.100.7',
      request_limit: 100,
      window_seconds: 60,
    });
    expect(address.error?.code).toBe('42501');
    const previous = await user.client.rpc('consume_ai_user_quota', {
      user_id: user.user.id,
      session_id: sessionOf(token),
      request_limit: 1_000_000_000,
      window_seconds: 1,
    });
    expect(previous.error?.code).toBe('42501');
  });

  it('refuses a session that has ended, even with an unexpired token', async () => {
    const user = await signedInClient(server);
    const token = user.session.access_token;
    expect((await user.client.auth.signOut()).error).toBeNull();
    const response = await userQuota(server, token, 10);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'session_not_found' });
  });

  it("refuses another user's session: the session must be the named user's", async () => {
    const [first, second] = await Promise.all([signedInClient(server), signedInClient(server)]);
    const response = await fetch(`${server.url}/rest/v1/rpc/consume_ai_quotas`, {
      method: 'POST',
      headers: {
        apikey: server.keys.secretKey,
        authorization: `Bearer ${server.keys.secretKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        user_id: first.user.id,
        session_id: sessionOf(second.session.access_token),
        request_limit: 10,
        client_address: null,
        address_limit: null,
        window_seconds: 60,
      }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'session_not_found' });
  });
});

describe('the quota holds across a restart', () => {
  it('remembers what was spent when the server comes back', async () => {
    const dataDir = await copyTemplateDataDir();
    try {
      let server = await startTestServer({ dataDir });
      const user = await signedInClient(server);
      for (let call = 0; call < 3; call += 1)
        expect((await consume(server, user, 3)).data).toEqual(userAnswer(true, 0));
      await server.close();

      server = await startTestServer({ dataDir });
      try {
        const again = await signedInClient(server);
        // Same install, same keys: the user signs in again and finds the budget spent.
        const signIn = await again.client.auth.signInWithPassword({
          email: user.email,
          password: user.password,
        });
        expect(signIn.error).toBeNull();
        const answer = await userQuota(server, signIn.data.session?.access_token ?? '', 3);
        expect(await answer.json()).toMatchObject([{ allowed: false }]);
      } finally {
        await server.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('/api and ended sessions', () => {
  let server: EmbeddedServer;
  beforeAll(async () => {
    server = await startApiTestServer();
  });
  afterAll(() => server.close());

  it('answers 401 on a paid route once the user has signed out, with nothing from the provider', async () => {
    const user = await signedInClient(server);
    const token = user.session.access_token;
    expect((await user.client.auth.signOut()).error).toBeNull();
    const response = await fetch(`${server.url}/api/generate-claude`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'Hi', model: 'claude-sonnet-4-6' }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_token' } });
  });
});

describe('topic counts (record_topic_use)', () => {
  let server: EmbeddedServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('counts two saves of one topic at once as 2, and creates the idea the first time', async () => {
    const user = await signedInClient(server);
    const saves = await Promise.all([
      user.client.rpc('record_topic_use', { topic: 'Hiring in 2027' }),
      user.client.rpc('record_topic_use', { topic: 'Hiring in 2027' }),
    ]);
    expect(saves.map((save) => save.error)).toEqual([null, null]);
    const { data } = await user.client.from('topic_ideas').select('topic, used_count');
    expect(data).toEqual([{ topic: 'Hiring in 2027', used_count: 2 }]);
  });

  it('files the idea under the caller only', async () => {
    const [owner, other] = await Promise.all([signedInClient(server), signedInClient(server)]);
    await owner.client.rpc('record_topic_use', { topic: 'Private idea' });
    expect((await other.client.from('topic_ideas').select('topic')).data).toEqual([]);
  });
});
