/** Delay before retry `attempt` (0-based): base × 2^attempt, capped (docs/product.md §16: 1 s × 2^n, max 10 s). */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(baseMs * 2 ** attempt, maxMs);
}

export interface RetryOptions {
  /** Retries after the first try (spec: up to 3). */
  retries: number;
  baseMs: number;
  maxMs: number;
  /** Called before each wait, e.g. to show "retrying". */
  onRetry?: (attempt: number, error: unknown) => void;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function retryWithBackoff<T>(task: () => Promise<T>, options: RetryOptions): Promise<T> {
  const sleep = options.sleep ?? wait;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await task();
    } catch (error) {
      if (attempt >= options.retries) throw error;
      options.onRetry?.(attempt, error);
      await sleep(backoffDelay(attempt, options.baseMs, options.maxMs));
    }
  }
}
