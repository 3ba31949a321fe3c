import { describe, expect, it } from 'vitest';
import { FairQueue } from './fair-queue.ts';

function drain<T>(queue: FairQueue<T>): T[] {
  const items: T[] = [];
  for (let item = queue.shift(); item !== undefined; item = queue.shift()) items.push(item);
  return items;
}

describe('FairQueue', () => {
  it('takes turns between owners, keeping each owner’s own order', () => {
    const queue = new FairQueue<string>();
    for (const item of ['a1', 'a2', 'a3']) queue.push('a', item);
    queue.push('b', 'b1');
    queue.push('c', 'c1');
    queue.push('b', 'b2');
    expect(queue.size).toBe(6);
    expect(drain(queue)).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
    expect(queue.size).toBe(0);
  });

  it('puts an owner who arrives later behind those already waiting, not behind all their items', () => {
    const queue = new FairQueue<string>();
    for (let index = 0; index < 50; index += 1) queue.push('heavy', `heavy ${index}`);
    expect(queue.shift()).toBe('heavy 0');
    queue.push('light', 'light');
    expect(queue.shift()).toBe('light');
  });

  it('lets a newcomer go before the owner served last, after those already waiting', () => {
    const queue = new FairQueue<string>();
    queue.push('a', 'a1');
    queue.push('a', 'a2');
    queue.push('b', 'b1');
    expect(queue.shift()).toBe('a1');
    queue.push('c', 'c1');
    expect(drain(queue)).toEqual(['b1', 'c1', 'a2']);
  });

  it('tells whether someone else is waiting', () => {
    const queue = new FairQueue<string>();
    expect(queue.hasOtherOwner('a')).toBe(false);
    queue.push('a', 'a1');
    expect(queue.hasOtherOwner('a')).toBe(false);
    expect(queue.hasOtherOwner('b')).toBe(true);
  });

  it('removes a waiting item, and only a waiting one', () => {
    const queue = new FairQueue<string>();
    queue.push('a', 'a1');
    queue.push('a', 'a2');
    expect(queue.remove('a', 'a1')).toBe(true);
    expect(queue.remove('a', 'a1')).toBe(false);
    expect(queue.remove('b', 'a2')).toBe(false);
    expect(drain(queue)).toEqual(['a2']);
    expect(queue.remove('a', 'a2')).toBe(false);
  });
});
