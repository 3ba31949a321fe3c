import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AiCallContext } from './chat-message';
import { complete, type CompletionRequest } from './complete';
import { loadingNoticeMs } from './groq-completion';
import { expectConsole } from '../../../tests/helpers/console-guard.ts';
import { ollamaCatalog, ollamaNotices } from '../../../tests/helpers/compatible-catalog.ts';
import {
  completionChunk,
  eventStreamReply,
  gate,
  heldProviderFailure,
} from '../../../tests/helpers/event-stream-reply.ts';

// The OpenAI-compatible engine through the real complete(), groq-sdk and retrying fetch, against a
// fake /api/openai-compatible route at the network edge (MSW). Its model may take a minute to load
// or think before its first word: the screen is told so (onWaiting), and told again when it writes.

const route = 'http://localhost/api/openai-compatible/openai/v1/chat/completions';
const groqRoute = 'http://localhost/api/groq/openai/v1/chat/completions';
const network = setupServer();
beforeAll(() => network.listen({ onUnhandledRequest: 'error' }));
afterEach(() => network.resetHandlers());
afterAll(() => network.close());

const { loading, thinking } = ollamaNotices;

const catalog = ollamaCatalog(['llama3.2:3b', 'qwen3:8b', 'deepseek-r1:7b']);

const request = (model = 'llama3.2:3b'): CompletionRequest => ({
  catalog,
  engine: 'openai-compatible',
  model,
  system: 'Write a LinkedIn post.',
  turns: [{ role: 'user', content: 'Saying no' }],
  maxTokens: 1500,
  temperature: 0.7,
});

/** A call whose notices are recorded in order. */
function watchedCall(signal?: AbortSignal) {
  const notices: string[] = [];
  const call: AiCallContext = {
    apiBaseUrl: '/api',
    accessToken: 'the-users-token',
    onWaiting: (notice) => notices.push(notice),
    ...(signal ? { signal } : {}),
  };
  return { call, notices };
}

const chunk = (delta: Record<string, unknown>) => completionChunk(delta);
const content = (text: string) => chunk({ content: text });
const reasoning = (text: string) => chunk({ content: null, reasoning_content: text });

interface Sent {
  url: string;
  authorization: string | null;
  body: Record<string, unknown>;
}

/**
 * The route streams `parts` in order: an event is sent, a promise is waited for. `before` holds
 * back the answer's head (a model loading into memory). Returns what each request sent.
 */
function stream(parts: (string | Promise<void>)[], before?: Promise<void>, url = route) {
  const sent: Sent[] = [];
  network.use(
    http.post(url, async ({ request }) => {
      sent.push({
        url: request.url,
        authorization: request.headers.get('authorization'),
        body: (await request.json()) as Record<string, unknown>,
      });
      if (before) await before;
      return eventStreamReply(parts, request.signal);
    }),
  );
  return sent;
}

/** The route answers the whole completion as JSON (a call without streaming: the post chat). */
function answerWhole(text: string, before?: Promise<void>) {
  network.use(
    http.post(route, async () => {
      if (before) await before;
      return HttpResponse.json({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 0,
        model: 'llama3.2:3b',
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
      });
    }),
  );
}

beforeEach(() => {
  // Only the timers: MSW and the streams run on promises, which the test awaits for real.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Lets the request and its stream move on as far as they can without time passing. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('complete() on the OpenAI-compatible engine', () => {
  it('asks /api/openai-compatible for the chosen model with the user’s token, and no Groq reasoning switch', async () => {
    const sent = stream([content('Saying no '), content('is a skill.')]);
    const { call } = watchedCall();
    const done = complete(request('qwen3:8b'), call, () => {});
    await vi.advanceTimersByTimeAsync(100);
    await expect(done).resolves.toBe('Saying no is a skill.');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.authorization).toBe('Bearer the-users-token');
    expect(sent[0]?.body).toEqual({
      model: 'qwen3:8b',
      messages: [
        { role: 'system', content: 'Write a LinkedIn post.' },
        { role: 'user', content: 'Saying no' },
      ],
      temperature: 0.7,
      max_tokens: 1500,
      stream: true,
    });
  });

  it('says the model is loading after 4 s without a word, and takes it back at the first word', async () => {
    const head = gate();
    stream([content('Saying no '), content('is a skill.')], head.promise);
    const { call, notices } = watchedCall();
    const shown: string[] = [];
    const done = complete(request(), call, (text) => shown.push(text));
    await vi.advanceTimersByTimeAsync(loadingNoticeMs - 1);
    expect(notices).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(notices).toEqual([loading]);
    // Still loading a minute later: nothing more is said, and nothing gives up.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(notices).toEqual([loading]);

    head.open();
    await vi.advanceTimersByTimeAsync(100);
    await expect(done).resolves.toBe('Saying no is a skill.');
    expect(notices).toEqual([loading, '']);
    expect(shown.at(-1)).toBe('Saying no is a skill.');
  });

  it('waits minutes for a model to load: no 60-second timeout on this engine', async () => {
    const head = gate();
    stream([content('Finally.')], head.promise);
    const { call, notices } = watchedCall();
    const done = complete(request(), call, () => {});
    let settled = false;
    void done.then(
      () => (settled = true),
      () => (settled = true),
    );
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    expect(settled).toBe(false);
    head.open();
    await vi.advanceTimersByTimeAsync(100);
    await expect(done).resolves.toBe('Finally.');
    expect(notices).toEqual([loading, '']);
  });

  it('says nothing when the first word comes before 4 s', async () => {
    const later = gate();
    stream([content('Quick '), later.promise, content('answer.')]);
    const { call, notices } = watchedCall();
    const done = complete(request(), call, () => {});
    await settle();
    // The first word is in; the rest is slow, which is no reason for a notice.
    await vi.advanceTimersByTimeAsync(2 * loadingNoticeMs);
    later.open();
    await vi.advanceTimersByTimeAsync(100);
    await expect(done).resolves.toBe('Quick answer.');
    expect(notices).toEqual([]);
  });

  it('says the model is thinking when it streams reasoning_content first, and shows none of it', async () => {
    const thought = gate();
    stream([
      reasoning('The user wants '),
      reasoning('a post about saying no.'),
      thought.promise,
      content('Saying no '),
      content('is a skill.'),
    ]);
    const { call, notices } = watchedCall();
    const shown: string[] = [];
    const done = complete(request('qwen3:8b'), call, (text) => shown.push(text));
    await settle();
    expect(notices).toEqual([thinking]);
    // Thinking is not loading: no loading notice after 4 s.
    await vi.advanceTimersByTimeAsync(2 * loadingNoticeMs);
    expect(notices).toEqual([thinking]);
    thought.open();
    await vi.advanceTimersByTimeAsync(100);
    await expect(done).resolves.toBe('Saying no is a skill.');
    expect(notices).toEqual([thinking, '']);
    expect(shown.join('')).not.toContain('The user wants');
  });

  it('says the model is thinking when its thinking comes inside <think> in the text, and shows none of it', async () => {
    const thought = gate();
    stream([
      content('<think>'),
      content('The user wants a post.'),
      thought.promise,
      content('</think>\n\n'),
      content('Saying no is a skill.'),
    ]);
    const { call, notices } = watchedCall();
    const shown: string[] = [];
    const done = complete(request('deepseek-r1:7b'), call, (text) => shown.push(text));
    await vi.advanceTimersByTimeAsync(100);
    expect(notices).toEqual([thinking]);
    expect(shown.every((text) => text === '')).toBe(true);
    await vi.advanceTimersByTimeAsync(2 * loadingNoticeMs);
    expect(notices).toEqual([thinking]);
    thought.open();
    await vi.advanceTimersByTimeAsync(100);
    await expect(done).resolves.toContain('Saying no is a skill.');
    expect(notices).toEqual([thinking, '']);
    expect(shown.at(-1)).toBe('Saying no is a skill.');
  });

  it('takes the notice back when the engine fails before its first word, naming the engine in the error', async () => {
    expectConsole('warn'); // the client logs the provider's failure
    const head = gate();
    network.use(http.post(route, () => heldProviderFailure(head.promise)));
    const { call, notices } = watchedCall();
    const done = complete(request(), call, () => {});
    const failed = expect(done).rejects.toThrow(
      'Ollama API error: 500 Internal Server Error. Ollama is having trouble right now: try again in a few minutes.',
    );
    await vi.advanceTimersByTimeAsync(loadingNoticeMs);
    head.open();
    await vi.advanceTimersByTimeAsync(100);
    await failed;
    expect(notices).toEqual([loading, '']);
  });

  it('says so in a reply that does not stream (the post chat) too, and takes it back with the reply', async () => {
    const head = gate();
    answerWhole('A sharper hook: "No is a full sentence."', head.promise);
    const { call, notices } = watchedCall();
    const done = complete(request(), call);
    await vi.advanceTimersByTimeAsync(loadingNoticeMs);
    expect(notices).toEqual([loading]);
    head.open();
    await vi.advanceTimersByTimeAsync(100);
    await expect(done).resolves.toBe('A sharper hook: "No is a full sentence."');
    expect(notices).toEqual([loading, '']);
  });

  it('takes the notice back when the person stops a model that is still loading', async () => {
    const stop = new AbortController();
    network.use(
      http.post(route, async ({ request: sent }) => {
        await new Promise<void>((resolve) => sent.signal.addEventListener('abort', () => resolve()));
        return HttpResponse.error();
      }),
    );
    const { call, notices } = watchedCall(stop.signal);
    const done = complete(request(), call, () => {});
    const stopped = expect(done).rejects.toThrow('Generation was stopped.');
    await vi.advanceTimersByTimeAsync(loadingNoticeMs);
    stop.abort();
    await vi.advanceTimersByTimeAsync(100);
    await stopped;
    expect(notices).toEqual([loading, '']);
  });

  it('never tells a Groq call it is loading a model, however long its first word takes', async () => {
    const head = gate();
    stream([content('Groq words.')], head.promise, groqRoute);
    const { call, notices } = watchedCall();
    const done = complete({ ...request('openai/gpt-oss-20b'), engine: 'groq' }, call, () => {});
    await vi.advanceTimersByTimeAsync(2 * loadingNoticeMs);
    head.open();
    await vi.advanceTimersByTimeAsync(100);
    await expect(done).resolves.toBe('Groq words.');
    expect(notices).toEqual([]);
  });
});
