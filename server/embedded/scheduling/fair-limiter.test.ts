import { describe, expect, it } from 'vitest';
import { FairLimiter } from './fair-limiter.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('FairLimiter', () => {
  it('runs at most `concurrency` tasks, handing free slots to waiting keys in turn', async () => {
    const queue = new FairLimiter(1);
    const started: string[] = [];
    const finishers: Array<() => void> = [];
    const task = (name: string) => () =>
      new Promise<void>((resolve) => {
        started.push(name);
        finishers.push(resolve);
      });
    const runs = [
      queue.run('flood', task('f1')),
      queue.run('flood', task('f2')),
      queue.run('flood', task('f3')),
      queue.run('other', task('o1')),
      queue.run('flood', task('f4')),
    ];
    for (let finished = 0; finished < runs.length; finished += 1) {
      await tick();
      expect(started).toHaveLength(finished + 1); // one at a time
      finishers[finished]?.();
    }
    await Promise.all(runs);
    // f1 took the free slot at once; "other" is served before the rest of the flood.
    expect(started).toEqual(['f1', 'f2', 'o1', 'f3', 'f4']);
  });

  it('frees the slot when a task fails', async () => {
    const queue = new FairLimiter(1);
    await expect(queue.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue.run('a', () => Promise.resolve(42))).resolves.toBe(42);
  });
});
