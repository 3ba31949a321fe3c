import { FairQueue } from './fair-queue.ts';

/**
 * Runs at most `concurrency` tasks at once (here: password hashes, ~100 ms of CPU and 32 MB each)
 * and hands free slots to waiting keys (client IPs) in turn. Without it, every request's scrypt
 * lands in libuv's shared FIFO pool, so 40 sign-ups from one address delay everybody's sign-in
 * until all 40 are done; with it, another address waits for a slot, not for the whole burst.
 */
export class FairLimiter {
  private running = 0;
  private readonly waiting = new FairQueue<() => void>();

  constructor(private readonly concurrency: number) {
    if (!Number.isInteger(concurrency) || concurrency < 1)
      throw new Error('FairLimiter needs a concurrency of at least 1');
  }

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    await this.acquire(key);
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private acquire(key: string): Promise<void> {
    if (this.running < this.concurrency && this.waiting.size === 0) {
      this.running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(key, resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    // The slot passes straight to the next task, so `running` stays the same.
    if (next) next();
    else this.running -= 1;
  }
}
