import { limitedReconnectSchedule, reconnectDelayMs } from './realtime-reconnect';

describe('the realtime reconnect schedule (docs/product.md §16)', () => {
  afterEach(() => vi.useRealTimers());

  it('waits 1 s, doubling, capped at 10 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(reconnectDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000, 10_000,
    ]);
  });

  it('allows five attempts, then gives up instead of scheduling a sixth', () => {
    vi.useFakeTimers();
    const giveUp = vi.fn();
    const schedule = limitedReconnectSchedule(giveUp);
    const delays = [1, 2, 3, 4, 5].map(schedule);
    vi.runOnlyPendingTimers();
    expect(delays).toEqual([1000, 2000, 4000, 8000, 10_000]);
    expect(giveUp).not.toHaveBeenCalled();

    const sixth = schedule(6);
    expect(giveUp).not.toHaveBeenCalled(); // not while realtime-js is still arming its timer
    vi.advanceTimersByTime(0);
    expect(giveUp).toHaveBeenCalledTimes(1);
    expect(sixth).toBeGreaterThan(24 * 60 * 60 * 1000);
  });
});
