import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

type Level = 'error' | 'warn';

const allowed = new Set<Level>();
const spies = new Map<Level, MockInstance<(...args: unknown[]) => void>>();

/**
 * An unexpected console.error or console.warn fails the test that caused it (Epic Stack habit): it is
 * a bug the test did not look for. A test that provokes one on purpose says so with
 * `expectConsole('error')`, which also silences it and returns the spy to assert on.
 */
export function guardConsole(levels: readonly Level[]): void {
  beforeEach(() => {
    allowed.clear();
    for (const level of levels) spies.set(level, vi.spyOn(console, level));
  });
  afterEach(() => {
    const complaints: string[] = [];
    for (const [level, spy] of spies) {
      const calls = spy.mock.calls;
      if (calls.length > 0 && !allowed.has(level)) {
        complaints.push(...calls.map((args) => `console.${level}: ${args.map(describe).join(' ')}`));
      }
      spy.mockRestore();
    }
    spies.clear();
    if (complaints.length > 0) throw new Error(`Unexpected console output:\n${complaints.join('\n')}`);
  });
}

/** Declares that this test logs at `level` on purpose; silences it and returns the spy. */
export function expectConsole(level: Level): MockInstance<(...args: unknown[]) => void> {
  allowed.add(level);
  const spy = spies.get(level) ?? vi.spyOn(console, level);
  spy.mockImplementation(() => {});
  return spy;
}

const describe = (value: unknown): string =>
  value instanceof Error ? (value.stack ?? value.message) : typeof value === 'string' ? value : String(value);
