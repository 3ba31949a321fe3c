import { stat, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AuthApiError, createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { latestEmailTo, readOutbox } from '../helpers/outbox.ts';
import {
  copyTemplateDataDir,
  startTestServer,
  supabaseClient,
  testAuthOptions,
} from '../helpers/test-server.ts';

const appUrl = 'http://app.example.com/welcome';
const password = 'a sturdy passphrase';
/** supabase-js keeps the PKCE verifier of the newest flow under this key (JSON-encoded). */
const verifierKey = 'sb-127-auth-token-code-verifier';

let server: EmbeddedServer;
let outboxDir: string;
/** Only ever moves forward: the rate limiters run on the same clock. */
let clockOffsetMs = 0;
const logLines: string[] = [];
let counter = 0;

beforeAll(async () => {
  outboxDir = path.join(await mkdtemp(path.join(tmpdir(), 'outbox-test-')), 'outbox');
  server = await startTestServer({
    auth: {
      ...testAuthOptions,
      emailConfirmation: { outboxDir },
      uriAllowList: ['http://app.example.com/**'],
      now: () => Date.now() + clockOffsetMs,
      log: (line) => logLines.push(line),
    },
  });
});
afterAll(async () => {
  await server.close();
  await rm(path.dirname(outboxDir), { recursive: true, force: true });
});

/** A browser-like supabase-js client: PKCE, with a storage the test can read and change. */
function pkceClient(flowType: 'pkce' | 'implicit' = 'pkce') {
  const store = new Map<string, string>();
  const client = createClient(server.url, server.keys.publishableKey, {
    auth: {
      flowType,
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
  return { client, store };
}

const newEmail = () => `confirm${(counter += 1)}-${Date.now()}@example.com`;

/** Signs up through supabase-js with PKCE and returns what the app would hold. */
async function pendingSignUp(redirectTo = appUrl) {
  const email = newEmail();
  const { client, store } = pkceClient();
  const { data, error } = await client.auth.signUp({
    email,
    password,
    options: { emailRedirectTo: redirectTo },
  });
  if (error) throw error;
  const verifier = JSON.parse(store.get(verifierKey) ?? 'null') as string | null;
  if (!verifier) throw new Error('supabase-js kept no code verifier');
  return { email, client, store, verifier, data };
}

/** Opens a link as a browser would, without following the redirect. */
async function follow(link: string): Promise<{ status: number; location: URL }> {
  const response = await fetch(link, { redirect: 'manual' });
  return { status: response.status, location: new URL(response.headers.get('location') ?? 'invalid:') };
}

async function codeFromLink(email: string): Promise<string> {
  const { location } = await follow((await latestEmailTo(outboxDir, email)).link);
  const code = location.searchParams.get('code');
  if (!code) throw new Error(`no code in ${location.href}`);
  return code;
}

function rawPkceExchange(authCode: string, codeVerifier: string) {
  return fetch(`${server.url}/auth/v1/token?grant_type=pkce`, {
    method: 'POST',
    headers: { apikey: server.keys.publishableKey, 'content-type': 'application/json' },
    body: JSON.stringify({ auth_code: authCode, code_verifier: codeVerifier }),
  });
}

describe('sign-up with email confirmation on', () => {
  it('answers with the bare user and no session, and says so in /settings', async () => {
    const { email, data } = await pendingSignUp();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.confirmation_sent_at).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeUndefined();
    const settings = (await (
      await fetch(`${server.url}/auth/v1/settings`, { headers: { apikey: server.keys.publishableKey } })
    ).json()) as { mailer_autoconfirm: boolean };
    expect(settings.mailer_autoconfirm).toBe(false);
  });

  it('writes the confirmation email to the outbox, private to the server user, and logs where', async () => {
    const { email } = await pendingSignUp();
    const sent = await latestEmailTo(outboxDir, email);
    expect(sent.subject).toBe('Confirm your email address');
    const link = new URL(sent.link);
    expect(`${link.origin}${link.pathname}`).toBe(`${server.url}/auth/v1/verify`);
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('token')).toMatch(/^pkce_[0-9a-f]{56}$/);
    expect(link.searchParams.get('redirect_to')).toBe(appUrl);
    expect((await stat(sent.file)).mode & 0o777).toBe(0o600);
    expect((await stat(outboxDir)).mode & 0o777).toBe(0o700);
    expect(logLines).toContain(`Confirmation email for ${email} written to ${sent.file}`);
  });

  it('refuses a password sign-in until the address is confirmed, as GoTrue does', async () => {
    const { email } = await pendingSignUp();
    const client = supabaseClient(server);
    const wrong = await client.auth.signInWithPassword({ email, password: 'not the password' });
    expect(wrong.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    expect(data.session).toBeNull();
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({ status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' });
  });

  it('confirms through the link, which carries an auth code back to the app; the code gives a session once', async () => {
    const { email, client, store, verifier } = await pendingSignUp();
    const { status, location } = await follow((await latestEmailTo(outboxDir, email)).link);
    expect(status).toBe(303);
    expect(`${location.origin}${location.pathname}`).toBe(appUrl);
    const code = location.searchParams.get('code') ?? '';
    expect(code).toMatch(/^[0-9a-f-]{36}$/);

    const signedIn: string[] = [];
    client.auth.onAuthStateChange((event) => signedIn.push(event));
    const { data, error } = await client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.access_token).toMatch(/^ey/);
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect((await client.auth.getUser()).data.user?.id).toBe(data.user?.id);
    expect(signedIn).toContain('SIGNED_IN');

    // supabase-js forgets the verifier after an exchange; put it back to present the code again.
    store.set(verifierKey, JSON.stringify(verifier));
    const again = await client.auth.exchangeCodeForSession(code);
    expect(again.error).toBeInstanceOf(AuthApiError);
    expect(again.error).toMatchObject({
      status: 404,
      code: 'flow_state_not_found',
      message: 'invalid flow state, no valid flow state found',
    });
    // The password works now that the address is confirmed.
    const password_ = await supabaseClient(server).auth.signInWithPassword({ email, password });
    expect(password_.error).toBeNull();
  });

  it('refuses a wrong code verifier and leaves the code usable with the right one', async () => {
    const { email, client, store, verifier } = await pendingSignUp();
    const code = await codeFromLink(email);
    store.set(verifierKey, JSON.stringify(`${verifier.slice(0, -4)}AAAA`));
    const wrong = await client.auth.exchangeCodeForSession(code);
    expect(wrong.error).toMatchObject({
      status: 400,
      code: 'bad_code_verifier',
      message: 'code challenge does not match previously saved code verifier',
    });
    store.set(verifierKey, JSON.stringify(verifier));
    const right = await client.auth.exchangeCodeForSession(code);
    expect(right.error).toBeNull();
    expect(right.data.user?.email).toBe(email);
  });

  it('refuses a code whose flow state has expired (300 s from the sign-up, as GoTrue counts it)', async () => {
    const { email, verifier } = await pendingSignUp();
    const code = await codeFromLink(email);
    clockOffsetMs += 301_000;
    const response = await rawPkceExchange(code, verifier);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      code: 'flow_state_expired',
      message: 'invalid flow state, flow state has expired',
    });
  });

  it('refuses empty and unknown codes as GoTrue does', async () => {
    const empty = await rawPkceExchange('', 'x');
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ code: 'validation_failed' });
    const unknown = await rawPkceExchange(crypto.randomUUID(), 'x'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'flow_state_not_found' });
  });

  it("sends a used or expired link back to the app with GoTrue's error, in the query and the fragment", async () => {
    const { email } = await pendingSignUp();
    const { link } = await latestEmailTo(outboxDir, email);
    await follow(link);
    const reused = await follow(link);
    expect(reused.status).toBe(303);
    expect(`${reused.location.origin}${reused.location.pathname}`).toBe(appUrl);
    expect(reused.location.searchParams.get('error')).toBe('access_denied');
    expect(reused.location.searchParams.get('error_code')).toBe('otp_expired');
    expect(reused.location.searchParams.get('error_description')).toBe(
      'Email link is invalid or has expired',
    );
    expect(new URLSearchParams(reused.location.hash.slice(1)).get('error_code')).toBe('otp_expired');

    const late = await pendingSignUp();
    const lateLink = (await latestEmailTo(outboxDir, late.email)).link;
    clockOffsetMs += 86_401_000;
    const expired = await follow(lateLink);
    expect(expired.location.searchParams.get('error_code')).toBe('otp_expired');
    const stillPending = await supabaseClient(server).auth.signInWithPassword({
      email: late.email,
      password,
    });
    expect(stillPending.error).toMatchObject({ code: 'email_not_confirmed' });
  });

  it('only redirects to the site or the allow list; anything else goes to the site URL', async () => {
    const allowed = await pendingSignUp('http://app.example.com/deep/path?x=1');
    const toAllowed = await follow((await latestEmailTo(outboxDir, allowed.email)).link);
    expect(toAllowed.location.href).toMatch(/^http:\/\/app\.example\.com\/deep\/path\?x=1&code=/);

    const foreign = await pendingSignUp('https://evil.example.net/steal');
    const sent = await latestEmailTo(outboxDir, foreign.email);
    expect(new URL(sent.link).searchParams.get('redirect_to')).toBe(`${server.url}/`);
    const followed = await follow(sent.link);
    expect(followed.location.href).toMatch(new RegExp(`^${server.url}/\\?code=`));
  });

  it('needs no API key on GET /verify (it is opened from an email) and explains a malformed link', async () => {
    const response = await fetch(`${server.url}/auth/v1/verify?type=signup`, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'validation_failed',
      message: 'Verify requires a token or a token hash',
    });
  });

  it('signs an implicit-flow sign-up in through the fragment of the redirect', async () => {
    const email = newEmail();
    const { client } = pkceClient('implicit');
    const signUp = await client.auth.signUp({ email, password, options: { emailRedirectTo: appUrl } });
    expect(signUp.data.session).toBeNull();
    const { link } = await latestEmailTo(outboxDir, email);
    expect(new URL(link).searchParams.get('token')).toMatch(/^[0-9a-f]{56}$/);
    const { location } = await follow(link);
    expect(location.search).toBe('');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('token_type')).toBe('bearer');
    const { data, error } = await client.auth.setSession({
      access_token: fragment.get('access_token') ?? '',
      refresh_token: fragment.get('refresh_token') ?? '',
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
  });

  it('sends a new link at most once a minute to an unconfirmed address, and the old link stops working', async () => {
    const first = await pendingSignUp();
    const firstLink = (await latestEmailTo(outboxDir, first.email)).link;
    const tooSoon = await pkceClient().client.auth.signUp({ email: first.email, password });
    expect(tooSoon.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(tooSoon.error?.message).toMatch(
      /^For security purposes, you can only request this after \d+ seconds\.$/,
    );

    clockOffsetMs += 61_000;
    const resent = await pkceClient().client.auth.signUp({ email: first.email, password });
    expect(resent.error).toBeNull();
    expect(resent.data.user?.id).toBe(first.data.user?.id);
    const secondLink = (await latestEmailTo(outboxDir, first.email)).link;
    expect(secondLink).not.toBe(firstLink);
    expect((await follow(firstLink)).location.searchParams.get('error_code')).toBe('otp_expired');
  });

  it('does not reveal a confirmed address: a repeated sign-up gets a made-up user and no email', async () => {
    const { email, verifier } = await pendingSignUp();
    const code = await codeFromLink(email);
    expect((await rawPkceExchange(code, verifier)).status).toBe(200);
    const before = (await readOutbox(outboxDir)).length;
    const repeated = await pkceClient().client.auth.signUp({ email, password: 'someone else entirely' });
    expect(repeated.error).toBeNull();
    expect(repeated.data.session).toBeNull();
    expect(repeated.data.user?.email).toBe(email);
    expect(repeated.data.user?.identities).toEqual([]);
    expect((await readOutbox(outboxDir)).length).toBe(before);
  });
});

describe('a data directory made before email confirmation existed', () => {
  it('gets the confirmation columns and flow state table when the server starts', async () => {
    const dataDir = await copyTemplateDataDir();
    const oldOutbox = path.join(dataDir, 'outbox');
    try {
      const before = await startTestServer({ dataDir });
      await before.db.exec(`drop table auth.flow_state;
        alter table auth.users drop column confirmation_token, drop column confirmation_sent_at;`);
      await before.close();

      const upgraded = await startTestServer({
        dataDir,
        auth: { ...testAuthOptions, emailConfirmation: { outboxDir: oldOutbox } },
      });
      try {
        const { rows } = await upgraded.db.query<{ present: boolean }>(
          `select to_regclass('auth.flow_state') is not null
              and exists (select 1 from information_schema.columns
                           where table_schema = 'auth' and table_name = 'users'
                             and column_name = 'confirmation_sent_at') as present`,
        );
        expect(rows[0]?.present).toBe(true);
        const email = newEmail();
        const { data, error } = await createClient(upgraded.url, upgraded.keys.publishableKey, {
          auth: { flowType: 'pkce', detectSessionInUrl: false, autoRefreshToken: false },
          realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
        }).auth.signUp({ email, password });
        expect(error).toBeNull();
        expect(data.user?.confirmation_sent_at).toBeTruthy();
        expect((await latestEmailTo(oldOutbox, email)).link).toContain('token=pkce_');
      } finally {
        await upgraded.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
