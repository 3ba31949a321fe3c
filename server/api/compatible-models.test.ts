import { describe, expect, it } from 'vitest';
import { listCompatibleModels } from './compatible-models.ts';

/*
 * GET {base}/models of an OpenAI-compatible server, answered by a stand-in for that server (the
 * network edge): what each kind of answer becomes, in the words Settings shows.
 */
const baseUrl = 'http://models.test/v1';

interface Seen {
  url: string;
  headers: Headers;
  signal: AbortSignal | null;
}

/** A fetch that answers every request with `answer` and records what it was asked. */
function server(answer: () => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    seen.push({
      url: String(input),
      headers: new Headers(init?.headers),
      signal: init?.signal ?? null,
    });
    return answer();
  };
  return { seen, fetchImpl };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const list = (...ids: string[]) => json({ object: 'list', data: ids.map((id) => ({ id, object: 'model' })) });
const endpoint = (key: string | null = null) => ({ baseUrl, key, label: 'Ollama' });
const model = (id: string) => ({ id, label: id, engine: 'openai-compatible', reasoning: false });

describe('listCompatibleModels', () => {
  it('lists the chat models by their own ids, asking without a key when there is none', async () => {
    const { seen, fetchImpl } = server(() => list('llama3.2:3b', 'qwen3:8b'));
    expect(await listCompatibleModels(fetchImpl, endpoint())).toEqual({
      models: [model('llama3.2:3b'), model('qwen3:8b')],
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe(`${baseUrl}/models`);
    expect(seen[0]?.headers.get('authorization')).toBeNull();
    expect(seen[0]?.headers.get('accept')).toBe('application/json');
    // A server that never answers cannot hold the listing up for ever.
    expect(seen[0]?.signal).toBeInstanceOf(AbortSignal);
  });

  it('sends the key as a bearer token when there is one', async () => {
    const { seen, fetchImpl } = server(() => list('gpt-4o-mini'));
    await listCompatibleModels(fetchImpl, endpoint('sk-or-v1-kept-on-the-server'));
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer sk-or-v1-kept-on-the-server');
  });

  it('leaves out models that cannot write (embeddings, speech, images, moderation) and repeated ids', async () => {
    const { fetchImpl } = server(() =>
      list(
        'gpt-4o',
        'text-embedding-3-small',
        'nomic-embed-text:latest',
        'whisper-1',
        'tts-1-hd',
        'dall-e-3',
        'omni-moderation-latest',
        'gpt-4o-transcribe',
        'gpt-4o-realtime-preview',
        'gpt-image-1',
        'gpt-4o-audio-preview',
        'bge-reranker-v2-m3',
        'gpt-4o',
        'o3-mini',
      ),
    );
    expect(await listCompatibleModels(fetchImpl, endpoint())).toEqual({
      models: [model('gpt-4o'), model('o3-mini')],
    });
  });

  it('says so when the server has no chat models yet, as a fresh Ollama answers (data: null)', async () => {
    for (const answer of [
      () => json({ object: 'list', data: null }),
      () => json({ object: 'list', data: [] }),
      () => list('nomic-embed-text:latest'),
    ]) {
      const { fetchImpl } = server(answer);
      expect(await listCompatibleModels(fetchImpl, endpoint())).toEqual({
        problem: 'Ollama has no chat models to offer yet.',
      });
    }
  });

  it('keeps the good entries of a list that has an odd one (no id, a blank or an endless id)', async () => {
    const { fetchImpl } = server(() =>
      json({
        object: 'list',
        data: [
          { id: 'llama3.2:3b' },
          { object: 'model' },
          { id: '  ' },
          { id: 7 },
          { id: 'x'.repeat(201) },
          { id: ' qwen3:8b ' },
        ],
      }),
    );
    expect(await listCompatibleModels(fetchImpl, endpoint())).toEqual({
      models: [model('llama3.2:3b'), model('qwen3:8b')],
    });
  });

  it('says the server could not be reached, without its address', async () => {
    const { fetchImpl } = server(() => Promise.reject(new TypeError('fetch failed')));
    const listing = await listCompatibleModels(fetchImpl, endpoint());
    expect(listing).toEqual({ problem: 'Could not reach Ollama to list its models. Is its server running?' });
    expect(JSON.stringify(listing)).not.toContain('models.test');
  });

  it('names the status of a refusal, and points at the key for a 401 or 403', async () => {
    const cases: [number, string][] = [
      [401, 'Ollama answered 401 when asked for its models. Check OPENAI_COMPATIBLE_API_KEY on the server.'],
      [403, 'Ollama answered 403 when asked for its models. Check OPENAI_COMPATIBLE_API_KEY on the server.'],
      [404, 'Ollama answered 404 when asked for its models.'],
      [503, 'Ollama answered 503 when asked for its models.'],
    ];
    for (const [status, problem] of cases) {
      const { fetchImpl } = server(() =>
        json({ error: { message: 'Incorrect API key provided: sk-or-v1-kept-on-the-server' } }, status),
      );
      expect(await listCompatibleModels(fetchImpl, endpoint('sk-or-v1-kept-on-the-server'))).toEqual({
        problem,
      });
    }
  });

  it('says the answer was not a list of models (an HTML page, another JSON shape)', async () => {
    for (const answer of [
      () => new Response('<html><body>It works!</body></html>', { headers: { 'content-type': 'text/html' } }),
      () => json({ models: [{ name: 'llama3.2:3b' }] }),
      () => json([{ id: 'llama3.2:3b' }]),
    ]) {
      const { fetchImpl } = server(answer);
      expect(await listCompatibleModels(fetchImpl, endpoint())).toEqual({
        problem: 'Ollama did not answer with a list of models.',
      });
    }
  });
});
