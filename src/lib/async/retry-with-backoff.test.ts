import { backoffDelay, retryWithBackoff } from './retry-with-backoff';

describe('backoffDelay (docs/product.md §16: 1 s × 2^attempt, capped at 10 s)', () => {
  it.each([
    [0, 1000],
    [1, 2000],
    [2, 4000],
    [3, 8000],
    [4, 10_000],
    [5, 10_000],
    [10, 10_000],
  ])('attempt %i → %i ms', (attempt, expected) => {
    expect(backoffDelay(attempt, 1000, 10_000)).toBe(expected);
  });
});

describe('retryWithBackoff', () => {
  const options = { retries: 3, baseMs: 1000, maxMs: 10_000 };

  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('returns at once when the first try succeeds', async () => {
    const task = vi.fn(async () => 'ok');
    await expect(retryWithBackoff(task, options)).resolves.toBe('ok');
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('succeeds after 2 failures, waiting exactly 1 s then 2 s between tries', async () => {
    const task = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('first'))
      .mockRejectedValueOnce(new Error('second'))
      .mockResolvedValueOnce('done');
    const onRetry = vi.fn();
    let settled: string | undefined;
    const promise = retryWithBackoff(task, { ...options, onRetry }).then((value) => {
      settled = value;
      return value;
    });

    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(onRetry).toHaveBeenLastCalledWith(0, expect.objectContaining({ message: 'first' }));

    await vi.advanceTimersByTimeAsync(999);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(2);
    expect(onRetry).toHaveBeenCalledTimes(2);
    expect(onRetry).toHaveBeenLastCalledWith(1, expect.objectContaining({ message: 'second' }));

    await vi.advanceTimersByTimeAsync(1999);
    expect(task).toHaveBeenCalledTimes(2);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(3);

    await expect(promise).resolves.toBe('done');
    expect(settled).toBe('done');
    expect(onRetry).toHaveBeenCalledTimes(2);
  });

  it('gives up after 3 retries (4 calls in all, 1 s + 2 s + 4 s of waiting) and rethrows the last error', async () => {
    let calls = 0;
    const task = vi.fn(async () => {
      calls += 1;
      throw new Error(`failure ${calls}`);
    });
    const onRetry = vi.fn();
    const promise = retryWithBackoff(task, { ...options, onRetry });
    const outcome = promise.catch((error: unknown) => error);

    await vi.advanceTimersByTimeAsync(1000);
    expect(task).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(task).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(3999);
    expect(task).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(4);

    const error = await outcome;
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('failure 4');
    expect(onRetry.mock.calls.map(([attempt]) => attempt)).toEqual([0, 1, 2]);

    await vi.advanceTimersByTimeAsync(60_000);
    expect(task).toHaveBeenCalledTimes(4);
  });

  it('with retries 0 it tries once and rethrows without waiting or calling onRetry', async () => {
    const failure = new Error('nope');
    const task = vi.fn(async () => {
      throw failure;
    });
    const onRetry = vi.fn();
    await expect(retryWithBackoff(task, { ...options, retries: 0, onRetry })).rejects.toBe(failure);
    expect(task).toHaveBeenCalledTimes(1);
    expect(onRetry).not.toHaveBeenCalled();
  });

  it('uses an injected sleep with the backoff delays', async () => {
    const sleep = vi.fn(async () => {});
    const task = vi
      .fn<() => Promise<number>>()
      .mockRejectedValueOnce(new Error('a'))
      .mockRejectedValueOnce(new Error('b'))
      .mockRejectedValueOnce(new Error('c'))
      .mockResolvedValueOnce(7);
    await expect(retryWithBackoff(task, { ...options, sleep })).resolves.toBe(7);
    expect(sleep.mock.calls).toEqual([[1000], [2000], [4000]]);
  });
});
