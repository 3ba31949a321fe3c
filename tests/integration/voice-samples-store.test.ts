import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { messages } from '@/config/messages';
import { useProfileStore } from '@/features/profile/profile-store';
import { getSupabase, initSupabase } from '@/lib/supabase/client';
import type { VoiceSample } from '@/lib/supabase/database-types';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { startTestServer, supabaseClient } from '../helpers/test-server.ts';

// The profile store's voice samples against the embedded backend: loaded with the profile, saved
// as a whole list (kept, deleted, added), errors in words, and nothing of another account shown.
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;

let server: EmbeddedServer;
const ada = { email: 'ada-voice@example.com', password: 'ada password 12' };
const grace = { email: 'grace-voice@example.com', password: 'grace password 12' };
let adaId: string;
let graceId: string;

const post = (topic: string) =>
  `We spent a month on ${topic}. Here is what I would tell my past self before starting.`;
const [first, second, third, fourth] = ['billing', 'search', 'onboarding', 'hiring'].map(post) as [
  string,
  string,
  string,
  string,
];

async function signInAs(account: typeof ada): Promise<string> {
  const { data, error } = await getSupabase().auth.signInWithPassword(account);
  if (error) throw error;
  return data.user.id;
}

/** What the database holds for the signed-in user, oldest first. */
async function storedRows(): Promise<VoiceSample[]> {
  const { data, error } = await getSupabase()
    .from('voice_samples')
    .select('*')
    .order('created_at')
    .order('id');
  if (error) throw error;
  return data as VoiceSample[];
}
const storedContents = async () => (await storedRows()).map((row) => row.content);

beforeAll(async () => {
  server = await startTestServer();
  initSupabase(server.url, server.keys.publishableKey);
  for (const account of [ada, grace]) {
    const { error } = await supabaseClient(server).auth.signUp(account);
    if (error) throw error;
  }
  graceId = await signInAs(grace);
  const { error } = await getSupabase().from('profiles').upsert({ id: graceId, full_name: 'Grace' });
  if (error) throw error;
  adaId = await signInAs(ada);
  const saved = await getSupabase().from('profiles').upsert({ id: adaId, full_name: 'Ada' });
  if (saved.error) throw saved.error;
});
afterAll(async () => {
  getSupabase().realtime.disconnect();
  await server.close();
});
beforeEach(async () => {
  useProfileStore.getState().reset();
  if ((await getSupabase().auth.getSession()).data.session?.user.id !== adaId) await signInAs(ada);
  const { error } = await getSupabase().from('voice_samples').delete().eq('user_id', adaId);
  if (error) throw error;
});

describe('voice samples in the profile store', () => {
  it('loads none for a user without samples, and the samples with the profile, oldest first', async () => {
    await useProfileStore.getState().fetchProfile(adaId);
    expect(useProfileStore.getState()).toMatchObject({ voiceSamples: [], error: null, loading: false });

    const { error } = await getSupabase()
      .from('voice_samples')
      .insert([
        { content: second, created_at: '2026-01-02T00:00:00Z' },
        { content: first, created_at: '2026-01-01T00:00:00Z' },
      ]);
    if (error) throw error;
    await useProfileStore.getState().fetchProfile(adaId);
    expect(useProfileStore.getState().profile?.full_name).toBe('Ada');
    expect(useProfileStore.getState().voiceSamples.map((sample) => sample.content)).toEqual([first, second]);
  });

  it('saves a list from nothing, in its order, and returns what is stored', async () => {
    const saved = await useProfileStore.getState().saveVoiceSamples([first, second, third]);
    expect(saved.map((sample) => sample.content)).toEqual([first, second, third]);
    expect(saved.every((sample) => sample.user_id === adaId)).toBe(true);
    expect(useProfileStore.getState().voiceSamples).toEqual(saved);
    expect(await storedRows()).toEqual(saved);
  });

  it('keeps unchanged samples as they are, deletes removed ones and adds new ones after the kept', async () => {
    const before = await useProfileStore.getState().saveVoiceSamples([first, second, third]);
    const again = await useProfileStore.getState().saveVoiceSamples([first, second, third]);
    expect(again).toEqual(before);

    const edited = await useProfileStore
      .getState()
      .saveVoiceSamples([first, `${second} Edited.`, third, fourth]);
    expect(edited.map((sample) => sample.content)).toEqual([first, third, `${second} Edited.`, fourth]);
    expect(edited[0]).toEqual(before[0]);
    expect(edited[1]).toEqual(before[2]);
    expect(await storedRows()).toEqual(edited);
  });

  it('an empty list removes every sample', async () => {
    await useProfileStore.getState().saveVoiceSamples([first, second, third]);
    expect(await useProfileStore.getState().saveVoiceSamples([])).toEqual([]);
    expect(useProfileStore.getState().voiceSamples).toEqual([]);
    expect(await storedRows()).toEqual([]);
  });

  it('compares with what is stored now, so samples saved in another tab are not duplicated or left behind', async () => {
    await useProfileStore.getState().saveVoiceSamples([first, second, third]);
    // Another tab replaces the third sample; this store has not seen it.
    await getSupabase().from('voice_samples').delete().eq('content', third);
    await getSupabase().from('voice_samples').insert({ content: fourth });
    await useProfileStore.getState().saveVoiceSamples([first, second, third]);
    expect((await storedContents()).toSorted()).toEqual([first, second, third].toSorted());
  });

  it('a rejected sample fails in words; the store then shows what is stored', async () => {
    await useProfileStore.getState().saveVoiceSamples([first, second, third]);
    await expect(
      useProfileStore.getState().saveVoiceSamples([first, second, 'Too short to learn from.']),
    ).rejects.toThrow(messages.value_rejected);
    expect(useProfileStore.getState().error).toBe(messages.value_rejected);
    // The third was deleted before the new one was refused: the store says so, and a retry heals it.
    expect(await storedContents()).toEqual([first, second]);
    expect(useProfileStore.getState().voiceSamples.map((sample) => sample.content)).toEqual([first, second]);
    await useProfileStore.getState().saveVoiceSamples([first, second, third]);
    expect(await storedContents()).toEqual([first, second, third]);
    expect(useProfileStore.getState().error).toBeNull();
  });

  it('more than ten samples are refused by the database as a whole', async () => {
    const eleven = Array.from({ length: 11 }, (_, index) => post(`project ${index}`));
    await expect(useProfileStore.getState().saveVoiceSamples(eleven)).rejects.toThrow(
      messages.value_rejected,
    );
    expect(await storedRows()).toEqual([]);
    const ten = eleven.slice(0, 10);
    expect((await useProfileStore.getState().saveVoiceSamples(ten)).map((sample) => sample.content)).toEqual(
      ten,
    );
  });

  it('another account’s samples are never shown: switching users clears them at once', async () => {
    await useProfileStore.getState().saveVoiceSamples([first, second, third]);
    await useProfileStore.getState().fetchProfile(adaId);
    expect(useProfileStore.getState().voiceSamples).toHaveLength(3);

    await signInAs(grace);
    const loading = useProfileStore.getState().fetchProfile(graceId);
    expect(useProfileStore.getState().voiceSamples).toEqual([]);
    await loading;
    expect(useProfileStore.getState()).toMatchObject({ voiceSamples: [], error: null });
    expect(useProfileStore.getState().profile?.full_name).toBe('Grace');
    // Grace's list is her own: saving it leaves Ada's samples alone.
    await useProfileStore.getState().saveVoiceSamples([fourth, third, second]);
    expect(await storedContents()).toEqual([fourth, third, second]);
    await signInAs(ada);
    expect(await storedContents()).toEqual([first, second, third]);
    await signInAs(grace);
    await useProfileStore.getState().saveVoiceSamples([]);
  });

  it('reset forgets the samples', async () => {
    await useProfileStore.getState().saveVoiceSamples([first, second, third]);
    useProfileStore.getState().reset();
    expect(useProfileStore.getState().voiceSamples).toEqual([]);
  });

  it('refuses to save without a signed-in user', async () => {
    await getSupabase().auth.signOut();
    await expect(useProfileStore.getState().saveVoiceSamples([first, second, third])).rejects.toThrow(
      'No authenticated user',
    );
    expect(useProfileStore.getState().error).toBe('No authenticated user');
  });
});
