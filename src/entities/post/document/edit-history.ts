/**
 * One undo/redo history for the post being written (docs/product.md §5.5): typing, quick fixes,
 * rewrites, choosing a version, an applied chat suggestion and a new generation are all steps of
 * it. Pure: the document store keeps the history and applies what these functions return.
 */

/** What a step changes and undo puts back: the words of the post and of its first comment. */
export interface Snapshot {
  content: string;
  topic: string;
  firstComment: string;
}

interface Step {
  /** The document on the other side of the step (before it in `past`, after it in `future`). */
  snapshot: Snapshot;
  /** What the step did, for "Undo Shorter" ("typing", "Use a comma", "Version 2"). */
  label: string;
}

export interface EditHistory {
  past: Step[];
  future: Step[];
  /** When the open run of typing last grew (ms), or null when the next keystroke starts a new step. */
  typingAt: number | null;
}

/** Keystrokes closer together than this are one "typing" step. */
export const typingPauseMs = 1000;
/** Steps kept (the oldest are forgotten first). */
export const maxSteps = 100;
export const typingLabel = 'typing';

export const emptyHistory: EditHistory = { past: [], future: [], typingAt: null };

export function sameSnapshot(a: Snapshot, b: Snapshot): boolean {
  return a.content === b.content && a.topic === b.topic && a.firstComment === b.firstComment;
}

/**
 * The history after a change from `before`: a new step, or (for typing that goes on within the
 * pause) the open typing step grown. Any change clears what could be redone.
 */
export function recordChange(
  history: EditHistory,
  before: Snapshot,
  change: { label: string; typing?: boolean; at?: number },
): EditHistory {
  const at = change.at ?? Date.now();
  const typing = change.typing === true;
  const continues =
    typing &&
    history.typingAt !== null &&
    at - history.typingAt < typingPauseMs &&
    history.past.at(-1)?.label === typingLabel;
  if (continues) return { ...history, future: [], typingAt: at };
  return {
    past: [...history.past, { snapshot: before, label: change.label }].slice(-maxSteps),
    future: [],
    typingAt: typing ? at : null,
  };
}

/** Undoes the newest step from `current`: the snapshot to show and the history after, or null. */
export function undoStep(
  history: EditHistory,
  current: Snapshot,
): { snapshot: Snapshot; label: string; history: EditHistory } | null {
  const step = history.past.at(-1);
  if (!step) return null;
  return {
    snapshot: step.snapshot,
    label: step.label,
    history: {
      past: history.past.slice(0, -1),
      future: [...history.future, { snapshot: current, label: step.label }],
      typingAt: null,
    },
  };
}

/** Redoes the step undone last: the snapshot to show and the history after, or null. */
export function redoStep(
  history: EditHistory,
  current: Snapshot,
): { snapshot: Snapshot; label: string; history: EditHistory } | null {
  const step = history.future.at(-1);
  if (!step) return null;
  return {
    snapshot: step.snapshot,
    label: step.label,
    history: {
      past: [...history.past, { snapshot: current, label: step.label }],
      future: history.future.slice(0, -1),
      typingAt: null,
    },
  };
}

/** The name of what Undo would take back ("Shorter", "typing"), or null. */
export const undoName = (history: EditHistory): string | null => history.past.at(-1)?.label ?? null;
/** The name of what Redo would put back, or null. */
export const redoName = (history: EditHistory): string | null => history.future.at(-1)?.label ?? null;
