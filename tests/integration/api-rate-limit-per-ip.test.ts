import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { startFakeProviders, type FakeProviders } from '../../harness/fakes/fake-providers.ts';
import { startApiTestServer, testProviders } from '../helpers/api-server.ts';
import { signedInClient } from '../helpers/test-server.ts';

/*
 * Fresh accounts are free, so a per-user quota alone lets one machine spend the server's provider
 * keys as fast as it can sign up. The AI quota also holds per client address. Requests here are
 * sent with node:http from a chosen local address (127.0.0.1 or 127.0.0.2, both loopback), which
 * the server sees as the socket's remote address; Groq is the fake provider server, so the test
 * counts the paid calls that really went out.
 */
let fake: FakeProviders;
let server: EmbeddedServer;
beforeAll(async () => {
  fake = await startFakeProviders();
  server = await startApiTestServer({
    providers: { ...testProviders, GROQ_BASE_URL: fake.url },
    quota: { requests: 3, windowSeconds: 60, requestsPerAddress: 5 },
  });
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

interface Answer {
  status: number;
  retryAfter: string | undefined;
  body: { error?: { message: string; type: string; code: string } };
}

/** One Groq completion through /api, sent from `localAddress`. */
function complete(token: string, localAddress: string): Promise<Answer> {
  const payload = JSON.stringify({
    model: 'openai/gpt-oss-20b',
    messages: [{ role: 'user', content: 'Hi' }],
  });
  const url = new URL(`${server.url}/api/groq/openai/v1/chat/completions`);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const header = response.headers['retry-after'];
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: Array.isArray(header) ? header[0] : header,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Answer['body'],
          });
        });
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

const groqCalls = () => fake.requests.filter((seen) => seen.provider === 'groq').length;

describe('AI quota per client address (429)', () => {
  it('stops many users on one address, and not the users on another', async () => {
    const [first, second, third, elsewhere] = await Promise.all(
      Array.from({ length: 4 }, async () => (await signedInClient(server)).session.access_token),
    );

    // Five calls from 127.0.0.1, no user over their own limit of three.
    for (const token of [first!, first!, first!, second!, second!])
      expect((await complete(token, '127.0.0.1')).status).toBe(200);

    // The address is spent: a user with budget left, and a brand-new one, are refused.
    for (const token of [second!, third!]) {
      const refused = await complete(token, '127.0.0.1');
      expect(refused.status).toBe(429);
      // Five per minute refill one every 12 s.
      expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(11);
      expect(Number(refused.retryAfter)).toBeLessThanOrEqual(12);
      expect(refused.body.error).toEqual({
        message: `Too many requests from your network. Please wait ${refused.retryAfter} seconds and try again.`,
        type: 'rate_limit',
        code: 'rate_limited_ip',
      });
    }
    // The first refusal's provider request, started beside the count, was aborted; once the
    // address is known to be spent, no other request reaches the provider (counted-call.ts).
    const reached = groqCalls();
    expect(reached).toBeGreaterThanOrEqual(5);
    expect(reached).toBeLessThanOrEqual(6);

    // Another address has its own budget, and a user refused above was not charged for it.
    expect((await complete(elsewhere!, '127.0.0.2')).status).toBe(200);
    expect((await complete(third!, '127.0.0.2')).status).toBe(200);
    expect(groqCalls()).toBe(reached + 2);
  });
});
