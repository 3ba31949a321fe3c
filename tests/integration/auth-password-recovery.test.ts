import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { latestEmailTo, readOutbox } from '../helpers/outbox.ts';
import { startTestServer, supabaseClient, testAuthOptions } from '../helpers/test-server.ts';

const appUrl = 'http://app.example.com/reset-password';
const oldPassword = 'the old passphrase';
const newPassword = 'a brand new passphrase';

let server: EmbeddedServer;
let silent: EmbeddedServer;
let outboxDir: string;
let silentOutbox: string;
let counter = 0;

beforeAll(async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'recover-test-'));
  outboxDir = path.join(root, 'outbox');
  silentOutbox = path.join(root, 'never');
  server = await startTestServer({
    auth: {
      ...testAuthOptions,
      emailConfirmation: { outboxDir },
      uriAllowList: ['http://app.example.com/**'],
      log: () => {},
    },
  });
  // The default: no email is sent at all.
  silent = await startTestServer();
});
afterAll(async () => {
  await server.close();
  await silent.close();
  await rm(path.dirname(outboxDir), { recursive: true, force: true });
});

/** A browser-like supabase-js client: PKCE, with its own storage. */
function browserClient(target: EmbeddedServer) {
  const store = new Map<string, string>();
  return createClient(target.url, target.keys.publishableKey, {
    auth: {
      flowType: 'pkce',
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: {
        getItem: (key) => store.get(key) ?? null,
        setItem: (key, value) => void store.set(key, value),
        removeItem: (key) => void store.delete(key),
      },
    },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

/** A confirmed account: signed up, its confirmation link followed. */
async function confirmedAccount(): Promise<string> {
  const email = `recover${(counter += 1)}-${Date.now()}@example.com`;
  const { error } = await supabaseClient(server).auth.signUp({ email, password: oldPassword });
  if (error) throw error;
  await fetch((await latestEmailTo(outboxDir, email)).link, { redirect: 'manual' });
  return email;
}

const signIn = (target: EmbeddedServer, email: string, password: string) =>
  supabaseClient(target).auth.signInWithPassword({ email, password });

describe('POST /auth/v1/recover with email sending on', () => {
  it('emails a reset link that brings the browser back signed in (PKCE), where the password is changed', async () => {
    const email = await confirmedAccount();
    const client = browserClient(server);
    const { data, error } = await client.auth.resetPasswordForEmail(email, { redirectTo: appUrl });
    expect(error).toBeNull();
    expect(data).toEqual({});

    const mail = await latestEmailTo(outboxDir, email);
    expect(mail.subject).toBe('Reset your password');
    const link = new URL(mail.link);
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('redirect_to')).toBe(appUrl);

    const response = await fetch(mail.link, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const landing = new URL(response.headers.get('location') ?? 'invalid:');
    expect(`${landing.origin}${landing.pathname}`).toBe(appUrl);
    const code = landing.searchParams.get('code') ?? '';

    const events: string[] = [];
    client.auth.onAuthStateChange((event) => events.push(event));
    const exchanged = await client.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(email);
    // supabase-js tells the app this session is for choosing a new password.
    expect(events).toContain('PASSWORD_RECOVERY');

    const updated = await client.auth.updateUser({ password: newPassword });
    expect(updated.error).toBeNull();
    expect((await signIn(server, email, oldPassword)).error?.message).toBe('Invalid login credentials');
    expect((await signIn(server, email, newPassword)).error).toBeNull();

    // The link works once.
    const again = await fetch(mail.link, { redirect: 'manual' });
    expect(new URL(again.headers.get('location') ?? 'invalid:').hash).toContain('error_code=otp_expired');
  });

  it('answers {} for an address without an account, and sends nothing', async () => {
    const before = (await readOutbox(outboxDir)).length;
    const { data, error } = await browserClient(server).auth.resetPasswordForEmail('nobody@example.com');
    expect(error).toBeNull();
    expect(data).toEqual({});
    expect(await readOutbox(outboxDir)).toHaveLength(before);
  });

  it('sends at most one reset email a minute per user (429), and needs an email', async () => {
    const email = await confirmedAccount();
    expect((await browserClient(server).auth.resetPasswordForEmail(email)).error).toBeNull();
    const second = await browserClient(server).auth.resetPasswordForEmail(email);
    expect(second.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect((await readOutbox(outboxDir)).filter((mail) => mail.to === email)).toHaveLength(2); // confirm + reset

    const empty = await browserClient(server).auth.resetPasswordForEmail('');
    expect(empty.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Password recovery requires an email',
    });
  });

  it('signs an implicit-flow reset in through the fragment, marked as a recovery', async () => {
    const email = await confirmedAccount();
    const implicit = supabaseClient(server);
    expect((await implicit.auth.resetPasswordForEmail(email, { redirectTo: appUrl })).error).toBeNull();
    const response = await fetch((await latestEmailTo(outboxDir, email)).link, { redirect: 'manual' });
    const fragment = new URLSearchParams(
      new URL(response.headers.get('location') ?? 'invalid:').hash.slice(1),
    );
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('access_token')).toMatch(/^ey/);
  });
});

describe('PUT /auth/v1/user with a password (GoTrue secure password change)', () => {
  const putUser = (token: string, body: unknown) =>
    fetch(`${server.url}/auth/v1/user`, {
      method: 'PUT',
      headers: {
        apikey: server.keys.publishableKey,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
  const sessionIdOf = (token: string) =>
    (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { session_id: string })
      .session_id;
  /** Moves a session's sign-in back by `hours`, as if it had been kept that long. */
  const age = (token: string, hours: number) =>
    server.db.query(
      `update auth.sessions set created_at = now() - make_interval(hours => $2) where id = $1`,
      [sessionIdOf(token), hours],
    );

  it('changes the password from a sign-in of the last 24 hours, not from an older session', async () => {
    const email = await confirmedAccount();
    const old = (await signIn(server, email, oldPassword)).data.session!;
    await age(old.access_token, 25);

    const refused = await putUser(old.access_token, { password: newPassword });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      code: 'reauthentication_needed',
      msg: 'Password update requires reauthentication',
    });
    // A refreshed token belongs to the same sign-in: still too old.
    const refreshed = await supabaseClient(server).auth.refreshSession({ refresh_token: old.refresh_token });
    expect((await putUser(refreshed.data.session!.access_token, { password: newPassword })).status).toBe(400);
    // The embedded server sends no reauthentication codes, so no nonce is ever valid.
    const withNonce = await putUser(old.access_token, { password: newPassword, nonce: '123456' });
    expect(withNonce.status).toBe(422);
    expect(await withNonce.json()).toMatchObject({ code: 'reauthentication_not_valid' });
    // Other changes need no recent sign-in.
    expect((await putUser(old.access_token, { data: { theme: 'dark' } })).status).toBe(200);
    expect((await signIn(server, email, oldPassword)).error).toBeNull();

    const fresh = (await signIn(server, email, oldPassword)).data.session!;
    await age(fresh.access_token, 23);
    expect((await putUser(fresh.access_token, { password: newPassword })).status).toBe(200);
    expect((await signIn(server, email, newPassword)).error).toBeNull();
  });

  it('refuses the current password as the new one (422 same_password)', async () => {
    const email = await confirmedAccount();
    const session = (await signIn(server, email, oldPassword)).data.session!;
    const same = await putUser(session.access_token, { password: oldPassword });
    expect(same.status).toBe(422);
    expect(await same.json()).toMatchObject({
      code: 'same_password',
      msg: 'New password should be different from the old password.',
    });
  });
});

describe('where email links may lead (redirect_to against the site URL and the allow list)', () => {
  const foreignLoopback = () => [
    `http://127.0.0.1:${server.port === 65535 ? 1 : server.port + 1}/steal`,
    'http://localhost:9/steal',
    'http://[::1]:8/steal',
    'http://127.0.0.2/steal',
  ];
  const redirectOf = (link: string) => new URL(link).searchParams.get('redirect_to');

  it('puts only an allowed redirect into a recovery link: another loopback port gets the site URL', async () => {
    for (const foreign of foreignLoopback()) {
      const email = await confirmedAccount();
      expect(
        (await browserClient(server).auth.resetPasswordForEmail(email, { redirectTo: foreign })).error,
      ).toBeNull();
      expect(redirectOf((await latestEmailTo(outboxDir, email)).link)).toBe(`${server.url}/`);
    }
    // The site itself, on its own port, is allowed.
    const email = await confirmedAccount();
    await browserClient(server).auth.resetPasswordForEmail(email, {
      redirectTo: `${server.url}/reset-password`,
    });
    expect(redirectOf((await latestEmailTo(outboxDir, email)).link)).toBe(`${server.url}/reset-password`);
  });

  it('puts only an allowed redirect into a sign-up confirmation link', async () => {
    for (const foreign of foreignLoopback()) {
      const email = `redirect${(counter += 1)}-${Date.now()}@example.com`;
      const { error } = await supabaseClient(server).auth.signUp({
        email,
        password: oldPassword,
        options: { emailRedirectTo: foreign },
      });
      expect(error).toBeNull();
      expect(redirectOf((await latestEmailTo(outboxDir, email)).link)).toBe(`${server.url}/`);
    }
  });

  it('checks redirect_to again when the link is followed, so an edited link leads to the site', async () => {
    const email = await confirmedAccount();
    await browserClient(server).auth.resetPasswordForEmail(email, { redirectTo: appUrl });
    const link = new URL((await latestEmailTo(outboxDir, email)).link);
    link.searchParams.set('redirect_to', foreignLoopback()[0] ?? '');
    const response = await fetch(link, { redirect: 'manual' });
    expect(response.headers.get('location')).toMatch(new RegExp(`^${server.url}/[?#]`));
  });

  it('has no magic-link route that could take a redirect (not supported: 404)', async () => {
    const response = await fetch(
      `${server.url}/auth/v1/otp?redirect_to=${encodeURIComponent(foreignLoopback()[0] ?? '')}`,
      {
        method: 'POST',
        headers: { apikey: server.keys.publishableKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'someone@example.com', create_user: true }),
      },
    );
    expect(response.status).toBe(404);
  });
});

describe('POST /auth/v1/recover without email sending (the default)', () => {
  it('answers {} as GoTrue does without a mail server, writes nothing, and /settings says mails are not sent', async () => {
    const email = `silent-${Date.now()}@example.com`;
    expect((await supabaseClient(silent).auth.signUp({ email, password: oldPassword })).error).toBeNull();
    const { data, error } = await browserClient(silent).auth.resetPasswordForEmail(email);
    expect(error).toBeNull();
    expect(data).toEqual({});
    expect(await readOutbox(silentOutbox)).toEqual([]);
    const settings = await fetch(`${silent.url}/auth/v1/settings`, {
      headers: { apikey: silent.keys.publishableKey },
    });
    expect(await settings.json()).toMatchObject({ mailer_autoconfirm: true });
  });
});
