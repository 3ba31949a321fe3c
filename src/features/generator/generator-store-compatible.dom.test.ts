import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initSupabase } from '@/lib/supabase/client';
import { emptyDocument } from '@/entities/post/document/post-document';
import { usePostDocumentStore } from '@/entities/post/document/post-document-store';
import { loadingNoticeMs } from '@/lib/ai/groq-completion';
import { useGeneratorStore } from './generator-store';
import { useVariantsStore } from './variants-store';
import { expectConsole } from '../../../tests/helpers/console-guard.ts';
import { storeSession } from '../../../tests/helpers/stored-session.ts';
import { ollamaCatalog, ollamaNotices } from '../../../tests/helpers/compatible-catalog.ts';
import {
  completionChunk,
  eventStreamReply,
  gate,
  heldProviderFailure,
} from '../../../tests/helpers/event-stream-reply.ts';

// The dashboard's generation and rewrites on the OpenAI-compatible engine ("Ollama"), through the
// real store, complete() and groq-sdk against a fake /api/openai-compatible route (MSW): a model
// that loads or thinks before its first word is said to, in the notice the dashboard shows.

const route = 'http://localhost/api/openai-compatible/openai/v1/chat/completions';
const network = setupServer();
const store = () => useGeneratorStore.getState();
const content = () => usePostDocumentStore.getState().doc.content;

const { loading, thinking } = ollamaNotices;

const catalog = ollamaCatalog(['llama3.2:3b', 'qwen3:8b', 'deepseek-r1:7b']);
const context = { catalog, apiBaseUrl: '/api' };
const topic = 'Saying no';
const generate = (model = 'llama3.2:3b') =>
  store().generate({ ai_engine: 'openai-compatible', ai_model: model, full_name: 'Ada Lovelace' }, context);
const rewrite = (model = 'llama3.2:3b') =>
  store().rewrite(
    'shorter',
    { ai_engine: 'openai-compatible', ai_model: model, full_name: 'Ada Lovelace' },
    context,
  );

const chunk = (delta: Record<string, unknown>) => completionChunk(delta);
const words = (text: string) => text.split(/(?<= )/u).map((word) => chunk({ content: word }));

/** The route streams `parts` in order (an event is sent, a promise waited for); `before` holds its head back. */
function stream(parts: (string | Promise<void>)[], before?: Promise<void>) {
  const sent: { model: unknown }[] = [];
  network.use(
    http.post(route, async ({ request }) => {
      sent.push((await request.json()) as { model: unknown });
      if (before) await before;
      return eventStreamReply(parts, request.signal);
    }),
  );
  return sent;
}

/** Every value `pick` takes in the generator store from now on, in order. */
function record(pick: (state: ReturnType<typeof store>) => string) {
  const seen: string[] = [];
  const unsubscribe = useGeneratorStore.subscribe((state, previous) => {
    if (pick(state) !== pick(previous)) seen.push(pick(state));
  });
  return { seen, unsubscribe };
}

beforeAll(() => {
  network.listen({ onUnhandledRequest: 'error' });
  initSupabase('http://localhost', 'anon-key');
});
afterAll(() => network.close());
beforeEach(() => {
  store().reset();
  usePostDocumentStore.getState().reset();
  localStorage.clear();
  storeSession('user-a', 'ada@example.com');
  store().switchUser('user-a');
  usePostDocumentStore.getState().switchUser('user-a');
  store().setTopic(topic);
  usePostDocumentStore.setState({
    doc: { ...emptyDocument(), topic, content: 'No is a full sentence. Say it kindly, and say it early.' },
  });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
  network.resetHandlers();
});

describe('generating with the OpenAI-compatible engine', () => {
  it('says the model is loading after 4 s without a word, until the post starts to arrive', async () => {
    const head = gate();
    const sent = stream(words('Saying no is a skill.'), head.promise);
    const notices = record((state) => state.retryNotice);
    const running = generate();
    await vi.advanceTimersByTimeAsync(loadingNoticeMs - 1);
    expect(store().retryNotice).toBe('');
    await vi.advanceTimersByTimeAsync(1);
    expect(store()).toMatchObject({ status: 'generating', retryNotice: loading });
    head.open();
    await vi.advanceTimersByTimeAsync(100);
    await running;
    notices.unsubscribe();
    expect(notices.seen).toEqual([loading, '']);
    expect(store()).toMatchObject({ status: 'idle', error: null, retryNotice: '' });
    expect(content()).toBe('Saying no is a skill.');
    expect(sent).toEqual([expect.objectContaining({ model: 'llama3.2:3b' })]);
  });

  it('says the model is thinking while it streams its reasoning_content, and writes only the post', async () => {
    const thought = gate();
    stream([
      chunk({ content: null, reasoning_content: 'The user wants a post.' }),
      thought.promise,
      ...words('Saying no is a skill.'),
    ]);
    const running = generate('qwen3:8b');
    await vi.advanceTimersByTimeAsync(100);
    expect(store().retryNotice).toBe(thinking);
    expect(content()).toBe('');
    thought.open();
    await vi.advanceTimersByTimeAsync(100);
    await running;
    expect(store().retryNotice).toBe('');
    expect(content()).toBe('Saying no is a skill.');
  });

  it('says the model is thinking while it thinks in <think> in its text, and writes only the post', async () => {
    const thought = gate();
    stream([
      chunk({ content: '<think>' }),
      chunk({ content: 'The user wants a post.' }),
      thought.promise,
      chunk({ content: '</think>\n\n' }),
      ...words('Saying no is a skill.'),
    ]);
    const running = generate('deepseek-r1:7b');
    await vi.advanceTimersByTimeAsync(100);
    expect(store().retryNotice).toBe(thinking);
    expect(content()).toBe('');
    // Still thinking later: the notice stays (no loading notice instead).
    await vi.advanceTimersByTimeAsync(2 * loadingNoticeMs);
    expect(store().retryNotice).toBe(thinking);
    thought.open();
    await vi.advanceTimersByTimeAsync(100);
    await running;
    expect(store().retryNotice).toBe('');
    expect(content()).toBe('Saying no is a skill.');
  });

  it('drops the notice and names the engine when it fails, keeping the post and the topic', async () => {
    expectConsole('warn'); // the client logs the engine's failure
    const head = gate();
    network.use(http.post(route, () => heldProviderFailure(head.promise)));
    const running = generate();
    await vi.advanceTimersByTimeAsync(loadingNoticeMs);
    expect(store().retryNotice).toBe(loading);
    head.open();
    await vi.advanceTimersByTimeAsync(100);
    await running;
    expect(store()).toMatchObject({
      status: 'idle',
      retryNotice: '',
      error:
        'Ollama API error: 500 Internal Server Error. Ollama is having trouble right now: try again in a few minutes.',
    });
    expect(store().topic).toBe(topic);
    expect(content()).toBe('No is a full sentence. Say it kindly, and say it early.');
  });
});

describe('rewriting with the OpenAI-compatible engine', () => {
  it('says the model is loading instead of “Rewriting...” after 4 s without a word, then rewrites', async () => {
    const head = gate();
    stream(words('No is a full sentence.'), head.promise);
    const notices = record((state) => state.rewriteNotice);
    const running = rewrite();
    await vi.advanceTimersByTimeAsync(loadingNoticeMs);
    expect(store()).toMatchObject({ status: 'rewriting', rewriteNotice: loading });
    head.open();
    await vi.advanceTimersByTimeAsync(100);
    await running;
    notices.unsubscribe();
    expect(notices.seen).toEqual([
      'Rewriting...',
      loading,
      'Rewriting...',
      'Rewritten: Shorter. Undo available.',
    ]);
    expect(content()).toBe('No is a full sentence.');
  });
});

describe('versions with the OpenAI-compatible engine', () => {
  it('says on each version that the model is loading until its words arrive', async () => {
    const versions = () => useVariantsStore.getState();
    versions().reset();
    versions().setCount(2);
    const head = gate();
    stream(words('Saying no is a skill.'), head.promise);
    const running = versions().generate(
      topic,
      { ai_engine: 'openai-compatible', ai_model: 'llama3.2:3b', full_name: 'Ada Lovelace' },
      context,
    );
    await vi.advanceTimersByTimeAsync(loadingNoticeMs);
    expect(versions().variants.map((variant) => [variant.status, variant.notice])).toEqual([
      ['writing', loading],
      ['writing', loading],
    ]);
    head.open();
    await vi.advanceTimersByTimeAsync(100);
    await running;
    expect(versions().variants.map((variant) => [variant.status, variant.notice, variant.text])).toEqual([
      ['done', '', 'Saying no is a skill.'],
      ['done', '', 'Saying no is a skill.'],
    ]);
    versions().reset();
  });
});
