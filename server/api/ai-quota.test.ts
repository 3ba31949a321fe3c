import { describe, expect, it } from 'vitest';
import { postgresAiQuota, type QuotaBackend } from './ai-quota.ts';
import { ApiError } from './api-error.ts';

/*
 * What /api sends to count a request, and how it reads the answers: the REST calls are answered
 * by a stand-in fetch (the real functions are tested in tests/integration/ai-quota*.test.ts).
 */
interface Sent {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

function quotaWith(answer: (url: string) => Response, secretKey: string | null = 'sb_secret_test') {
  const sent: Sent[] = [];
  const backend: QuotaBackend = {
    supabaseUrl: 'https://project.test',
    secretKey,
    fetch: (input, init) => {
      sent.push({
        url: String(input),
        headers: init?.headers as Record<string, string>,
        body: JSON.parse(String(init?.body)) as Record<string, unknown>,
      });
      return Promise.resolve(answer(String(input)));
    },
  };
  const quota = postgresAiQuota(backend, { requests: 7, windowSeconds: 90, requestsPerAddress: 11 });
  return { quota, sent };
}

const allowed = () =>
  Response.json([
    { allowed: true, retry_after_seconds: 0, address_allowed: true, address_retry_after_seconds: 0 },
  ]);
const user = { userId: '6f1c1f0e-0000-4000-8000-000000000001', sessionId: 'session-1' };

async function refusal(pending: Promise<void>): Promise<ApiError> {
  const error: unknown = await pending.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('postgresAiQuota', () => {
  it("counts both budgets with the secret key and the server's own limits", async () => {
    const { quota, sent } = quotaWith(allowed);
    await quota.take({ ...user, clientAddress: '198.51.100.7' });
    expect(sent).toEqual([
      {
        url: 'https://project.test/rest/v1/rpc/consume_ai_quotas',
        headers: expect.objectContaining({
          apikey: 'sb_secret_test',
          authorization: 'Bearer sb_secret_test',
        }),
        body: {
          user_id: user.userId,
          session_id: 'session-1',
          request_limit: 7,
          client_address: '198.51.100.7',
          address_limit: 11,
          window_seconds: 90,
        },
      },
    ]);
  });

  it('refuses with the budget that is spent, and remembers the refusal until its Retry-After', async () => {
    let clock = 1_000_000;
    const answers = [
      { allowed: true, retry_after_seconds: 0, address_allowed: false, address_retry_after_seconds: 4 },
      { allowed: false, retry_after_seconds: 9, address_allowed: true, address_retry_after_seconds: 0 },
    ];
    const sent: unknown[] = [];
    const quota = postgresAiQuota(
      {
        supabaseUrl: 'https://project.test',
        secretKey: 'sb_secret_test',
        fetch: (input) => {
          sent.push(input);
          return Promise.resolve(Response.json([answers.shift()]));
        },
      },
      { requests: 7, windowSeconds: 90 },
      () => clock,
    );
    const fromHome = { ...user, clientAddress: '198.51.100.7' };
    expect(quota.mayRefuse(fromHome)).toBe(false);
    const network = await refusal(quota.take(fromHome));
    expect([network.status, network.code, network.headers['retry-after']]).toEqual([
      429,
      'rate_limited_ip',
      '4',
    ]);
    // Another user on that address is known to be refused; the user elsewhere is not.
    expect(quota.mayRefuse({ ...fromHome, userId: 'someone-else' })).toBe(true);
    expect(quota.mayRefuse({ ...user, clientAddress: '203.0.113.9' })).toBe(false);
    clock += 4_000;
    expect(quota.mayRefuse(fromHome)).toBe(false);

    const spent = await refusal(quota.take(fromHome));
    expect([spent.status, spent.code]).toEqual([429, 'rate_limited']);
    expect(quota.mayRefuse({ ...user, clientAddress: '203.0.113.9' })).toBe(true);
    clock += 9_000;
    expect(quota.mayRefuse({ ...user, clientAddress: null })).toBe(false);
    expect(sent).toHaveLength(2);
  });

  it('knows it cannot count without a secret key', () => {
    expect(quotaWith(allowed, null).quota.mayRefuse({ ...user, clientAddress: null })).toBe(true);
  });

  it('answers 503 without a secret key rather than let paid calls go unmetered', async () => {
    const { quota, sent } = quotaWith(allowed, null);
    const error = await refusal(quota.take({ ...user, clientAddress: null }));
    expect([error.status, error.code]).toEqual([503, 'quota_unavailable']);
    expect(sent).toEqual([]);
  });

  it('signs the user out only for an ended session; other refusals are our 503', async () => {
    const ended = quotaWith(() =>
      Response.json({ code: 'session_not_found', message: 'ended' }, { status: 401 }),
    );
    expect(ended.quota.mayRefuse({ ...user, clientAddress: null })).toBe(false);
    expect((await refusal(ended.quota.take({ ...user, clientAddress: null }))).status).toBe(401);
    // The session stays ended: its next call is counted before any provider call.
    expect(ended.quota.mayRefuse({ ...user, clientAddress: null })).toBe(true);
    expect(ended.quota.mayRefuse({ ...user, sessionId: 'session-2', clientAddress: null })).toBe(false);
    const wrongKey = quotaWith(() => Response.json({ message: 'Invalid API key' }, { status: 401 }));
    expect((await refusal(wrongKey.quota.take({ ...user, clientAddress: null }))).status).toBe(503);
    const noGrant = quotaWith(() => Response.json({ code: '42501' }, { status: 403 }));
    expect((await refusal(noGrant.quota.take({ ...user, clientAddress: null }))).status).toBe(503);
  });
});
