import { retryingFetch, waitFor, type AiRetry } from './retrying-fetch';

/*
 * The loop every AI client shares (the rules themselves are shared/ai-retry-policy.ts). The fetch it
 * tries is a script of answers; waits are recorded, never slept.
 */
// An error (a DOMException is not an Error in jsdom) is thrown, as fetch throws it.
type Step = Response | Error | DOMException;

function scripted(steps: Step[]) {
  const calls: { url: string; body: unknown }[] = [];
  const fetchStub: typeof fetch = (input, init) => {
    calls.push({ url: String(input), body: init?.body });
    const step = steps.shift();
    if (!step) throw new Error('the script ran out');
    return step instanceof Response ? Promise.resolve(step) : Promise.reject(step);
  };
  return { fetchStub, calls };
}

const marked = (status: number, mark: 'true' | 'false', headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ error: { message: `HTTP ${status}` } }), {
    status,
    headers: { 'x-should-retry': mark, ...headers },
  });
const ok = (text = 'done') => new Response(text, { status: 200 });

function harness(steps: Step[]) {
  const { fetchStub, calls } = scripted(steps);
  const waits: number[] = [];
  const retries: AiRetry[] = [];
  const fetchWithRetries = retryingFetch({
    fetch: fetchStub,
    random: () => 0,
    onRetry: (retry) => retries.push(retry),
    retryWait: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
  });
  const send = () =>
    fetchWithRetries('https://app.test/api/generate-claude', { method: 'POST', body: '{"a":1}' });
  return { send, calls, waits, retries };
}

describe('retryingFetch', () => {
  it('tries a marked transient failure again, the same request each time, and returns the answer', async () => {
    const { send, calls, waits, retries } = harness([marked(500, 'true'), marked(502, 'true'), ok('post')]);
    const response = await send();
    expect(await response.text()).toBe('post');
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((call) => `${call.url} ${String(call.body)}`)).size).toBe(1);
    expect(waits).toEqual([500, 1000]);
    expect(retries).toEqual([
      { retry: 1, of: 2, delayMs: 500, status: 500 },
      { retry: 2, of: 2, delayMs: 1000, status: 502 },
    ]);
  });

  it('returns the third failure as it is: two retries at most', async () => {
    const { send, calls } = harness([marked(503, 'true'), marked(503, 'true'), marked(503, 'true'), ok()]);
    const response = await send();
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: { message: 'HTTP 503' } });
    expect(calls).toHaveLength(3);
  });

  it('waits a short Retry-After the answer gives instead of the backoff', async () => {
    const { send, waits } = harness([marked(429, 'true', { 'retry-after': '1' }), ok()]);
    expect((await send()).status).toBe(200);
    expect(waits).toEqual([1000]);
  });

  it.each<[string, Response]>([
    ['marked false (our own quota 429)', marked(429, 'false', { 'retry-after': '3' })],
    ['marked false (our own 503)', marked(503, 'false')],
    ['not marked at all (a gateway, or an older /api)', new Response('bad gateway', { status: 502 })],
    ['marked true but asking for a long pause', marked(503, 'true', { 'retry-after': '60' })],
  ])('does not retry an answer %s', async (_name, answer) => {
    const { send, calls, retries } = harness([answer, ok()]);
    expect((await send()).status).toBe(answer.status);
    expect(calls).toHaveLength(1);
    expect(retries).toEqual([]);
  });

  it('never retries an answer that is OK, such as a stream that has begun, whatever it says', async () => {
    const stream = new Response('data: {"content":"Hi"}\n\n', { headers: { 'x-should-retry': 'true' } });
    const { send, calls } = harness([stream, ok()]);
    expect(await (await send()).text()).toBe('data: {"content":"Hi"}\n\n');
    expect(calls).toHaveLength(1);
  });

  it('works without an init, an onRetry or a body to let go', async () => {
    const { fetchStub, calls } = scripted([
      new Response(null, { status: 503, headers: { 'x-should-retry': 'true' } }),
      ok('video'),
    ]);
    const response = await retryingFetch({ fetch: fetchStub, retryWait: () => Promise.resolve() })(
      'https://app.test/api/youtube/videos?id=x',
    );
    expect(await response.text()).toBe('video');
    expect(calls).toHaveLength(2);
  });

  it('retries a request that got no answer, and throws the last network error', async () => {
    const { send, calls, retries } = harness([
      new TypeError('Failed to fetch'),
      new TypeError('Failed to fetch'),
      new TypeError('Failed to fetch (3)'),
    ]);
    await expect(send()).rejects.toThrow('Failed to fetch (3)');
    expect(calls).toHaveLength(3);
    expect(retries.map((retry) => retry.status)).toEqual([null, null]);
  });

  it('never retries an abort, and stops waiting when the user stops', async () => {
    const stopped = new AbortController();
    stopped.abort();
    const abortError = new DOMException('The fetch was stopped', 'AbortError');
    const { fetchStub, calls } = scripted([abortError, ok()]);
    const retried: AiRetry[] = [];
    await expect(
      retryingFetch({ fetch: fetchStub, onRetry: (retry) => retried.push(retry) })('https://app.test/api/x', {
        signal: stopped.signal,
      }),
    ).rejects.toBe(abortError);
    expect(calls).toHaveLength(1);
    expect(retried).toEqual([]);

    const user = new AbortController();
    const waiting = scripted([marked(500, 'true'), ok()]);
    const pending = retryingFetch({
      fetch: waiting.fetchStub,
      onRetry: () => user.abort(),
    })('https://app.test/api/x', { signal: user.signal });
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(waiting.calls).toHaveLength(1);
  });

  it('lets the discarded answer go', async () => {
    let cancelled = false;
    const body = new ReadableStream({ cancel: () => void (cancelled = true) });
    const { send } = harness([
      new Response(body, { status: 500, headers: { 'x-should-retry': 'true' } }),
      ok(),
    ]);
    await send();
    expect(cancelled).toBe(true);
  });
});

describe('waitFor', () => {
  afterEach(() => vi.useRealTimers());

  it('rejects at once with the reason of a signal that has aborted', async () => {
    const controller = new AbortController();
    controller.abort(new DOMException('Stopped', 'AbortError'));
    await expect(waitFor(60_000, controller.signal)).rejects.toMatchObject({ message: 'Stopped' });
  });

  it('resolves once its time has passed (timers are faked: nothing sleeps)', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    let done = false;
    const waiting = waitFor(1000, controller.signal).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(done).toBe(true);
    // Stopping afterwards changes nothing: the wait no longer listens.
    controller.abort();
    const bare = waitFor(5);
    await vi.advanceTimersByTimeAsync(5);
    await expect(bare).resolves.toBeUndefined();
  });

  it('stops at once, with the signal’s reason, when the user stops during the wait', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const waiting = waitFor(8000, controller.signal);
    controller.abort(new DOMException('Generation was stopped', 'AbortError'));
    await expect(waiting).rejects.toMatchObject({ message: 'Generation was stopped' });
    expect(vi.getTimerCount()).toBe(0);
  });
});
