import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviders, type FakeProviders } from '../../harness/fakes/fake-providers.ts';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { startApiTestServer, testProviders } from '../helpers/api-server.ts';
import { signedInClient } from '../helpers/test-server.ts';

/*
 * The AI budget's limit and window are the server's (decision 012): a browser holds the user's
 * token and the publishable key, the same credentials /api used to count with, so any function it
 * can call with its own limit would let it refill its budget at will. Groq is the fake provider
 * server, so the test counts the paid calls that really went out.
 */
const limit = 3;
let fake: FakeProviders;
let server: EmbeddedServer;
beforeAll(async () => {
  fake = await startFakeProviders();
  server = await startApiTestServer({
    providers: { ...testProviders, GROQ_BASE_URL: fake.url },
    // One request back every 20 minutes: nothing refills during the test but a refill by hand.
    quota: { requests: limit, windowSeconds: 3600 },
  });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

/** What a browser can send: the publishable key and the user's own token. */
function rpcAsBrowser(name: string, token: string, args: Record<string, unknown>) {
  return fetch(`${server.url}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: {
      apikey: server.keys.publishableKey,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(args),
  });
}

const refill = { request_limit: 1_000_000_000, window_seconds: 1 };

function complete(token: string) {
  return fetch(`${server.url}/api/groq/openai/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'openai/gpt-oss-20b', messages: [{ role: 'user', content: 'Hi' }] }),
  });
}

describe('the AI budget cannot be refilled from the browser', () => {
  it('refuses the counting functions to a user, whatever limit and window they name', async () => {
    const { session, user } = await signedInClient(server);
    const sessionId = (decodeJwt(session.access_token) as { session_id: string }).session_id;
    const attempts = [
      await rpcAsBrowser('consume_ai_quota', session.access_token, refill),
      await rpcAsBrowser('consume_ai_user_quota', session.access_token, {
        user_id: user.id,
        session_id: sessionId,
        ...refill,
      }),
      await rpcAsBrowser('consume_ai_quotas', session.access_token, {
        user_id: user.id,
        session_id: sessionId,
        client_address: null,
        address_limit: null,
        ...refill,
      }),
    ];
    for (const attempt of attempts) {
      // PostgREST's "no such function" (404, PGRST202) or "permission denied" (403, 42501).
      expect([403, 404]).toContain(attempt.status);
      expect(['PGRST202', '42501']).toContain(((await attempt.json()) as { code: string }).code);
    }
  });

  it('answers 429 once the budget is spent through /api, even after the user tries to refill it', async () => {
    const token = (await signedInClient(server)).session.access_token;
    for (let call = 0; call < limit; call += 1) expect((await complete(token)).status).toBe(200);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await rpcAsBrowser('consume_ai_quota', token, refill)).ok).toBe(false);
    }
    const refused = await complete(token);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: { code: 'rate_limited' } });
    // At most the one provider request started beside the refused count, aborted (counted-call.ts).
    const groqCalls = () => fake.requests.filter((seen) => seen.provider === 'groq').length;
    const reached = groqCalls();
    expect(reached).toBeGreaterThanOrEqual(limit);
    expect(reached).toBeLessThanOrEqual(limit + 1);
    expect((await complete(token)).status).toBe(429);
    expect(groqCalls()).toBe(reached);
  });
});
