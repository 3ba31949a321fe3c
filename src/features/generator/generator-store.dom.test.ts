import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultModelCatalog } from '@shared/model-catalog';
import { initSupabase } from '@/lib/supabase/client';
import { toast } from '@/lib/toast/toast';
import { undoName } from '@/entities/post/document/edit-history';
import { emptyDocument } from '@/entities/post/document/post-document';
import { documentStorageKey, usePostDocumentStore } from '@/entities/post/document/post-document-store';
import type { RewriteKind } from './build-post-prompt';
import { draftStorageKey, useGeneratorStore } from './generator-store';
import { expectConsole } from '../../../tests/helpers/console-guard.ts';
import { houseDefaults } from '@/lib/writing-rules/writing-rules';
import { storeSession } from '../../../tests/helpers/stored-session.ts';

const store = () => useGeneratorStore.getState();
const post = () => usePostDocumentStore.getState();
/** A sign-in (or a switch of account): both stores follow the signed-in user, as the app does. */
function switchBoth(userId: string) {
  store().switchUser(userId);
  post().switchUser(userId);
}
const content = () => post().doc.content;
const undoTarget = () => undoName(post().history);
const stored = () => localStorage.getItem(draftStorageKey) ?? '';
const storedDocument = () => localStorage.getItem(documentStorageKey) ?? '';

/** A signed-in user's composer topic and open post (no history: a post opened as it is). */
function writeDraft(userId: string, topic: string, text: string) {
  store().switchUser(userId);
  post().switchUser(userId);
  store().setTopic(topic);
  usePostDocumentStore.setState({ doc: { ...emptyDocument(), topic, content: text } });
}

/** What a page load does: read what the browser stored back into fresh stores. */
async function reload(saved: { draft?: string; document?: string }) {
  useGeneratorStore.setState(useGeneratorStore.getInitialState(), true);
  usePostDocumentStore.setState(usePostDocumentStore.getInitialState(), true);
  localStorage.clear();
  if (saved.document) localStorage.setItem(documentStorageKey, saved.document);
  if (saved.draft) localStorage.setItem(draftStorageKey, saved.draft);
  await usePostDocumentStore.persist.rehydrate();
  await useGeneratorStore.persist.rehydrate();
}

beforeEach(() => {
  store().reset();
  post().reset();
  localStorage.clear();
});

describe('the composer and the open post follow their owner', () => {
  it('keeps the topic with the id of the user who typed it', () => {
    writeDraft('user-a', 'A topic', 'A post');
    expect(JSON.parse(stored())).toEqual({ state: { ownerId: 'user-a', topic: 'A topic' }, version: 3 });
    expect(JSON.parse(storedDocument())).toMatchObject({
      state: { ownerId: 'user-a', doc: { content: 'A post' } },
    });
  });

  it('is cleared, in memory and in storage, the moment another user signs in', () => {
    writeDraft('user-a', 'A topic', 'A post');
    store().switchUser(null);
    post().switchUser(null);
    switchBoth('user-b');
    expect(store()).toMatchObject({ ownerId: 'user-b', topic: '' });
    expect(content()).toBe('');
    expect(stored()).not.toContain('A topic');
    expect(storedDocument()).not.toContain('A post');
  });

  it('survives a session that ended without a sign-out, for the same user only', async () => {
    writeDraft('user-a', 'A topic', 'A post');
    store().switchUser(null);
    post().switchUser(null);
    const saved = { draft: stored(), document: storedDocument() };

    await reload(saved);
    switchBoth('user-a');
    expect(store().topic).toBe('A topic');
    expect(content()).toBe('A post');

    await reload(saved);
    switchBoth('user-b');
    expect(store().topic).toBe('');
    expect(content()).toBe('');
  });

  it('drops a draft stored before drafts had owners (nobody can tell whose it is)', async () => {
    await reload({
      draft: JSON.stringify({
        state: { topic: 'Old topic', content: 'Old post', contentTopic: 'Old topic' },
        version: 1,
      }),
    });
    switchBoth('user-a');
    expect(store().topic).toBe('');
    expect(content()).toBe('');
  });

  it('turns a post this browser kept before posts were rows into the open post, to be saved as one', async () => {
    await reload({
      draft: JSON.stringify({
        state: {
          ownerId: 'user-a',
          topic: 'Next topic',
          content: 'Three years ago I quit.',
          contentTopic: 'Quitting',
          incomplete: false,
        },
        version: 2,
      }),
    });
    expect(store()).toMatchObject({ ownerId: 'user-a', topic: 'Next topic' });
    expect(post()).toMatchObject({
      ownerId: 'user-a',
      doc: { topic: 'Quitting', content: 'Three years ago I quit.', updatedAt: null },
    });
    // Not saved yet: the autosave stores it as a row once the owner is signed in.
    expect(post().revision).not.toBe(post().savedRevision);
  });

  it('drops a draft stored before drafts had owners at once, keeping nothing of it in this browser', async () => {
    await reload({
      draft: JSON.stringify({
        state: { topic: 'Old topic', content: 'Old post', contentTopic: 'Old topic' },
        version: 1,
      }),
    });
    expect(store()).toMatchObject({ ownerId: null, topic: '' });
    expect(content()).toBe('');
    expect(storedDocument()).not.toContain('Old post');
  });

  it('keeps a post stored before posts were rows marked incomplete when it was cut off', async () => {
    await reload({
      draft: JSON.stringify({
        state: {
          ownerId: 'user-a',
          topic: '',
          content: 'Three years ago',
          contentTopic: 'Quitting',
          incomplete: true,
        },
        version: 2,
      }),
    });
    expect(post().doc).toMatchObject({ topic: 'Quitting', content: 'Three years ago', incomplete: true });
  });

  it('reads an older draft with fields missing as empty ones', async () => {
    await reload({ draft: JSON.stringify({ state: { ownerId: 'user-a' }, version: 2 }) });
    expect(store()).toMatchObject({ ownerId: 'user-a', topic: '' });
    expect(post()).toMatchObject({ doc: { content: '', topic: '' }, revision: 0 });

    await reload({
      draft: JSON.stringify({ state: { ownerId: 'user-a', content: 'Three years ago' }, version: 2 }),
    });
    expect(store().topic).toBe('');
    expect(post().doc).toMatchObject({ topic: '', content: 'Three years ago', incomplete: false });
  });

  it('is forgotten entirely by reset() (an explicit sign-out)', () => {
    writeDraft('user-a', 'A topic', 'A post');
    store().reset();
    post().reset();
    expect(store()).toMatchObject({ ownerId: null, topic: '' });
    expect(content()).toBe('');
    expect(stored()).not.toContain('A topic');
    expect(storedDocument()).not.toContain('A post');
  });

  it('stops a generation in flight when the session ends', () => {
    writeDraft('user-a', 'A topic', '');
    useGeneratorStore.setState({ status: 'generating' });
    store().switchUser(null);
    expect(store().status).toBe('idle');
  });

  it('lets a generation that outlives its session write nothing into the next user’s post', async () => {
    writeDraft('user-a', 'A topic', '');
    // The run fails on its first await (no Supabase client in this test): by then user B is signed in.
    const running = store().generate(
      { ai_engine: 'groq', ai_model: 'openai/gpt-oss-20b' },
      { catalog: defaultModelCatalog, apiBaseUrl: '/api' },
    );
    switchBoth('user-b');
    await running;
    expect(store()).toMatchObject({ ownerId: 'user-b', topic: '', error: null, status: 'idle' });
    expect(content()).toBe('');
  });

  it('keeps a post stored mid-generation as incomplete, so a reload cannot make a fragment look whole', async () => {
    writeDraft('user-a', 'A topic', '');
    post().beginStream('generation');
    post().stream({ content: 'Three years ago' });
    const saved = { draft: stored(), document: storedDocument() };
    await reload(saved);
    expect(post().doc).toMatchObject({ content: 'Three years ago', incomplete: true });
  });
});

// Rewrites run through the real store, rewrite-post, complete and groq-sdk against a fake /api/groq
// route at the network edge (MSW), signed in with a stored session as supabase-js leaves it.
describe('one-click rewrites and their undo', () => {
  const route = 'http://localhost/api/groq/openai/v1/chat/completions';
  const network = setupServer();
  const sent: { system: string; user: string; temperature: unknown }[] = [];
  const original = [
    'We shipped the billing page — finally — after a month of arguing.',
    'The queue went back to normal within a month.',
    'Next time I would ship the smallest version first.',
  ].join('\n\n');
  const profile = {
    ai_engine: 'groq' as const,
    ai_model: 'openai/gpt-oss-20b',
    full_name: 'Mary Jackson',
    rules: { ...houseDefaults, language: 'en-GB' as const },
  };
  const context = { catalog: defaultModelCatalog, apiBaseUrl: '/api' };
  const chunk = (content: string) =>
    `data: ${JSON.stringify({
      id: 'chatcmpl-1',
      object: 'chat.completion.chunk',
      created: 0,
      model: profile.ai_model,
      choices: [{ index: 0, delta: { content }, finish_reason: null }],
    })}\n\n`;

  /** The fake route: records what was sent and streams `reply` word by word (held back by `gate`). */
  function answerWith(reply: string, gate?: Promise<void>) {
    network.use(
      http.post(route, async ({ request }) => {
        const body = (await request.json()) as {
          messages: { role: string; content: string }[];
          temperature: unknown;
        };
        sent.push({
          system: body.messages.find((message) => message.role === 'system')?.content ?? '',
          user: body.messages.find((message) => message.role === 'user')?.content ?? '',
          temperature: body.temperature,
        });
        const encoder = new TextEncoder();
        const words = reply.split(/(?<= )/u);
        const stream = new ReadableStream<Uint8Array>({
          async start(controller) {
            // As a browser does: stopping the request ends the stream.
            request.signal.addEventListener('abort', () => controller.error(request.signal.reason));
            controller.enqueue(encoder.encode(chunk(words[0] ?? '')));
            if (gate) await gate;
            for (const word of words.slice(1)) controller.enqueue(encoder.encode(chunk(word)));
            controller.enqueue(encoder.encode('data: [DONE]\n\n'));
            controller.close();
          },
        });
        return new HttpResponse(stream, { headers: { 'content-type': 'text/event-stream' } });
      }),
    );
  }

  /** The fake route streams `words`, each read before the next pull, then the connection drops. */
  function cutOffAfter(words: string[]) {
    network.use(
      http.post(route, () => {
        const encoder = new TextEncoder();
        const parts = words.map(chunk);
        const stream = new ReadableStream<Uint8Array>({
          pull(controller) {
            const part = parts.shift();
            if (part) controller.enqueue(encoder.encode(part));
            else controller.error(new TypeError('network error'));
          },
        });
        return new HttpResponse(stream, { headers: { 'content-type': 'text/event-stream' } });
      }),
    );
  }

  /** The fake route takes the request and never answers (until the request is stopped). */
  function neverAnswer() {
    const asked = { count: 0 };
    network.use(
      http.post(route, async () => {
        asked.count += 1;
        await new Promise<void>(() => {});
        return HttpResponse.error();
      }),
    );
    return asked;
  }

  function failWith(status: number, message: string, code: string) {
    network.use(
      http.post(route, () => HttpResponse.json({ error: { message, type: 'api_error', code } }, { status })),
    );
  }

  beforeAll(() => {
    network.listen({ onUnhandledRequest: 'error' });
    initSupabase('http://localhost', 'anon-key');
  });
  afterAll(() => network.close());
  beforeEach(() => {
    sent.length = 0;
    storeSession('user-a', 'mary@example.com');
    writeDraft('user-a', 'Shipping the billing page', original);
  });
  afterEach(() => network.resetHandlers());

  const rewrite = (kind: RewriteKind, input: Partial<typeof profile> & { max_hashtags?: number } = {}) =>
    store().rewrite(kind, { ...profile, ...input }, context);

  it('streams a rewrite into the preview, then Undo puts back the text from before it', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    answerWith('We shipped the billing page after a month. Smallest version first next time.', gate);
    const running = rewrite('shorter');
    expect(store()).toMatchObject({
      status: 'rewriting',
      rewriting: 'shorter',
      rewriteNotice: 'Rewriting...',
    });
    // The first words arrive while the rest is held back: the preview already shows them.
    await vi.waitFor(() => expect(content()).toBe('We'));
    // A reload now would find the post from before the rewrite, never a half-rewritten one.
    expect(JSON.parse(storedDocument())).toMatchObject({
      state: { doc: { content: original, incomplete: false } },
    });
    release();
    await running;
    expect(store()).toMatchObject({
      status: 'idle',
      rewriting: null,
      rewriteNotice: 'Rewritten: Shorter. Undo available.',
      error: null,
    });
    expect(content()).toBe('We shipped the billing page after a month. Smallest version first next time.');
    expect(undoTarget()).toBe('Shorter');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.user).toContain(`<post>\n${original}\n</post>`);
    expect(sent[0]?.system).toContain('about two thirds');

    post().undo();
    expect(post()).toMatchObject({ doc: { content: original }, historyNotice: 'Undone: Shorter.' });
    expect(undoTarget()).toBeNull();
    post().redo();
    expect(content()).toBe('We shipped the billing page after a month. Smallest version first next time.');
  });

  it('undoes several rewrites one by one, newest first', async () => {
    answerWith('Shorter text.');
    await rewrite('shorter');
    answerWith('Shorter text, in British English.');
    await rewrite('spelling');
    expect(sent[1]?.system).toContain('Change only spelling and vocabulary, to British English');
    expect(sent[1]?.user).toContain('<post>\nShorter text.\n</post>');
    expect(undoTarget()).toBe('British spelling');
    post().undo();
    expect(content()).toBe('Shorter text.');
    expect(undoTarget()).toBe('Shorter');
    post().undo();
    expect(content()).toBe(original);
    post().undo();
    expect(content()).toBe(original);
  });

  it('Remove AI tells sends each flagged span with its message and the whole post', async () => {
    answerWith(original.replace(' — finally — ', ', finally, '));
    await rewrite('tells');
    const user = sent[0]?.user ?? '';
    expect(user).toContain(
      '1. "—" in "We shipped the billing page — finally — after a month of arguing.": A dash like this is one of the best-known signs of AI writing.',
    );
    // Two dashes in one sentence are one line: the same span, the same reason.
    expect(user).not.toContain('2. "—"');
    expect(user).toContain(`<post>\n${original}\n</post>`);
    expect(sent[0]?.temperature).toBe(0.3);
    expect(content()).toBe(
      'We shipped the billing page, finally, after a month of arguing.\n\nThe queue went back to normal within a month.\n\nNext time I would ship the smallest version first.',
    );
  });

  it('asks nothing when there is no AI tell to remove', async () => {
    writeDraft('user-a', 'Billing', 'A plain post about billing.\n\nNothing stands out here.');
    await rewrite('tells');
    expect(sent).toHaveLength(0);
    expect(store().status).toBe('idle');
    expect(undoTarget()).toBeNull();
  });

  it('Punchier hook changes only the opening, whatever else the model sends back', async () => {
    answerWith('Billing page: shipped after 31 days.\n\nAnd a rest the model was not asked for.');
    await rewrite('hook');
    expect(sent[0]?.user).toContain(
      '<opening>\nWe shipped the billing page — finally — after a month of arguing.\n</opening>',
    );
    expect(content()).toBe(
      'Billing page: shipped after 31 days.\n\nThe queue went back to normal within a month.\n\nNext time I would ship the smallest version first.',
    );
  });

  it('keeps the text as it was when the AI quota refuses (429), with the message in the user’s words', async () => {
    failWith(429, 'Too many requests. Please wait 12 seconds and try again.', 'rate_limited');
    await rewrite('shorter');
    expect(store()).toMatchObject({
      status: 'idle',
      rewriting: null,
      error: 'Too many requests. Please wait 12 seconds and try again.',
      rewriteNotice: 'The rewrite did not finish, so your post is as it was before.',
    });
    expect(content()).toBe(original);
    expect(undoTarget()).toBeNull();
  });

  it('keeps the text as it was when the provider fails, and earlier rewrites stay undoable', async () => {
    answerWith('Shorter text.');
    await rewrite('shorter');
    // groq-sdk warns about a failed request on its own.
    expectConsole('warn');
    failWith(500, 'Groq API error: 500 Internal Server Error', 'provider_error');
    await rewrite('personal');
    expect(store().error).toBe(
      'Groq API error: 500 Internal Server Error. Groq is having trouble right now: try again in a few minutes.',
    );
    expect(content()).toBe('Shorter text.');
    expect(undoTarget()).toBe('Shorter');
    post().undo();
    expect(content()).toBe(original);
  });

  it('keeps the text as it was when the connection drops', async () => {
    network.use(http.post(route, () => HttpResponse.error()));
    await rewrite('shorter');
    expect(store().error).toBe(
      'The connection to the AI service was interrupted. Please check your connection and try again.',
    );
    expect(content()).toBe(original);
  });

  it('puts back the text from before when the rewrite is stopped, with no error', async () => {
    answerWith('Half a rewrite that never ends', new Promise<void>(() => {}));
    const running = rewrite('personal');
    await vi.waitFor(() => expect(content()).toBe('Half'));
    store().stop();
    await running;
    expect(store()).toMatchObject({
      status: 'idle',
      error: null,
      rewriteNotice: 'Rewrite stopped. Your post is as it was before.',
    });
    expect(content()).toBe(original);
    expect(undoTarget()).toBeNull();
  });

  it('undoes typing made after a rewrite first, then the rewrite, and redoes them in turn', async () => {
    answerWith('Shorter text — with a dash.');
    await rewrite('shorter');
    post().type('Shorter text, with a dash.');
    expect(undoTarget()).toBe('typing');
    post().undo();
    expect(post()).toMatchObject({
      doc: { content: 'Shorter text — with a dash.' },
      historyNotice: 'Undone: typing.',
    });
    expect(undoTarget()).toBe('Shorter');
    post().undo();
    expect(content()).toBe(original);
    post().redo();
    post().redo();
    expect(content()).toBe('Shorter text, with a dash.');
  });

  it('refuses a second rewrite, or a generation, while one runs', async () => {
    let release: () => void = () => {};
    answerWith('Shorter text.', new Promise<void>((resolve) => (release = resolve)));
    const running = rewrite('shorter');
    await rewrite('spelling');
    await store().generate({ ai_engine: 'groq', ai_model: profile.ai_model }, context);
    expect(store()).toMatchObject({ status: 'rewriting', rewriting: 'shorter' });
    release();
    await running;
    expect(sent).toHaveLength(1);
  });

  it('forgets the undo history on a new post or another user', async () => {
    answerWith('Shorter text.');
    await rewrite('shorter');
    post().newDocument();
    expect(undoTarget()).toBeNull();

    writeDraft('user-a', 'Shipping the billing page', original);
    await rewrite('shorter');
    expect(undoTarget()).toBe('Shorter');
    post().switchUser('user-b');
    expect(undoTarget()).toBeNull();
  });

  it('keeps a new generation of the same post undoable: the text before it comes back', async () => {
    answerWith('A brand new take.');
    await store().generate({ ai_engine: 'groq', ai_model: profile.ai_model }, context);
    expect(content()).toBe('A brand new take.');
    expect(undoTarget()).toBe('generating');
    post().undo();
    expect(content()).toBe(original);
  });

  it('adds no undo step when the rewrite changed nothing, and says so', async () => {
    answerWith(original);
    await rewrite('shorter');
    expect(store()).toMatchObject({
      status: 'idle',
      rewriting: null,
      error: null,
      rewriteNotice: 'Shorter: nothing needed changing.',
    });
    expect(content()).toBe(original);
    expect(undoTarget()).toBeNull();
  });

  it('keeps the words of a generation cut off mid-stream as the post, marked incomplete and undoable', async () => {
    cutOffAfter(['Three years ago ', 'I quit']);
    await store().generate({ ai_engine: 'groq', ai_model: profile.ai_model }, context);
    expect(store()).toMatchObject({
      status: 'idle',
      error: 'The connection to the AI service was interrupted. Please check your connection and try again.',
    });
    // The words that arrived before the cut (how many of the two parts depends on the reads).
    expect(content()).toMatch(/^Three years ago /);
    expect(post().doc.incomplete).toBe(true);
    expect(undoTarget()).toBe('generating');
    post().undo();
    expect(content()).toBe(original);
  });

  it('gives the post back its text when a generation fails before writing a word', async () => {
    failWith(500, 'Internal server error', 'internal_error');
    expectConsole('warn'); // the client logs the provider's refusal
    await store().generate({ ai_engine: 'groq', ai_model: profile.ai_model }, context);
    expect(store().status).toBe('idle');
    expect(store().error).not.toBeNull();
    expect(post().doc).toMatchObject({ content: original, incomplete: false });
    expect(undoTarget()).toBeNull();
  });

  it('gives the preview back its text when the session ends mid-rewrite', async () => {
    answerWith('Half a rewrite', new Promise<void>(() => {}));
    const running = rewrite('shorter');
    await vi.waitFor(() => expect(content()).toBe('Half'));
    store().switchUser(null);
    await running;
    expect(store()).toMatchObject({ status: 'idle', error: null });
    expect(content()).toBe(original);
    expect(undoTarget()).toBeNull();
  });

  describe('generating into the open post', () => {
    const generate = () => store().generate({ ai_engine: 'groq', ai_model: profile.ai_model }, context);
    /** The fake route answers once with a provider's passing failure, marked to be tried again at once. */
    const busyOnce = () =>
      network.use(
        http.post(
          route,
          () =>
            HttpResponse.json(
              { error: { message: 'Service unavailable', type: 'api_error', code: 'provider_error' } },
              { status: 503, headers: { 'x-should-retry': 'true', 'retry-after-ms': '1' } },
            ),
          { once: true },
        ),
      );

    it('clears the last notices and error the moment a generation starts, and ends idle with the trimmed post', async () => {
      useGeneratorStore.setState({
        error: 'An old error',
        rewriteNotice: 'Rewritten: Shorter. Undo available.',
        retryNotice: 'An old notice',
      });
      answerWith('A brand new take.\n\n');
      const running = generate();
      expect(store()).toMatchObject({
        status: 'generating',
        error: null,
        rewriteNotice: '',
        retryNotice: '',
      });
      await running;
      expect(store()).toMatchObject({ status: 'idle', error: null, retryNotice: '' });
      expect(content()).toBe('A brand new take.');
      expect(sent).toHaveLength(1);
    });

    it('writes a post whose chunks arrive together into the document once a frame, not once a chunk, ending with all of it', async () => {
      const reply = Array.from({ length: 80 }, (_, index) => `word${index}`).join(' ');
      answerWith(reply);
      const written: string[] = [];
      const unsubscribe = usePostDocumentStore.subscribe((state, before) => {
        if (state.doc.content !== before.doc.content) written.push(state.doc.content);
      });
      await generate();
      unsubscribe();
      expect(content()).toBe(reply);
      expect(written.at(-1)).toBe(reply);
      // 80 chunks: the emptied post, at most a frame or two of words, then the whole post.
      expect(written.length).toBeLessThanOrEqual(4);
    });

    it('does nothing for a blank topic, not even a warning', async () => {
      const warned = vi.spyOn(toast, 'error');
      store().setTopic('  \n ');
      await generate();
      expect(warned).not.toHaveBeenCalled();
      warned.mockRestore();
      expect(sent).toHaveLength(0);
      expect(store().status).toBe('idle');
      expect(content()).toBe(original);
    });

    it('empties the post while the new take is on its way, marked incomplete if the page goes away', async () => {
      let release: () => void = () => {};
      answerWith('A brand new take.', new Promise<void>((resolve) => (release = resolve)));
      const running = generate();
      await vi.waitFor(() => expect(content()).toBe('A '));
      expect(JSON.parse(storedDocument())).toMatchObject({
        state: { doc: { content: 'A ', topic: 'Shipping the billing page', incomplete: true } },
      });
      release();
      await running;
      expect(JSON.parse(storedDocument())).toMatchObject({
        state: { doc: { content: 'A brand new take.', incomplete: false } },
      });
    });

    it('shows an empty post while the answer is awaited, and gives the text back if none comes', async () => {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let asked = 0;
      network.use(
        http.post(route, async () => {
          asked += 1;
          await held;
          return HttpResponse.json(
            { error: { message: 'Internal server error', type: 'api_error', code: 'internal_error' } },
            { status: 500 },
          );
        }),
      );
      expectConsole('warn'); // the client logs the provider's refusal
      const running = generate();
      await vi.waitFor(() => expect(asked).toBe(1));
      expect(post().doc).toMatchObject({ content: '', topic: 'Shipping the billing page' });
      release();
      await running;
      expect(post().doc).toMatchObject({ content: original, incomplete: false });
      expect(undoTarget()).toBeNull();
    });

    it('writes a post on another topic into a new document once the open one is saved', async () => {
      usePostDocumentStore.setState((state) => ({
        doc: { ...state.doc, id: 'saved-post', updatedAt: '2025-03-01T09:00:00.000Z' },
      }));
      store().setTopic('Hiring');
      answerWith('Hiring is hard.');
      await generate();
      expect(post().doc).toMatchObject({ topic: 'Hiring', content: 'Hiring is hard.', updatedAt: null });
      expect(post().doc.id).not.toBe('saved-post');
      expect(undoTarget()).toBeNull();
      expect(store().status).toBe('idle');
    });

    it('keeps the open post and asks for nothing when it is not saved yet and the topic is another', async () => {
      const notYet = vi.spyOn(toast, 'error');
      store().setTopic('Hiring');
      answerWith('Hiring is hard.');
      await generate();
      expect(sent).toHaveLength(0);
      expect(store()).toMatchObject({ status: 'idle', error: null });
      expect(content()).toBe(original);
      expect(notYet).toHaveBeenCalledExactlyOnceWith(
        'Your draft is not saved yet. Check your connection and try again in a moment.',
      );
      notYet.mockRestore();
    });

    it('writes into an empty open post, keeping its first comment, whatever its topic was', async () => {
      usePostDocumentStore.setState({
        doc: { ...emptyDocument('empty-post'), topic: 'Old', content: ' \n', firstComment: 'Link below' },
      });
      store().setTopic('Hiring');
      answerWith('Hiring is hard.');
      await generate();
      expect(post().doc).toMatchObject({
        id: 'empty-post',
        topic: 'Hiring',
        content: 'Hiring is hard.',
        firstComment: 'Link below',
      });
    });

    it('treats a topic that differs only by surrounding spaces as the same post: a new take Undo takes back', async () => {
      usePostDocumentStore.setState((state) => ({
        doc: { ...state.doc, topic: ' Shipping the billing page ' },
      }));
      answerWith('A brand new take.');
      await generate();
      expect(content()).toBe('A brand new take.');
      expect(undoTarget()).toBe('generating');
    });

    it('says the AI service is busy while it is tried again, until the first words arrive', async () => {
      const notices: string[] = [];
      const unsubscribe = useGeneratorStore.subscribe((state, previous) => {
        if (state.retryNotice !== previous.retryNotice) notices.push(state.retryNotice);
      });
      let release: () => void = () => {};
      answerWith('A brand new take.', new Promise<void>((resolve) => (release = resolve)));
      busyOnce(); // the latest handler answers first
      const running = generate();
      await vi.waitFor(() => expect(content()).toBe('A '));
      expect(store().retryNotice).toBe('');
      release();
      await running;
      unsubscribe();
      expect(notices).toEqual(['The AI service is busy. Trying again (1 of 2)...', '']);
      expect(content()).toBe('A brand new take.');
    });

    it('drops the busy notice when the retries run out, leaving the error', async () => {
      network.use(
        http.post(route, () =>
          HttpResponse.json(
            { error: { message: 'Service unavailable', type: 'api_error', code: 'provider_error' } },
            { status: 503, headers: { 'x-should-retry': 'true', 'retry-after-ms': '1' } },
          ),
        ),
      );
      expectConsole('warn');
      await generate();
      expect(store()).toMatchObject({ status: 'idle', retryNotice: '' });
      expect(store().error).not.toBeNull();
      expect(content()).toBe(original);
    });

    it('asks the user to sign in again when the session is gone, for a generation and a rewrite', async () => {
      localStorage.removeItem('sb-localhost-auth-token');
      await generate();
      expect(store().error).toBe('Session expired. Please sign in again.');
      expect(content()).toBe(original);
      await rewrite('shorter');
      expect(store()).toMatchObject({
        error: 'Session expired. Please sign in again.',
        rewriteNotice: 'The rewrite did not finish, so your post is as it was before.',
      });
      expect(sent).toHaveLength(0);
    });

    it('keeps the words written so far as the post when a generation is stopped', async () => {
      answerWith('A brand new take that never ends', new Promise<void>(() => {}));
      const running = generate();
      await vi.waitFor(() => expect(content()).toBe('A '));
      store().stop();
      await running;
      expect(content()).toBe('A');
      expect(store()).toMatchObject({ status: 'idle', error: null, rewriteNotice: '' });
      expect(undoTarget()).toBe('generating');
      // Stopping again, with nothing running, changes nothing.
      store().stop();
      expect(store().status).toBe('idle');
    });

    it('keeps the words so far as an undoable step when the session ends mid-generation, with no error', async () => {
      answerWith('A brand new take that never ends', new Promise<void>(() => {}));
      const running = generate();
      await vi.waitFor(() => expect(content()).toBe('A '));
      store().switchUser(null);
      expect(store().status).toBe('idle');
      await running;
      expect(store()).toMatchObject({ status: 'idle', error: null });
      expect(content()).toBe('A ');
      expect(undoTarget()).toBe('generating');
      post().undo();
      expect(content()).toBe(original);
    });

    it('gives the post back its text when a generation fails after sending only blank space', async () => {
      cutOffAfter([' ', ' ']);
      await generate();
      expect(store().error).toBe(
        'The connection to the AI service was interrupted. Please check your connection and try again.',
      );
      expect(post().doc).toMatchObject({ content: original, incomplete: false });
      expect(undoTarget()).toBeNull();
    });

    it('tells the next user nothing about a generation abandoned before its first word', async () => {
      const asked = neverAnswer();
      const running = generate();
      await vi.waitFor(() => expect(asked.count).toBe(1));
      switchBoth('user-b');
      await running;
      expect(store()).toMatchObject({ ownerId: 'user-b', status: 'idle', error: null });
      expect(content()).toBe('');
    });

    it('lets a generation started right after a session ended run, whatever the abandoned one does', async () => {
      const asked = neverAnswer();
      const abandoned = generate();
      await vi.waitFor(() => expect(asked.count).toBe(1));
      store().switchUser(null);
      answerWith('A second take.');
      await generate();
      await abandoned;
      expect(store()).toMatchObject({ status: 'idle', error: null });
      expect(content()).toBe('A second take.');
    });
  });

  it('says a rewrite stopped before its first word was stopped, with no error', async () => {
    const asked = neverAnswer();
    const running = rewrite('shorter');
    await vi.waitFor(() => expect(asked.count).toBe(1));
    store().stop();
    await running;
    expect(store()).toMatchObject({
      status: 'idle',
      error: null,
      rewriteNotice: 'Rewrite stopped. Your post is as it was before.',
    });
    expect(content()).toBe(original);
  });

  it('lets a rewrite started right after a session ended run, whatever the abandoned one does', async () => {
    const asked = neverAnswer();
    const abandoned = rewrite('shorter');
    await vi.waitFor(() => expect(asked.count).toBe(1));
    store().switchUser(null);
    answerWith('Shorter text.');
    await rewrite('shorter');
    await abandoned;
    expect(store()).toMatchObject({ status: 'idle', rewriteNotice: 'Rewritten: Shorter. Undo available.' });
    expect(content()).toBe('Shorter text.');
  });

  it('asks nothing to rewrite a post of blank space', async () => {
    writeDraft('user-a', 'Billing', ' \n ');
    answerWith('Something.');
    await rewrite('shorter');
    expect(sent).toHaveLength(0);
    expect(store()).toMatchObject({ status: 'idle', rewriteNotice: '' });
  });

  it('treats a rewrite that only dropped the trailing space as changing nothing', async () => {
    writeDraft('user-a', 'Billing', `${original}\n`);
    answerWith(original);
    await rewrite('shorter');
    expect(store().rewriteNotice).toBe('Shorter: nothing needed changing.');
    expect(content()).toBe(`${original}\n`);
    expect(undoTarget()).toBeNull();
  });

  it('forgets the last rewrite’s notice when another user signs in or on a sign-out mid-rewrite', async () => {
    answerWith('Shorter text.');
    await rewrite('shorter');
    store().switchUser('user-b');
    expect(store().rewriteNotice).toBe('');

    writeDraft('user-a', 'Shipping the billing page', original);
    answerWith('Half a rewrite', new Promise<void>(() => {}));
    const running = rewrite('shorter');
    await vi.waitFor(() => expect(content()).toBe('Half'));
    store().reset();
    post().reset();
    await running;
    expect(store()).toMatchObject({ status: 'idle', rewriting: null, rewriteNotice: '', error: null });
  });
});
