import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultModelCatalog } from '@shared/model-catalog';
import { AiRequestError } from './ai-error';
import type { AiCallContext } from './chat-message';
import { complete, type CompletionRequest } from './complete';
import { drivenFrames } from '../../../tests/helpers/driven-frames.ts';

/**
 * The Groq route's stream, played by the test: `play` gets complete()'s per-chunk callback and the
 * call (its signal) and decides when chunks arrive and how the stream ends.
 */
const provider = vi.hoisted(() => ({
  play: null as null | ((onText: (cumulative: string) => void, call: AiCallContext) => Promise<string>),
}));
vi.mock('./groq-completion', () => {
  const play = (_request: unknown, call: AiCallContext, onText?: (cumulative: string) => void) =>
    provider.play!(onText ?? (() => {}), call);
  // The OpenAI-compatible engine's route is played the same way (complete-compatible.test.ts runs it for real).
  return { groqCompletion: play, compatibleCompletion: play };
});

const frames = drivenFrames();
const nextFrame = () => frames.nextFrame();

const request: CompletionRequest = {
  catalog: defaultModelCatalog,
  engine: 'groq',
  model: 'openai/gpt-oss-20b',
  system: 'Write a LinkedIn post.',
  turns: [{ role: 'user', content: 'Saying no' }],
  maxTokens: 1500,
  temperature: 0.7,
};
const call = (signal?: AbortSignal): AiCallContext => ({
  apiBaseUrl: '/api',
  accessToken: 'token',
  ...(signal ? { signal } : {}),
});

/** `count` word chunks; the cumulative text after chunk n is words(n).join(''). */
const words = (count: number) => Array.from({ length: count }, (_, index) => `word${index} `);

/** A stream that sends `chunks` at once (one network read), waits for `gate`, then sends `rest` and ends. */
function stream(chunks: string[], gate: Promise<void>, rest: string[] = []) {
  provider.play = async (onText) => {
    let text = '';
    for (const chunk of chunks) onText((text += chunk));
    await gate;
    for (const chunk of rest) onText((text += chunk));
    return text;
  };
}

function gate() {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** Lets complete() reach the provider (it loads the Groq module first): a real timer, taken before faking. */
const realTimeout = globalThis.setTimeout;
const settle = () => new Promise((resolve) => realTimeout(resolve, 0));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  frames.install();
});

afterEach(() => {
  nextFrame();
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  provider.play = null;
});

describe('complete() streaming: one update per frame, and the last text always', () => {
  it('hands the screen one text per frame however many chunks arrived in it', async () => {
    const onText = vi.fn();
    const held = gate();
    stream(words(200), held.promise, words(203).slice(200));
    const done = complete(request, call(), onText);
    await settle();
    expect(onText).not.toHaveBeenCalled();
    nextFrame();
    expect(onText.mock.calls).toEqual([[words(200).join('')]]);
    held.open();
    await expect(done).resolves.toBe(words(203).join(''));
    // The chunks after the frame arrived before the end: handed on as the stream finished.
    expect(onText.mock.calls).toEqual([[words(200).join('')], [words(203).join('')]]);
    nextFrame();
    vi.runOnlyPendingTimers();
    expect(onText).toHaveBeenCalledTimes(2);
  });

  it('hands on the last text of a finished stream before it returns, without waiting for a frame', async () => {
    const onText = vi.fn();
    const held = gate();
    stream(words(30), held.promise);
    const done = complete(request, call(), onText);
    await settle();
    held.open();
    await done;
    expect(onText.mock.calls).toEqual([[words(30).join('')]]);
  });

  it('hands on the words of a failed stream before the error reaches the caller', async () => {
    const seen: string[] = [];
    provider.play = async (onText) => {
      let text = '';
      for (const chunk of words(12)) onText((text += chunk));
      await settle();
      throw new AiRequestError('The AI service stopped before it had finished. Please try again.');
    };
    const done = complete(request, call(), (text) => seen.push(text));
    await expect(done).rejects.toThrow('stopped before it had finished');
    expect(seen).toEqual([words(12).join('')]);
  });

  it('hands on the words of a stopped stream (the request aborted) before it rejects', async () => {
    const seen: string[] = [];
    const stop = new AbortController();
    provider.play = (onText, { signal }) =>
      new Promise<string>((_, reject) => {
        let text = '';
        for (const chunk of words(7)) onText((text += chunk));
        signal?.addEventListener('abort', () => reject(new AiRequestError('Generation was stopped.')));
      });
    const done = complete(request, call(stop.signal), (text) => seen.push(text));
    await settle();
    expect(seen).toEqual([]);
    stop.abort();
    await expect(done).rejects.toThrow('Generation was stopped.');
    expect(seen).toEqual([words(7).join('')]);
  });

  it('shows the visible text of the frame: thinking is hidden, whatever chunk it ended in', async () => {
    const onText = vi.fn();
    const held = gate();
    stream(['<think>', 'plan the', ' post'], held.promise, ['</think>', '\n\nThe post', ' itself.']);
    const done = complete(request, call(), onText);
    await settle();
    nextFrame();
    expect(onText.mock.calls).toEqual([['']]);
    held.open();
    await done;
    expect(onText).toHaveBeenLastCalledWith('The post itself.');
    expect(onText).toHaveBeenCalledTimes(2);
  });

  it('calls nothing when not streaming', async () => {
    provider.play = () => Promise.resolve('A whole post.');
    await expect(complete(request, call())).resolves.toBe('A whole post.');
    expect(frames.waiting).toBe(0);
  });
});
