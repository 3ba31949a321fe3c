import { describe, expect, it } from 'vitest';
import { buildCarousel } from './carousel-test-data';
import {
  addSlide,
  applySlideEdit,
  moveSlide,
  nextSlideId,
  removeSlide,
  updateSlide,
  wordCount,
} from './slide-edits';
import { canRedo, canUndo, editHistory, maxUndoSteps, redo, startHistory, undo } from './slide-history';

const ids = (carousel: { slides: { id: string }[] }) => carousel.slides.map((slide) => slide.id);

describe('slide edits', () => {
  const carousel = buildCarousel({ slideCount: 6 });

  it('moves a slide to another position', () => {
    expect(ids(moveSlide(carousel, 0, 2))).toEqual([
      'slide-2',
      'slide-3',
      'slide-1',
      'slide-4',
      'slide-5',
      'slide-6',
    ]);
    expect(ids(moveSlide(carousel, 5, 0))).toEqual([
      'slide-6',
      'slide-1',
      'slide-2',
      'slide-3',
      'slide-4',
      'slide-5',
    ]);
  });

  it('adds an empty idea slide with a new id, up to the 10-slide cap', () => {
    const added = addSlide(carousel, 1);
    expect(added.slides[1]).toEqual({ kind: 'idea', id: 'slide-7', heading: '', body: '' });
    expect(added.slides).toHaveLength(7);
    const full = buildCarousel({ slideCount: 10 });
    expect(addSlide(full, 3)).toBe(full);
    expect(nextSlideId([{ kind: 'idea', id: 'custom', heading: '', body: '' }])).toBe('slide-1');
  });

  it('removes a slide but never the last one', () => {
    expect(ids(removeSlide(carousel, 2))).toEqual(['slide-1', 'slide-2', 'slide-4', 'slide-5', 'slide-6']);
    const single = buildCarousel({ slideCount: 1 });
    expect(removeSlide(single, 0)).toBe(single);
  });

  it('updates text fields, closing-only fields only on the closing slide', () => {
    const updated = updateSlide(carousel, 1, { heading: 'New', callToAction: 'ignored' });
    expect(updated.slides[1]).toEqual({ ...carousel.slides[1], heading: 'New' });
    const closing = updateSlide(carousel, 5, { callToAction: 'Book a call' });
    expect(closing.slides[5]).toMatchObject({ kind: 'closing', callToAction: 'Book a call' });
  });

  it('returns the same carousel for edits that change nothing', () => {
    expect(moveSlide(carousel, 1, 1)).toBe(carousel);
    expect(moveSlide(carousel, -1, 2)).toBe(carousel);
    expect(moveSlide(carousel, 0, 6)).toBe(carousel);
    expect(addSlide(carousel, 7)).toBe(carousel);
    expect(removeSlide(carousel, 9)).toBe(carousel);
    expect(updateSlide(carousel, 9, { heading: 'x' })).toBe(carousel);
    expect(updateSlide(carousel, 1, { heading: carousel.slides[1]?.heading })).toBe(carousel);
    expect(applySlideEdit(carousel, { type: 'title', title: carousel.title })).toBe(carousel);
  });

  it('counts words for the "about 40 words" advice', () => {
    expect(wordCount('  one two\nthree  ')).toBe(3);
    expect(wordCount('')).toBe(0);
  });
});

describe('undo history', () => {
  const start = startHistory(buildCarousel({ slideCount: 6 }));

  it('undoes and redoes structural edits in order', () => {
    let history = editHistory(start, { type: 'remove', index: 1 });
    history = editHistory(history, { type: 'move', from: 0, to: 3 });
    expect(ids(history.present)).toEqual(['slide-3', 'slide-4', 'slide-5', 'slide-1', 'slide-6']);
    history = undo(history);
    expect(ids(history.present)).toEqual(['slide-1', 'slide-3', 'slide-4', 'slide-5', 'slide-6']);
    history = undo(history);
    expect(history.present).toBe(start.present);
    expect(canUndo(history)).toBe(false);
    expect(undo(history)).toBe(history);
    history = redo(redo(history));
    expect(ids(history.present)).toEqual(['slide-3', 'slide-4', 'slide-5', 'slide-1', 'slide-6']);
    expect(canRedo(history)).toBe(false);
    expect(redo(history)).toBe(history);
  });

  it('merges a run of typing in one field into one step', () => {
    let history = start;
    for (const heading of ['N', 'Ne', 'New', 'New h'])
      history = editHistory(history, { type: 'update', index: 2, patch: { heading } });
    history = editHistory(history, { type: 'update', index: 2, patch: { body: 'b' } });
    expect(history.past).toHaveLength(2);
    history = undo(history);
    expect(history.present.slides[2]).toMatchObject({
      heading: 'New h',
      body: start.present.slides[2]?.body,
    });
    history = undo(history);
    expect(history.present).toBe(start.present);
  });

  it('starts a new step after undo, and a new edit clears redo', () => {
    let history = editHistory(start, { type: 'update', index: 0, patch: { heading: 'A' } });
    history = undo(history);
    history = editHistory(history, { type: 'update', index: 0, patch: { heading: 'B' } });
    expect(history.past).toHaveLength(1);
    expect(canRedo(history)).toBe(false);
  });

  it('records nothing for an edit that changes nothing', () => {
    expect(editHistory(start, { type: 'move', from: 2, to: 2 })).toBe(start);
  });

  it(`keeps at most ${maxUndoSteps} steps`, () => {
    let history = start;
    for (let step = 0; step < maxUndoSteps + 20; step += 1)
      history = editHistory(history, { type: 'move', from: 0, to: 1 });
    expect(history.past).toHaveLength(maxUndoSteps);
  });
});
