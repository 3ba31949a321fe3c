/**
 * docs/product.md §16 "Backend connection": reconnect at most 5 times, waiting 1 s and doubling, never more
 * than 10 s. realtime-js on its own retries forever (1, 2, 5, then every 10 s).
 */
export const realtimeReconnectLimits = { maxAttempts: 5, baseMs: 1000, maxMs: 10_000 } as const;

/** The wait before reconnect attempt `attempt` (1-based, as realtime-js counts its tries). */
export function reconnectDelayMs(attempt: number): number {
  const { baseMs, maxMs } = realtimeReconnectLimits;
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), maxMs);
}

// Longer than any page stays open; the timer holding it is cleared when the socket disconnects.
const never = 2 ** 31 - 1;

/**
 * realtime-js's `reconnectAfterMs`: the delays of the first five attempts. Asked for a sixth, it
 * calls `giveUp` instead (on the next turn: realtime-js is still arming its timer when it asks, and
 * giving up disconnects the socket, which clears that timer).
 */
export function limitedReconnectSchedule(giveUp: () => void): (tries: number) => number {
  return (tries) => {
    if (tries <= realtimeReconnectLimits.maxAttempts) return reconnectDelayMs(tries);
    setTimeout(giveUp, 0);
    return never;
  };
}
