import { AuthApiError, AuthSessionMissingError, AuthWeakPasswordError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { signedInClient, startTestServer, supabaseClient } from '../helpers/test-server.ts';

let server: EmbeddedServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('sign-up', () => {
  it('creates a confirmed user and signs them in at once', async () => {
    const client = supabaseClient(server);
    const { data, error } = await client.auth.signUp({ email: '  New.Person@Example.com ', password: 'long enough pw' });
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
    const { data, error } = await supabaseClient(server).auth.signUp({ email: email.toUpperCase(), password: 'another password' });
    expect(data.session).toBeNull();
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' });
  });

  it('refuses a password shorter than 8 characters as a weak password', async () => {
    const { error } = await supabaseClient(server).auth.signUp({ email: 'short@example.com', password: 'seven77' });
    expect(error).toBeInstanceOf(AuthWeakPasswordError);
    expect(error).toMatchObject({ status: 422, code: 'weak_password', message: 'Password should be at least 8 characters.' });
  });

  it('explains empty fields and malformed emails', async () => {
    const client = supabaseClient(server);
    expect((await client.auth.signUp({ email: 'someone@example.com', password: '' })).error).toMatchObject({
      status: 422,
      message: 'Signup requires a valid password',
    });
    expect((await client.auth.signUp({ email: '', password: 'long enough pw' })).error).toMatchObject({
      status: 400,
      message: 'An email address is required',
    });
    expect((await client.auth.signUp({ email: 'not-an-email', password: 'long enough pw' })).error).toMatchObject({
      status: 400,
      code: 'email_address_invalid',
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
    const unknown = await client.auth.signInWithPassword({ email: 'nobody@example.com', password: 'whatever123' });
    for (const { error } of [wrong, unknown]) {
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
  });

  it('rate-limits failed attempts per email, then per IP address', async () => {
    const limited = await startTestServer({
      auth: { passwordMinLength: 8, maxFailedSignInsPerEmail: 3, maxFailedSignInsPerIp: 5, signInWindowMs: 60_000 },
    });
    try {
      const { email, password } = await signedInClient(limited);
      const client = supabaseClient(limited);
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await client.auth.signInWithPassword({ email, password: 'wrong password' })).error?.status).toBe(400);
      }
      // Even the right password is refused while the email is locked.
      const locked = await client.auth.signInWithPassword({ email, password });
      expect(locked.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
      // Other accounts from the same address still work until the per-IP limit is reached.
      const other = await signedInClient(limited);
      expect((await client.auth.signInWithPassword({ email: other.email, password: other.password })).error).toBeNull();
      for (let attempt = 0; attempt < 2; attempt += 1) {
        await client.auth.signInWithPassword({ email: `stranger${attempt}@example.com`, password: 'wrong password' });
      }
      const blocked = await client.auth.signInWithPassword({ email: other.email, password: other.password });
      expect(blocked.error).toMatchObject({ status: 429 });
    } finally {
      await limited.close();
    }
  });
});

describe('refresh tokens', () => {
  it('rotates on every refresh and refuses a reused token, ending the session', async () => {
    const { client, session } = await signedInClient(server);
    const first = await client.auth.refreshSession();
    expect(first.error).toBeNull();
    const rotated = first.data.session?.refresh_token;
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(session.refresh_token);

    const replay = await supabaseClient(server).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(replay.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    // Reuse is treated as theft: the legitimate successor dies with the session.
    const successor = await supabaseClient(server).auth.refreshSession({ refresh_token: rotated as string });
    expect(successor.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
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
    const refresh = await supabaseClient(server).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error).toMatchObject({ code: 'refresh_token_not_found' });
    const user = await supabaseClient(server).auth.getUser(session.access_token);
    expect(user.error).toBeInstanceOf(AuthSessionMissingError);
    const raw = await fetch(`${server.url}/auth/v1/user`, {
      headers: { apikey: server.keys.anonKey, authorization: `Bearer ${session.access_token}` },
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
  it('carries the claims supabase-js and RLS rely on', async () => {
    const { client, user } = await signedInClient(server);
    const { data, error } = await client.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.claims).toMatchObject({ sub: user.id, role: 'authenticated', aud: 'authenticated', aal: 'aal1' });
    expect(data?.header.alg).toBe('HS256');
  });

  it('rejects malformed and forged tokens on /user', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: crypto.randomUUID(), role: 'authenticated', exp: 9999999999 })).toString('base64url');
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
      headers: { apikey: server.keys.anonKey, 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'bad_json' });
  });
});
