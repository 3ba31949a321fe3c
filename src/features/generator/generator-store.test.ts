import { beforeEach, describe, expect, it } from 'vitest';
import { defaultModelCatalog } from '@shared/model-catalog';
import { draftStorageKey, useGeneratorStore } from './generator-store';

const store = () => useGeneratorStore.getState();
const stored = () => localStorage.getItem(draftStorageKey) ?? '';

function writeDraft(userId: string, topic: string, content: string) {
  store().switchUser(userId);
  store().setTopic(topic);
  store().setContent(content);
}

/** What a page load does: read the stored draft back into a fresh store. */
async function reload(saved: string) {
  useGeneratorStore.setState({
    ownerId: null,
    topic: '',
    content: '',
    contentTopic: '',
    incomplete: false,
    status: 'idle',
  });
  localStorage.setItem(draftStorageKey, saved);
  await useGeneratorStore.persist.rehydrate();
}

beforeEach(() => {
  store().reset();
  localStorage.clear();
});

describe('the generator draft and its owner', () => {
  it('is stored with the id of the user who wrote it', () => {
    writeDraft('user-a', 'A topic', 'A post');
    expect(JSON.parse(stored())).toMatchObject({
      state: { ownerId: 'user-a', topic: 'A topic', content: 'A post' },
    });
  });

  it('is cleared, in memory and in storage, the moment another user signs in', () => {
    writeDraft('user-a', 'A topic', 'A post');
    store().switchUser(null);
    store().switchUser('user-b');
    expect(store()).toMatchObject({ ownerId: 'user-b', topic: '', content: '', contentTopic: '' });
    expect(stored()).not.toContain('A post');
  });

  it('survives a session that ended without a sign-out, for the same user only', async () => {
    writeDraft('user-a', 'A topic', 'A post');
    store().switchUser(null);
    const saved = stored();
    expect(saved).toContain('A post');

    await reload(saved);
    store().switchUser('user-a');
    expect(store()).toMatchObject({ topic: 'A topic', content: 'A post' });

    await reload(saved);
    store().switchUser('user-b');
    expect(store()).toMatchObject({ topic: '', content: '' });
  });

  it('drops a draft stored before drafts had owners (nobody can tell whose it is)', async () => {
    await reload(
      JSON.stringify({
        state: { topic: 'Old topic', content: 'Old post', contentTopic: 'Old topic' },
        version: 1,
      }),
    );
    store().switchUser('user-a');
    expect(store()).toMatchObject({ topic: '', content: '' });
  });

  it('is forgotten entirely by reset() (an explicit sign-out)', () => {
    writeDraft('user-a', 'A topic', 'A post');
    store().reset();
    expect(store()).toMatchObject({ ownerId: null, topic: '', content: '', contentTopic: '' });
    expect(stored()).not.toContain('A topic');
    store().switchUser('user-a');
    expect(store().topic).toBe('');
  });

  it('stops a generation in flight when the session ends', () => {
    writeDraft('user-a', 'A topic', '');
    useGeneratorStore.setState({ status: 'generating' });
    store().switchUser(null);
    expect(store().status).toBe('idle');
  });

  it('lets a generation that outlives its session write nothing into the next user’s generator', async () => {
    writeDraft('user-a', 'A topic', '');
    // The run fails on its first await (no Supabase client in this test): by then user B is signed in.
    const running = store().generate(
      { ai_engine: 'groq', ai_model: 'openai/gpt-oss-20b' },
      { catalog: defaultModelCatalog, apiBaseUrl: '/api' },
    );
    store().switchUser('user-b');
    await running;
    expect(store()).toMatchObject({ ownerId: 'user-b', topic: '', content: '', error: null, status: 'idle' });
  });

  it('reads a draft stored mid-generation back as incomplete, so a reload cannot make a fragment look whole', async () => {
    writeDraft('user-a', 'A topic', 'Three years ago');
    useGeneratorStore.setState({ status: 'generating' });
    const saved = stored();
    await reload(saved);
    store().switchUser('user-a');
    expect(store()).toMatchObject({ content: 'Three years ago', incomplete: true });
  });
});
