import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { fetchFromAddress, freshLoopbackAddress, supabaseClientFrom } from '../helpers/fetch-from-address.ts';
import { startTestServer } from '../helpers/test-server.ts';

// One server with small, GoTrue-shaped limits and a clock the tests move by hand, so a bucket
// never refills by itself mid-test. Each test uses its own loopback addresses as client IPs.
let clock = Date.now();
const burst = 10;
const tokenPer5Min = 150; // refills 1 every 2 s
const signupPer5Min = 30; // refills 1 every 10 s
const reuseIntervalSeconds = 10;

let tight: EmbeddedServer;
let roomy: EmbeddedServer;

beforeAll(async () => {
  [tight, roomy] = await Promise.all([
    startTestServer({
      auth: {
        passwordMinLength: 8,
        tokenRateLimit: tokenPer5Min,
        signupRateLimit: signupPer5Min,
        rateLimitBurst: burst,
        rateLimitHeader: null,
        refreshTokenReuseInterval: reuseIntervalSeconds,
        passwordHashConcurrency: 2,
        now: () => clock,
      },
    }),
    startTestServer(),
  ]);
});
afterAll(async () => {
  await Promise.all([tight?.close(), roomy?.close()]);
});

let accounts = 0;
const password = 'correct horse battery';

/** A fresh account signed up from `ip` (one sign-up from that IP's budget). */
async function signUp(server: EmbeddedServer, ip: string) {
  accounts += 1;
  const email = `hardening${accounts}-${Date.now()}@example.com`;
  const { data, error } = await supabaseClientFrom(server, ip).auth.signUp({ email, password });
  if (error || !data.session) throw new Error(`sign-up failed: ${error?.message}`);
  return { email, session: data.session };
}

async function post(
  server: EmbeddedServer,
  ip: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return fetchFromAddress(ip)(`${server.url}/auth/v1${path}`, {
    method: 'POST',
    headers: {
      apikey: server.keys.publishableKey,
      'content-type': 'application/json',
      'x-supabase-api-version': '2024-01-01',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const passwordGrant = (
  server: EmbeddedServer,
  ip: string,
  email: string,
  pw: string,
  headers?: Record<string, string>,
) =>
  post(server, ip, '/token?grant_type=password', { email, password: pw, gotrue_meta_security: {} }, headers);

const refreshGrant = (server: EmbeddedServer, ip: string, refreshToken: string) =>
  post(server, ip, '/token?grant_type=refresh_token', { refresh_token: refreshToken });

async function expectRateLimited(response: Response, retryAfterSeconds?: number) {
  expect(response.status).toBe(429);
  expect(await response.json()).toMatchObject({
    code: 'over_request_rate_limit',
    message: 'Request rate limit reached',
  });
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  if (retryAfterSeconds !== undefined) expect(retryAfter).toBe(retryAfterSeconds);
}

describe('sign-in rate limit: per IP on /token, as GoTrue (no account lockout)', () => {
  it('counts each attempt before checking it: of 60 concurrent guesses only the burst are checked', async () => {
    const { email } = await signUp(tight, freshLoopbackAddress());
    const attacker = freshLoopbackAddress();
    const guesses = Array.from({ length: 60 }, (_, index) =>
      index === 45 ? password : `wrong guess ${index}`,
    );
    const responses = await Promise.all(guesses.map((guess) => passwordGrant(tight, attacker, email, guess)));
    const checked = responses.filter((response) => response.status === 400 || response.status === 200);
    const limited = responses.filter((response) => response.status === 429);
    expect(checked.length).toBeLessThanOrEqual(burst);
    expect(limited.length).toBe(60 - checked.length);
    for (const response of limited) await expectRateLimited(response);
  });

  it("lets the owner sign in from their own address after an attacker's failures", async () => {
    const { email } = await signUp(tight, freshLoopbackAddress());
    const attacker = freshLoopbackAddress();
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const response = await passwordGrant(tight, attacker, email, `wrong guess ${attempt}`);
      expect(response.status).toBe(attempt < burst ? 400 : 429);
    }
    const owner = await passwordGrant(tight, freshLoopbackAddress(), email, password);
    expect(owner.status).toBe(200);
    expect(await owner.json()).toMatchObject({ user: { email } });
  });

  it('failures on random emails from one address do not block another address', async () => {
    const { email } = await signUp(tight, freshLoopbackAddress());
    const noisy = freshLoopbackAddress();
    for (let attempt = 0; attempt <= burst; attempt += 1) {
      await passwordGrant(tight, noisy, `random${attempt}-${Date.now()}@example.com`, 'whatever123');
    }
    await expectRateLimited(await passwordGrant(tight, noisy, email, password));
    expect((await passwordGrant(tight, freshLoopbackAddress(), email, password)).status).toBe(200);
  });

  it('counts every /token request, successful or not, and answers 429 over_request_rate_limit with Retry-After', async () => {
    const { email, session } = await signUp(tight, freshLoopbackAddress());
    const ip = freshLoopbackAddress();
    for (let attempt = 0; attempt < burst - 1; attempt += 1) {
      expect((await passwordGrant(tight, ip, email, password)).status).toBe(200);
    }
    expect((await refreshGrant(tight, ip, session.refresh_token)).status).toBe(200);
    // The bucket is empty; it refills at 150 per 5 minutes, one request every 2 seconds.
    const limited = await passwordGrant(tight, ip, email, password);
    await expectRateLimited(limited, 2);
    expect(limited.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    clock += 2_000;
    expect((await passwordGrant(tight, ip, email, password)).status).toBe(200);
    await expectRateLimited(await passwordGrant(tight, ip, email, password));
  });

  it('ignores X-Forwarded-For: without a configured proxy header the socket address is the client', async () => {
    const { email } = await signUp(tight, freshLoopbackAddress());
    const ip = freshLoopbackAddress();
    for (let attempt = 0; attempt < burst; attempt += 1) {
      await passwordGrant(tight, ip, email, 'wrong password', { 'x-forwarded-for': `203.0.113.${attempt}` });
    }
    await expectRateLimited(
      await passwordGrant(tight, ip, email, password, { 'x-forwarded-for': '198.51.100.7' }),
    );
  });
});

describe('sign-up rate limit and password hashing', () => {
  it('accepts only the burst of 40 concurrent sign-ups from one address; the rest get 429 with Retry-After', async () => {
    const ip = freshLoopbackAddress();
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        post(tight, ip, '/signup', { email: `flood${index}-${Date.now()}@example.com`, password, data: {} }),
      ),
    );
    const accepted = responses.filter((response) => response.status === 200);
    const limited = responses.filter((response) => response.status === 429);
    expect(accepted.length).toBe(burst);
    expect(limited.length).toBe(40 - burst);
    // 30 sign-ups per 5 minutes: the next one is possible in 10 seconds.
    for (const response of limited) await expectRateLimited(response, 10);
  });

  it('queues password hashing fairly, so a burst of sign-ups does not starve a sign-in from elsewhere', async () => {
    const { email } = await signUp(roomy, freshLoopbackAddress());
    const flooder = freshLoopbackAddress();
    let signUpsDone = 0;
    const signUps = Array.from({ length: 40 }, (_, index) =>
      post(roomy, flooder, '/signup', { email: `queue${index}-${Date.now()}@example.com`, password }).then(
        (response) => {
          signUpsDone += 1;
          return response.status;
        },
      ),
    );
    // Once one sign-up has finished, the other 39 are surely queued for hashing.
    await Promise.race(signUps);
    const signIn = await passwordGrant(roomy, freshLoopbackAddress(), email, password);
    const doneBeforeSignIn = signUpsDone;
    expect(signIn.status).toBe(200);
    expect(await Promise.all(signUps)).toEqual(Array.from({ length: 40 }, () => 200));
    // Hashes run a few at a time, taking turns between client addresses: the sign-in waits for a
    // handful of sign-ups, not for all 40.
    expect(doneBeforeSignIn).toBeLessThan(20);
  });
});

describe('input that must never reach SQL or the log', () => {
  it('refuses a NUL byte in a sign-up email with 400, and logs no password or hash', async () => {
    const secret = 'nul byte secret password';
    const response = await post(tight, freshLoopbackAddress(), '/signup', {
      email: 'victim\u0000@example.com',
      password: secret,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    });
    const logged = vi
      .mocked(console.error)
      .mock.calls.map((args) => args.map((arg) => inspect(arg, { depth: 10 })).join(' '))
      .join('\n');
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain('scrypt$');
  });

  it('refuses control characters in user metadata and in a sign-in email without an SQL error', async () => {
    const ip = freshLoopbackAddress();
    const metadata = await post(tight, ip, '/signup', {
      email: `meta-${Date.now()}@example.com`,
      password,
      data: { nested: { name: 'Ada\u0000Lovelace' } },
    });
    expect(metadata.status).toBe(400);
    expect(await metadata.json()).toMatchObject({ code: 'validation_failed' });
    const signIn = await passwordGrant(tight, ip, 'someone\u0000@example.com', password);
    expect(signIn.status).toBe(400);
    expect(await signIn.json()).toMatchObject({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
  });

  it('answers deeply nested JSON with 400 bad_json', async () => {
    const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
    const deepArray = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    for (const [path, body] of [
      // 100,000 levels (within GoTrue's 1 MB body limit) and 2,500 (which overflowed the stack when stored).
      ['/signup', `{"email":"deep@example.com","password":"long enough pw","data":${deep(100_000)}}`],
      ['/signup', `{"email":"deep@example.com","password":"long enough pw","data":${deep(2_500)}}`],
      ['/token?grant_type=password', `{"email":"deep@example.com","password":${deepArray}}`],
    ] as const) {
      const response = await post(tight, freshLoopbackAddress(), path, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'bad_json' });
    }
  });

  it("validates emails with GoTrue's format rule", async () => {
    const ip = freshLoopbackAddress();
    for (const email of [
      'not-an-email',
      'two@@example.com',
      'spaces in@example.com',
      'trailing-dot@example.com.',
    ]) {
      const response = await post(tight, ip, '/signup', { email, password });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        code: 'validation_failed',
        message: 'Unable to validate email address: invalid format',
      });
    }
  });
});

describe('refresh token reuse (GoTrue SECURITY_REFRESH_TOKEN_REUSE_INTERVAL)', () => {
  async function userStatus(server: EmbeddedServer, accessToken: string): Promise<number> {
    const response = await fetch(`${server.url}/auth/v1/user`, {
      headers: { apikey: server.keys.publishableKey, authorization: `Bearer ${accessToken}` },
    });
    return response.status;
  }

  it('two concurrent refreshes with one token both succeed and the session survives', async () => {
    const ip = freshLoopbackAddress();
    const { session } = await signUp(tight, ip);
    const [first, second] = await Promise.all([
      refreshGrant(tight, ip, session.refresh_token),
      refreshGrant(tight, ip, session.refresh_token),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const sessions = [
      (await first.json()) as { access_token: string; refresh_token: string },
      (await second.json()) as { access_token: string; refresh_token: string },
    ];
    for (const refreshed of sessions) expect(await userStatus(tight, refreshed.access_token)).toBe(200);
    expect((await refreshGrant(tight, ip, sessions[1]?.refresh_token ?? '')).status).toBe(200);
  });

  it("within the interval, an older token gets the session's current refresh token", async () => {
    const ip = freshLoopbackAddress();
    const { session } = await signUp(tight, ip);
    const b = (await (await refreshGrant(tight, ip, session.refresh_token)).json()) as {
      refresh_token: string;
    };
    const c = (await (await refreshGrant(tight, ip, b.refresh_token)).json()) as { refresh_token: string };
    const again = await refreshGrant(tight, ip, session.refresh_token);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { refresh_token: string }).refresh_token).toBe(c.refresh_token);
  });

  it('after the interval, the previous token still gets its unused successor (a client that failed to save it)', async () => {
    const ip = freshLoopbackAddress();
    const { session } = await signUp(tight, ip);
    const b = (await (await refreshGrant(tight, ip, session.refresh_token)).json()) as {
      refresh_token: string;
    };
    clock += (reuseIntervalSeconds + 1) * 1000;
    const again = await refreshGrant(tight, ip, session.refresh_token);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { refresh_token: string }).refresh_token).toBe(b.refresh_token);
  });

  it('after the interval, reusing an older token ends the session', async () => {
    const ip = freshLoopbackAddress();
    const { session } = await signUp(tight, ip);
    const b = (await (await refreshGrant(tight, ip, session.refresh_token)).json()) as {
      refresh_token: string;
    };
    const c = (await (await refreshGrant(tight, ip, b.refresh_token)).json()) as {
      refresh_token: string;
      access_token: string;
    };
    clock += (reuseIntervalSeconds + 1) * 1000;
    const replay = await refreshGrant(tight, ip, session.refresh_token);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });
    const successor = await refreshGrant(tight, ip, c.refresh_token);
    expect(await successor.json()).toMatchObject({ code: 'refresh_token_not_found' });
    expect(await userStatus(tight, c.access_token)).toBe(403);
  });
});

describe('grant types and empty credentials, as GoTrue answers them', () => {
  it('answers an unknown or missing grant_type with 400 invalid_credentials "unsupported_grant_type"', async () => {
    const ip = freshLoopbackAddress();
    for (const query of ['?grant_type=client_credentials', '']) {
      const response = await post(tight, ip, `/token${query}`, { email: 'a@example.com', password });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        code: 'invalid_credentials',
        message: 'unsupported_grant_type',
      });
    }
  });

  it('answers empty and half-empty password grants', async () => {
    const ip = freshLoopbackAddress();
    const { email } = await signUp(tight, ip);
    const cases: Array<[Record<string, string>, number, string, string]> = [
      [{ email: '', password: '' }, 400, 'validation_failed', 'missing email or phone'],
      [{ email, password: '' }, 400, 'invalid_credentials', 'Invalid login credentials'],
      [{ phone: '+15555550100', password }, 422, 'phone_provider_disabled', 'Phone logins are disabled'],
      [
        { email, phone: '+15555550100', password },
        400,
        'validation_failed',
        'Only an email address or phone number should be provided on login.',
      ],
    ];
    for (const [body, status, code, message] of cases) {
      const response = await post(tight, ip, '/token?grant_type=password', body);
      expect(response.status).toBe(status);
      expect(await response.json()).toMatchObject({ code, message });
    }
  });
});
