/**
 * Resolves once `condition` holds, checking on every turn of the event loop (never a fixed
 * sleep); rejects with `what` if it has not held after `timeoutMs`.
 */
export async function waitFor(condition: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}
