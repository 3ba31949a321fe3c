/**
 * Streamed text arrives far faster than a screen can show it: at 1,000 tokens a second a network
 * read often carries dozens of chunks, and a store update (with its React render, its copy in
 * localStorage and the editor's layout) for each one makes one long task of them. A frame batch
 * keeps only the latest value and hands it on at most once per animation frame; `flush` hands on
 * what is still waiting at once, so the last value is never lost.
 */
export interface FrameBatch<T> {
  /** Keeps `value` (replacing one still waiting) and asks for the next frame. */
  push: (value: T) => void;
  /** Hands on the value still waiting, now (nothing when none is). */
  flush: () => void;
  /** Drops the value still waiting. */
  cancel: () => void;
}

/**
 * Where the page is hidden, browsers pause animation frames: this timer hands the text on anyway
 * (timers there run about once a second). Without animation frames (Node) it is the frame.
 */
const hiddenPageMs = 100;
const noFrameMs = 16;

/** Every batch waiting for the next frame: all of them are handed on in one task, so React renders once. */
const waiting = new Set<() => void>();
let frame: number | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;

const hasFrames = () => typeof requestAnimationFrame === 'function';

function runFrame(): void {
  if (frame !== null && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
  if (timer !== null) clearTimeout(timer);
  frame = timer = null;
  const due = [...waiting];
  waiting.clear();
  let failure: { error: unknown } | null = null;
  for (const flush of due) {
    try {
      flush();
    } catch (error) {
      // One batch's failure must not keep the others' text from the screen.
      failure ??= { error };
    }
  }
  if (failure) throw failure.error;
}

function requestFrame(flush: () => void): void {
  waiting.add(flush);
  if (frame !== null || timer !== null) return;
  if (hasFrames()) frame = requestAnimationFrame(runFrame);
  timer = setTimeout(runFrame, hasFrames() ? hiddenPageMs : noFrameMs);
}

/** A batch that calls `apply` with the latest pushed value at most once per animation frame. */
export function frameBatch<T>(apply: (value: T) => void): FrameBatch<T> {
  let pending: { value: T } | null = null;
  const flush = () => {
    waiting.delete(flush);
    if (!pending) return;
    const { value } = pending;
    pending = null;
    apply(value);
  };
  return {
    push: (value) => {
      pending = { value };
      requestFrame(flush);
    },
    flush,
    cancel: () => {
      pending = null;
      waiting.delete(flush);
    },
  };
}
