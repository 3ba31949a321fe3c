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

const allowed = () => Response.json([{ allowed: true, retry_after_seconds: 0 }]);
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
        url: 'https://project.test/rest/v1/rpc/consume_ai_user_quota',
        headers: expect.objectContaining({
          apikey: 'sb_secret_test',
          authorization: 'Bearer sb_secret_test',
        }),
        body: { user_id: user.userId, session_id: 'session-1', request_limit: 7, window_seconds: 90 },
      },
      {
        url: 'https://project.test/rest/v1/rpc/consume_ai_address_quota',
        headers: expect.objectContaining({ apikey: 'sb_secret_test' }),
        body: { client_address: '198.51.100.7', request_limit: 11, window_seconds: 90 },
      },
    ]);
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
    expect((await refusal(ended.quota.take({ ...user, clientAddress: null }))).status).toBe(401);
    const wrongKey = quotaWith(() => Response.json({ message: 'Invalid API key' }, { status: 401 }));
    expect((await refusal(wrongKey.quota.take({ ...user, clientAddress: null }))).status).toBe(503);
    const noGrant = quotaWith(() => Response.json({ code: '42501' }, { status: 403 }));
    expect((await refusal(noGrant.quota.take({ ...user, clientAddress: null }))).status).toBe(503);
  });
});
