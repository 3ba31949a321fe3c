import { AuthApiError, AuthSessionMissingError, AuthWeakPasswordError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { signedInClient, startTestServer, supabaseClient, testAuthOptions } from '../helpers/test-server.ts';

let server: EmbeddedServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('sign-up', () => {
  it('creates a confirmed user and signs them in at once', async () => {
    const client = supabaseClient(server);
    const { data, error } = await client.auth.signUp({
      email: '  New.Person@Example.com ',
      password: 'long enough pw',
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe('new.person@example.com');
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.session?.access_token).toMatch(/^ey/);
    expect(data.session?.expires_in).toBe(3600);
    const { data: current } = await client.auth.getUser();
    expect(current.user?.id).toBe(data.user?.id);
  });

  it('refuses a second account for the same email', async () => {
    const { email } = await signedInClient(server);
    const { data, error } = await supabaseClient(server).auth.signUp({
      email: email.toUpperCase(),
      password: 'another password',
    });
    expect(data.session).toBeNull();
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'user_already_exists',
      message: 'User already registered',
    });
  });

  it('refuses a password shorter than 8 characters as a weak password', async () => {
    const { error } = await supabaseClient(server).auth.signUp({
      email: 'short@example.com',
      password: 'seven77',
    });
    expect(error).toBeInstanceOf(AuthWeakPasswordError);
    expect(error).toMatchObject({
      status: 422,
      code: 'weak_password',
      message: 'Password should be at least 8 characters.',
    });
  });

  it('explains empty fields and malformed emails as GoTrue does', async () => {
    const client = supabaseClient(server);
    expect((await client.auth.signUp({ email: 'someone@example.com', password: '' })).error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Signup requires a valid password',
    });
    // GoTrue takes a sign-up without email or phone for an anonymous sign-in, which is off.
    expect((await client.auth.signUp({ email: '', password: 'long enough pw' })).error).toMatchObject({
      status: 422,
      code: 'anonymous_provider_disabled',
      message: 'Anonymous sign-ins are disabled',
    });
    expect(
      (await client.auth.signUp({ email: 'not-an-email', password: 'long enough pw' })).error,
    ).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    });
  });
});

describe('sign-in', () => {
  it('signs in with the right password', async () => {
    const { email, password, user } = await signedInClient(server);
    const client = supabaseClient(server);
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
    expect(data.session?.refresh_token).toBeTruthy();
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const { email } = await signedInClient(server);
    const client = supabaseClient(server);
    const wrong = await client.auth.signInWithPassword({ email, password: 'not the password' });
    const unknown = await client.auth.signInWithPassword({
      email: 'nobody@example.com',
      password: 'whatever123',
    });
    for (const { error } of [wrong, unknown]) {
      expect(error).toMatchObject({
        status: 400,
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      });
    }
  });

  it('never locks an account: the right password works after many wrong ones', async () => {
    const { email, password } = await signedInClient(server);
    const client = supabaseClient(server);
    for (let attempt = 0; attempt < 12; attempt += 1) {
      expect(
        (await client.auth.signInWithPassword({ email, password: 'wrong password' })).error?.status,
      ).toBe(400);
    }
    // Guessing is slowed by per-IP limits on /token instead (auth-hardening.test.ts), as in GoTrue.
    expect((await client.auth.signInWithPassword({ email, password })).error).toBeNull();
  });
});

describe('refresh tokens', () => {
  it('rotates on every refresh and, outside the reuse interval, treats reuse of an older token as theft', async () => {
    // Interval 0: no grace for concurrent refreshes, so the replay below is reuse at once.
    const strict = await startTestServer({ auth: { ...testAuthOptions, refreshTokenReuseInterval: 0 } });
    try {
      const { client, session } = await signedInClient(strict);
      const first = await client.auth.refreshSession();
      expect(first.error).toBeNull();
      const rotated = first.data.session?.refresh_token;
      expect(rotated).toBeTruthy();
      expect(rotated).not.toBe(session.refresh_token);
      const second = await client.auth.refreshSession();
      const latest = second.data.session?.refresh_token;
      expect(latest).not.toBe(rotated);

      // The first token is two generations old (GoTrue gives only the direct predecessor of the
      // current token its successor again, for clients that failed to store it).
      const replay = await supabaseClient(strict).auth.refreshSession({
        refresh_token: session.refresh_token,
      });
      expect(replay.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
      // Reuse is treated as theft: the legitimate successor dies with the session.
      const successor = await supabaseClient(strict).auth.refreshSession({ refresh_token: latest as string });
      expect(successor.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    } finally {
      await strict.close();
    }
  });

  it('refuses an unknown refresh token', async () => {
    const { error } = await supabaseClient(server).auth.refreshSession({ refresh_token: 'made-up-token' });
    expect(error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });
});

describe('sign-out', () => {
  it('revokes the session: its refresh token and access token stop working for auth', async () => {
    const { client, session } = await signedInClient(server);
    expect((await client.auth.signOut()).error).toBeNull();
    const refresh = await supabaseClient(server).auth.refreshSession({
      refresh_token: session.refresh_token,
    });
    expect(refresh.error).toMatchObject({ code: 'refresh_token_not_found' });
    const user = await supabaseClient(server).auth.getUser(session.access_token);
    expect(user.error).toBeInstanceOf(AuthSessionMissingError);
    const raw = await fetch(`${server.url}/auth/v1/user`, {
      headers: { apikey: server.keys.publishableKey, authorization: `Bearer ${session.access_token}` },
    });
    expect(raw.status).toBe(403);
    expect(await raw.json()).toMatchObject({ code: 'session_not_found' });
  });

  it('local scope ends only this device', async () => {
    const { email, password } = await signedInClient(server);
    const laptop = supabaseClient(server);
    const phone = supabaseClient(server);
    await laptop.auth.signInWithPassword({ email, password });
    const phoneSession = (await phone.auth.signInWithPassword({ email, password })).data.session;
    await laptop.auth.signOut({ scope: 'local' });
    const stillIn = await supabaseClient(server).auth.getUser(phoneSession?.access_token);
    expect(stillIn.error).toBeNull();
  });
});

describe('access tokens', () => {
  it('carries the claims supabase-js and RLS rely on, signed ES256 and verified through the JWKS', async () => {
    const { client, user } = await signedInClient(server);
    // With an asymmetric key and a kid, getClaims() fetches /auth/v1/.well-known/jwks.json and verifies locally.
    const { data, error } = await client.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.claims).toMatchObject({
      sub: user.id,
      role: 'authenticated',
      aud: 'authenticated',
      aal: 'aal1',
    });
    expect(data?.header).toMatchObject({ alg: 'ES256', kid: server.keys.signing.kid });
  });

  it('rejects malformed and forged tokens on /user', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({ sub: crypto.randomUUID(), role: 'authenticated', exp: 9999999999 }),
    ).toString('base64url');
    for (const token of ['not-a-jwt', `${header}.${payload}.`]) {
      const { error } = await supabaseClient(server).auth.getUser(token);
      expect(error).toMatchObject({ status: 403, code: 'bad_jwt' });
    }
  });

  it('requires the project API key', async () => {
    const missing = await fetch(`${server.url}/auth/v1/settings`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ message: 'No API key found in request' });
    const wrong = await fetch(`${server.url}/auth/v1/settings`, { headers: { apikey: 'nope' } });
    expect(wrong.status).toBe(401);
  });

  it('answers a body that is not JSON with a clear error', async () => {
    const response = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: server.keys.publishableKey, 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'bad_json' });
  });
});
