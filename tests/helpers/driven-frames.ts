import { vi } from 'vitest';

/**
 * A requestAnimationFrame the test drives: `install` stubs it (and cancelAnimationFrame), and
 * frames run only when `nextFrame` says so. `vi.unstubAllGlobals()` takes the stubs away.
 */
export function drivenFrames() {
  const frames = new Map<number, FrameRequestCallback>();
  let lastFrameId = 0;
  return {
    install(): void {
      vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
        lastFrameId += 1;
        frames.set(lastFrameId, callback);
        return lastFrameId;
      });
      vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
    },
    /** Runs every frame callback waiting now. */
    nextFrame(): void {
      const due = [...frames.values()];
      frames.clear();
      for (const callback of due) callback(performance.now());
    },
    /** Frames waiting to run. */
    get waiting(): number {
      return frames.size;
    },
    clear(): void {
      frames.clear();
    },
  };
}
