/**
 * Fixes of the post check as edits: a fix names every span it changes, and applying it changes
 * nothing outside them. Every fix is applied in one step, so one undo takes it back.
 */

/** Put `replacement` in place of text.slice(start, end). */
export interface Edit {
  start: number;
  end: number;
  replacement: string;
}

/** A one-click fix: what its button says, the spans it changes and what it hands to the caller. */
export interface Fix {
  /** The button's words, also what an undo names ("Undo Use a comma"). */
  label: string;
  /** In text order, never overlapping. */
  edits: readonly Edit[];
  /** A link the fix takes out of the post, for the caller to add to the first comment. */
  firstCommentAddition?: string;
}

/** What applying a fix gives the caller: the new text, and what to record for undo. */
export interface AppliedFix {
  text: string;
  label: string;
  firstCommentAddition?: string;
}

/** The text with every edit of the fix applied, from the end backwards so each offset still holds. */
export function applyFix(text: string, fix: Fix): AppliedFix {
  let result = text;
  for (let index = fix.edits.length - 1; index >= 0; index -= 1) {
    const edit = fix.edits[index]!;
    result = result.slice(0, edit.start) + edit.replacement + result.slice(edit.end);
  }
  return fix.firstCommentAddition === undefined
    ? { text: result, label: fix.label }
    : { text: result, label: fix.label, firstCommentAddition: fix.firstCommentAddition };
}

/**
 * The edits in text order, without overlaps (the first kept), and with no emptied line left
 * behind: a line that had words and would be left blank goes, with the line break that joined it,
 * and a paragraph that goes takes one blank line with it.
 */
export function settleEdits(text: string, edits: readonly Edit[]): Edit[] {
  const sorted = edits.map((edit) => ({ ...edit })).sort((a, b) => a.start - b.start || a.end - b.end);
  const distinct: Edit[] = [];
  for (const edit of sorted) {
    const last = distinct.at(-1);
    if (!last || edit.start >= last.end) distinct.push(edit);
    // Two removals that share a space ("URL URL") are one.
    else if (last.replacement === '' && edit.replacement === '') last.end = Math.max(last.end, edit.end);
  }
  const removals = emptiedRuns(text, distinct).map((run) => removalOf(text, run));
  const kept = distinct.filter(
    (edit) => !removals.some((cut) => edit.start >= cut.start && edit.end <= cut.end),
  );
  return [...kept, ...removals].sort((a, b) => a.start - b.start);
}

export interface Line {
  start: number;
  /** The index of its line break, or the end of the text. */
  end: number;
}

/** The line that holds the character at `at` (a line break belongs to the line it ends). */
export function lineAround(text: string, at: number): Line {
  const start = text.lastIndexOf('\n', at - 1) + 1;
  const next = text.indexOf('\n', at);
  return { start, end: next < 0 ? text.length : next };
}

/** Runs of lines the edits would leave blank (with only blank lines between them). */
function emptiedRuns(text: string, edits: readonly Edit[]): Line[] {
  const runs: Line[] = [];
  let index = 0;
  while (index < edits.length) {
    const line = lineAround(text, edits[index]!.start);
    let after = '';
    let from = line.start;
    let crossesLine = false;
    for (; index < edits.length && edits[index]!.start <= line.end; index += 1) {
      const edit = edits[index]!;
      crossesLine ||= edit.end > line.end || edit.replacement.includes('\n');
      after += text.slice(from, edit.start) + edit.replacement;
      from = edit.end;
    }
    after += text.slice(from, line.end);
    const before = text.slice(line.start, line.end);
    if (crossesLine || before.trim() === '' || after.trim() !== '') continue;
    const previous = runs.at(-1);
    if (previous && text.slice(previous.end, line.start).trim() === '') previous.end = line.end;
    else runs.push(line);
  }
  return runs;
}

/**
 * What removing a run of lines takes with it. Between two kept lines, the separation that stays is
 * the wider of the two around the run (a paragraph break survives, a blank line is not doubled);
 * at the end of the text, the line breaks before it; at the start, the blank lines after it.
 */
function removalOf(text: string, run: Line): Edit {
  let previousWord = run.start - 1;
  while (isSpace(text[previousWord])) previousWord -= 1;
  let nextWord = run.end;
  while (isSpace(text[nextWord])) nextWord += 1;
  const previousEnd = previousWord < 0 ? undefined : lineAround(text, previousWord).end;
  const nextStart = nextWord >= text.length ? undefined : lineAround(text, nextWord).start;
  const breaks = (from: number, to: number) => text.slice(from, to).split('\n').length;
  // Nothing else has words: the post is left empty, not a few blank lines.
  let cut: Line = { start: 0, end: text.length };
  if (previousEnd !== undefined && nextStart !== undefined) {
    const takeBefore = breaks(run.end, nextStart) >= breaks(previousEnd, run.start);
    cut = takeBefore ? { start: previousEnd, end: run.end } : { start: run.start, end: nextStart };
  } else if (previousEnd !== undefined) cut = { start: previousEnd, end: run.end };
  else if (nextStart !== undefined) cut = { start: run.start, end: nextStart };
  return { ...cut, replacement: '' };
}

/** Whether the character is white space (nothing before the start or past the end is). */
const isSpace = (character: string | undefined) => character !== undefined && /\s/u.test(character);
