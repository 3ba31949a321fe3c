import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { defaultModelCatalog } from '../../shared/model-catalog.ts';
import { authMessages } from '@/features/auth/auth-messages';
import { useAuthStore } from '@/features/auth/auth-store';
import { useProfileStore } from '@/features/profile/profile-store';
import { getSupabase, initSupabase } from '@/lib/supabase/client';
import type { AuthError } from '@supabase/supabase-js';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { startTestServer, supabaseClient } from '../helpers/test-server.ts';

// The browser has a WebSocket; Node 20 needs one for supabase-js's realtime client.
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;

let server: EmbeddedServer;
const email = 'store-user@example.com';
const password = 'store password 1';

// Access tokens live 3 s here, so supabase-js refreshes (and rotates) on nearly every call, and
// a revoked session really expires within the test.
const tokenSeconds = 3;

/** An auth error as a failure message can show it. */
const explain = (error: AuthError | null): string =>
  error ? `${error.name} ${String(error.status)} ${error.code ?? ''}: ${error.message}` : 'no error';

beforeAll(async () => {
  server = await startTestServer({ jwtExpiry: tokenSeconds });
  initSupabase(server.url, server.keys.publishableKey);
});
afterAll(async () => {
  getSupabase().realtime.disconnect();
  await server.close();
});

describe('auth store against the embedded backend', () => {
  it('initialises signed out after the connectivity check', async () => {
    await useAuthStore.getState().initialize({ url: server.url, publishableKey: server.keys.publishableKey });
    expect(useAuthStore.getState()).toMatchObject({ status: 'signed-out', session: null, error: null });
  });

  it('reports the provider message for a short password and signs up with a good one', async () => {
    const weak = await useAuthStore.getState().signUp(email, 'short');
    expect(weak.error).toBe('Password should be at least 8 characters.');
    const result = await useAuthStore.getState().signUp(email, password);
    expect(result).toEqual({ error: null, needsConfirmation: false });
    await expect.poll(() => useAuthStore.getState().status).toBe('signed-in');
    expect(useAuthStore.getState().user?.email).toBe(email);
  });
});

describe('profile store against the embedded backend', () => {
  it('treats a missing profile row as a new user, not an error', async () => {
    const userId = useAuthStore.getState().user?.id as string;
    await useProfileStore.getState().fetchProfile(userId, defaultModelCatalog);
    expect(useProfileStore.getState()).toMatchObject({
      profile: null,
      isNewUser: true,
      error: null,
      loading: false,
    });
  });

  it('saves with an upsert that sets updated_at, and clears isNewUser', async () => {
    const before = Date.now();
    const saved = await useProfileStore.getState().saveProfile({
      full_name: 'Store Person',
      role: 'Data Scientist',
      ai_engine: 'groq',
      ai_model: 'openai/gpt-oss-20b',
    });
    expect(saved).toMatchObject({
      full_name: 'Store Person',
      role: 'Data Scientist',
      // No choice made: the writing rules follow the author's posts (docs/decisions/024).
      language_preference: null,
    });
    expect(new Date(saved.updated_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(useProfileStore.getState().isNewUser).toBe(false);
    const again = await useProfileStore.getState().saveProfile({ company: 'Acme' });
    expect(again).toMatchObject({ full_name: 'Store Person', company: 'Acme' });
  });

  it('upgrades a retired model once, with a notice', async () => {
    const userId = useAuthStore.getState().user?.id as string;
    await getSupabase().from('profiles').update({ ai_model: 'llama-3.3-70b-versatile' }).eq('id', userId);
    await useProfileStore.getState().fetchProfile(userId, defaultModelCatalog);
    expect(useProfileStore.getState().profile?.ai_model).toBe('openai/gpt-oss-120b');
    expect(useProfileStore.getState().modelNotice).toContain('llama-3.3-70b-versatile');
    const stored = await getSupabase().from('profiles').select('ai_model').eq('id', userId).single();
    expect(stored.data).toEqual({ ai_model: 'openai/gpt-oss-120b' });

    useProfileStore.getState().dismissModelNotice();
    await useProfileStore.getState().fetchProfile(userId, defaultModelCatalog);
    expect(useProfileStore.getState().modelNotice).toBeNull();
  });

  it('a profile read that answers after sign-out (or after a newer read) changes nothing', async () => {
    const userId = useAuthStore.getState().user?.id as string;
    // Signed out (reset) while the read is on its way: the answer must not bring the profile back.
    const late = useProfileStore.getState().fetchProfile(userId);
    useProfileStore.getState().reset();
    await late.catch(() => {});
    expect(useProfileStore.getState()).toMatchObject({ profile: null, voiceSamples: [], loading: false });

    // Two reads in flight (another account signed in from another tab): the newer one decides,
    // whichever answers last. The older read is for an account with no profile row.
    const older = useProfileStore.getState().fetchProfile('00000000-0000-4000-8000-000000000000');
    const newer = useProfileStore.getState().fetchProfile(userId);
    await Promise.allSettled([older, newer]);
    expect(useProfileStore.getState()).toMatchObject({ isNewUser: false, loading: false, error: null });
    expect(useProfileStore.getState().profile?.id).toBe(userId);
  });

  it('keeps a database error in the store and rethrows it', async () => {
    await expect(
      useProfileStore.getState().saveProfile({ language_preference: 'fr-FR' as never }),
    ).rejects.toThrow('One of the values is too long or not allowed. Please check what you entered.');
    expect(useProfileStore.getState().error).toBe(
      'One of the values is too long or not allowed. Please check what you entered.',
    );
  });

  it('saves the carousel defaults, reads them back, and refuses a colour, theme or format the database does not allow', async () => {
    const userId = useAuthStore.getState().user?.id as string;
    const saved = await useProfileStore.getState().saveProfile({
      brand_color: '#e0115f',
      carousel_theme: 'brand',
      carousel_format: 'square',
    });
    expect(saved).toMatchObject({
      brand_color: '#e0115f',
      carousel_theme: 'brand',
      carousel_format: 'square',
    });
    const refused = 'One of the values is too long or not allowed. Please check what you entered.';
    for (const fields of [
      { brand_color: 'blue' },
      { brand_color: '#e0115' },
      { carousel_theme: 'neon' as never },
      { carousel_format: '16:9' as never },
    ])
      await expect(useProfileStore.getState().saveProfile(fields)).rejects.toThrow(refused);

    await useProfileStore.getState().fetchProfile(userId);
    expect(useProfileStore.getState().profile).toMatchObject({
      brand_color: '#e0115f',
      carousel_theme: 'brand',
      carousel_format: 'square',
    });
    // Null again is the house default (light, portrait, LinkedIn blue).
    const cleared = await useProfileStore
      .getState()
      .saveProfile({ brand_color: null, carousel_theme: null, carousel_format: null });
    expect(cleared).toMatchObject({ brand_color: null, carousel_theme: null, carousel_format: null });
  });

  it('refuses to save without a signed-in user, and signing out ends the session', async () => {
    await useAuthStore.getState().signOut();
    expect(useAuthStore.getState()).toMatchObject({ status: 'signed-out', session: null });
    await expect(useProfileStore.getState().saveProfile({ full_name: 'Nobody' })).rejects.toThrow(
      'No authenticated user',
    );
    expect(useProfileStore.getState().error).toBe('No authenticated user');
  });

  it('signs back in with the provider error first for a wrong password', async () => {
    expect(await useAuthStore.getState().signIn(email, 'wrong password')).toBe('Invalid login credentials');
    expect(await useAuthStore.getState().signIn(email, password)).toBeNull();
    await expect.poll(() => useAuthStore.getState().status).toBe('signed-in');
  });

  it('returns to the sign-in screen when the session expires elsewhere (refresh refused)', async () => {
    // Another device signs out everywhere: this session's refresh token is revoked.
    const elsewhere = supabaseClient(server);
    await elsewhere.auth.signInWithPassword({ email, password });
    await elsewhere.auth.signOut({ scope: 'global' });
    // Once the access token has expired, the refused refresh ends the session. (A refresh made
    // ahead of time in the meantime, by realtime's heartbeat, may hear the refusal first: that
    // ends it too, see the next test.)
    await new Promise((resolve) => setTimeout(resolve, (tokenSeconds + 1) * 1000));
    const { error } = await getSupabase().auth.refreshSession();
    expect(error).not.toBeNull();
    await expect
      .poll(() => useAuthStore.getState().status, { message: `refreshSession answered ${explain(error)}` })
      .toBe('signed-out');
    expect(useAuthStore.getState().session).toBeNull();
    expect((await getSupabase().auth.getSession()).data.session).toBeNull();
  });

  it('ends the session at once when a refresh made ahead of time is refused (signed out elsewhere)', async () => {
    const elsewhere = supabaseClient(server);
    await elsewhere.auth.signInWithPassword({ email, password });
    expect(await useAuthStore.getState().signIn(email, password)).toBeNull();
    await expect.poll(() => useAuthStore.getState().status).toBe('signed-in');
    const validUntil = (useAuthStore.getState().session?.expires_at ?? 0) * 1000;
    await elsewhere.auth.signOut({ scope: 'global' });
    // What realtime's heartbeat does every few seconds: getSession() refreshes ahead of time (the
    // token is in its last 90 s), and the server refuses while the access token is still valid.
    // supabase-js keeps the session then, and answers later refreshes from a one-minute cache
    // without ending it: the page would look signed in, with no usable session, for that minute.
    await getSupabase().auth.getSession();
    expect(Date.now(), 'the refusal came while the access token was still valid').toBeLessThan(validUntil);
    await expect.poll(() => useAuthStore.getState().status).toBe('signed-out');
    expect(useAuthStore.getState()).toMatchObject({
      session: null,
      redirectNotice: { tone: 'danger', text: authMessages.sessionEnded },
    });
    expect((await getSupabase().auth.getSession()).data.session).toBeNull();
  });
});
