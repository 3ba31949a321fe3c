import { describe, expect, it } from 'vitest';
import {
  emptyHistory,
  maxSteps,
  recordChange,
  redoName,
  redoStep,
  typingPauseMs,
  undoName,
  undoStep,
  type EditHistory,
  type Snapshot,
} from './edit-history';

const doc = (content: string, firstComment = ''): Snapshot => ({ content, topic: 'Topic', firstComment });

/** Types `text` one character at a time after `start`, `gap` ms apart; returns the history and text. */
function typeOut(history: EditHistory, start: string, text: string, at: number, gap: number) {
  let current = start;
  let clock = at;
  for (const letter of text) {
    history = recordChange(history, doc(current), { label: 'typing', typing: true, at: clock });
    current += letter;
    clock += gap;
  }
  return { history, current, clock };
}

describe('the edit history', () => {
  it('takes back a run of typing in one step, and only the run', () => {
    const typed = typeOut(emptyHistory, 'Hello', ' world', 10_000, 100);
    expect(typed.history.past).toHaveLength(1);
    expect(undoName(typed.history)).toBe('typing');
    const undone = undoStep(typed.history, doc(typed.current));
    expect(undone?.snapshot.content).toBe('Hello');
  });

  it('starts a new typing step after a pause, or after any other change', () => {
    let { history, current, clock } = typeOut(emptyHistory, '', 'One', 0, 50);
    ({ history, current, clock } = typeOut(history, current, ' two', clock + typingPauseMs, 50));
    expect(history.past.map((step) => step.snapshot.content)).toEqual(['', 'One']);

    history = recordChange(history, doc(current), { label: 'Use a comma', at: clock });
    ({ history } = typeOut(history, 'One, two', '!', clock + 10, 10));
    expect(history.past.map((step) => step.label)).toEqual(['typing', 'typing', 'Use a comma', 'typing']);
  });

  it('undoes and redoes one step at a time, with their names', () => {
    let history = recordChange(emptyHistory, doc('Draft'), { label: 'Shorter' });
    history = recordChange(history, doc('Short'), { label: 'Version 2' });
    const first = undoStep(history, doc('Second version'))!;
    expect(first).toMatchObject({ label: 'Version 2', snapshot: doc('Short') });
    expect(undoName(first.history)).toBe('Shorter');
    expect(redoName(first.history)).toBe('Version 2');

    const second = undoStep(first.history, first.snapshot)!;
    expect(second.snapshot).toEqual(doc('Draft'));
    expect(undoStep(second.history, second.snapshot)).toBeNull();

    const redone = redoStep(second.history, second.snapshot)!;
    expect(redone).toMatchObject({ label: 'Shorter', snapshot: doc('Short') });
    const again = redoStep(redone.history, redone.snapshot)!;
    expect(again.snapshot).toEqual(doc('Second version'));
    expect(redoStep(again.history, again.snapshot)).toBeNull();
    expect(undoName(again.history)).toBe('Version 2');
  });

  it('forgets what could be redone once something new is done', () => {
    let history = recordChange(emptyHistory, doc('a'), { label: 'Shorter' });
    history = undoStep(history, doc('b'))!.history;
    expect(redoName(history)).toBe('Shorter');
    history = recordChange(history, doc('a'), { label: 'Use a comma' });
    expect(redoName(history)).toBeNull();
  });

  it('keeps the first comment in each step', () => {
    const history = recordChange(emptyHistory, doc('See https://x.co', ''), {
      label: 'Move the link to the first comment',
    });
    expect(undoStep(history, doc('See', 'https://x.co'))?.snapshot).toEqual(doc('See https://x.co', ''));
  });

  it(`keeps the newest ${maxSteps} steps`, () => {
    let history = emptyHistory;
    for (let step = 0; step <= maxSteps; step += 1)
      history = recordChange(history, doc(String(step)), { label: `step ${step}` });
    expect(history.past).toHaveLength(maxSteps);
    expect(history.past[0]?.snapshot.content).toBe('1');
  });
});
