import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { frameBatch } from './frame-batch';
import { drivenFrames } from '../../../tests/helpers/driven-frames.ts';

const frames = drivenFrames();
const nextFrame = () => frames.nextFrame();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  frames.install();
});

afterEach(() => {
  // Nothing of one test waits into the next: the shared frame is run out.
  nextFrame();
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  frames.clear();
});

describe('frameBatch (streamed text reaches the screen once per frame)', () => {
  it('hands on only the latest of many values pushed within one frame, once, on the frame', () => {
    const apply = vi.fn();
    const batch = frameBatch<string>(apply);
    for (let chunk = 1; chunk <= 50; chunk += 1) batch.push('x'.repeat(chunk));
    expect(apply).not.toHaveBeenCalled();
    expect(frames.waiting).toBe(1);
    nextFrame();
    expect(apply).toHaveBeenCalledTimes(1);
    expect(apply).toHaveBeenLastCalledWith('x'.repeat(50));
    nextFrame();
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('asks for one frame for every batch waiting, and hands each its own latest value in it', () => {
    const first = vi.fn();
    const second = vi.fn();
    const a = frameBatch<string>(first);
    const b = frameBatch<string>(second);
    a.push('a1');
    b.push('b1');
    a.push('a2');
    b.push('b2');
    expect(frames.waiting).toBe(1);
    nextFrame();
    expect(first.mock.calls).toEqual([['a2']]);
    expect(second.mock.calls).toEqual([['b2']]);
  });

  it('goes on frame after frame while values keep coming', () => {
    const apply = vi.fn();
    const batch = frameBatch<number>(apply);
    batch.push(1);
    batch.push(2);
    nextFrame();
    batch.push(3);
    nextFrame();
    nextFrame();
    expect(apply.mock.calls).toEqual([[2], [3]]);
  });

  it('flush hands on the value still waiting at once, and the frame then has nothing left', () => {
    const apply = vi.fn();
    const batch = frameBatch<string>(apply);
    batch.flush();
    expect(apply).not.toHaveBeenCalled();
    batch.push('so far');
    batch.push('the last words');
    batch.flush();
    expect(apply.mock.calls).toEqual([['the last words']]);
    nextFrame();
    vi.advanceTimersByTime(1000);
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('cancel drops the value still waiting', () => {
    const apply = vi.fn();
    const batch = frameBatch<string>(apply);
    batch.push('stale');
    batch.cancel();
    nextFrame();
    batch.flush();
    expect(apply).not.toHaveBeenCalled();
  });

  it('hands the value on within 100 ms where the page is hidden and frames do not come', () => {
    const apply = vi.fn();
    const batch = frameBatch<string>(apply);
    batch.push('hidden tab');
    vi.advanceTimersByTime(99);
    expect(apply).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(apply.mock.calls).toEqual([['hidden tab']]);
    // The frame asked for was given back: it hands on nothing twice.
    expect(frames.waiting).toBe(0);
  });

  it('uses a 16 ms timer as its frame where there are no animation frames (Node)', () => {
    vi.unstubAllGlobals();
    vi.stubGlobal('requestAnimationFrame', undefined);
    vi.stubGlobal('cancelAnimationFrame', undefined);
    const apply = vi.fn();
    const batch = frameBatch<string>(apply);
    batch.push('one');
    batch.push('two');
    vi.advanceTimersByTime(15);
    expect(apply).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(apply.mock.calls).toEqual([['two']]);
  });

  it('hands every other batch its value when one of them throws, then reports the error', () => {
    const failing = frameBatch<string>(() => {
      throw new Error('render failed');
    });
    const apply = vi.fn();
    const other = frameBatch<string>(apply);
    failing.push('a');
    other.push('b');
    expect(() => nextFrame()).toThrow('render failed');
    expect(apply.mock.calls).toEqual([['b']]);
  });
});
