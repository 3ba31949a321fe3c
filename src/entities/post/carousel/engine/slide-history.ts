import type { Carousel } from './carousel-schema';
import { applySlideEdit, type SlideEdit } from './slide-edits';

/** Undo keeps this many steps; older ones are dropped. */
export const maxUndoSteps = 100;

/**
 * The carousel being edited with its Undo and Redo stacks. Pure: every function returns a new
 * history. Typing is one step: consecutive updates of the same fields of the same slide (by id) are
 * merged into the step before them, so Undo takes back the whole run of typing, not one letter.
 */
export interface CarouselHistory {
  past: readonly Carousel[];
  present: Carousel;
  future: readonly Carousel[];
  /** What the last step was, for merging typing; null after undo, redo or a structural edit. */
  lastStep: string | null;
}

export function startHistory(carousel: Carousel): CarouselHistory {
  return { past: [], present: carousel, future: [], lastStep: null };
}

function stepKey(before: Carousel, edit: SlideEdit): string | null {
  if (edit.type === 'title') return 'title';
  if (edit.type !== 'update') return null;
  const id = before.slides[edit.index]?.id;
  return id === undefined ? null : `update:${id}:${Object.keys(edit.patch).sort().join(',')}`;
}

export function editHistory(history: CarouselHistory, edit: SlideEdit): CarouselHistory {
  const next = applySlideEdit(history.present, edit);
  if (next === history.present) return history;
  const key = stepKey(history.present, edit);
  if (key !== null && key === history.lastStep)
    return { ...history, present: next, future: [], lastStep: key };
  return {
    past: [...history.past, history.present].slice(-maxUndoSteps),
    present: next,
    future: [],
    lastStep: key,
  };
}

export const canUndo = (history: CarouselHistory) => history.past.length > 0;
export const canRedo = (history: CarouselHistory) => history.future.length > 0;

export function undo(history: CarouselHistory): CarouselHistory {
  const previous = history.past.at(-1);
  if (!previous) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    lastStep: null,
  };
}

export function redo(history: CarouselHistory): CarouselHistory {
  const [next, ...rest] = history.future;
  if (!next) return history;
  return { past: [...history.past, history.present], present: next, future: rest, lastStep: null };
}
