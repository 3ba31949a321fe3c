import { checkPost, findingKinds, type CheckOptions, type FindingKind } from './check-post';
import { phraseOf } from './habits';

/**
 * How well the post check does on posts labelled by hand (tests/fixtures/post-check-eval): per kind
 * of finding, how many of the places it flags are right (precision) and how many of the labelled
 * places it finds (recall). Used by the benchmark that reports it and the test that holds it up.
 */

/** One labelled post, as tests/fixtures/post-check-eval/posts.json keeps it. */
export interface LabelledPost {
  id: string;
  /** Whether a person wrote it in their own voice, or it reads as AI writing. */
  label: 'human' | 'ai';
  /** "tuning": the check was improved against it; "held-out": written and labelled after, run once. */
  split: 'tuning' | 'held-out';
  /** Who is writing and how (founder, British, emoji, lists…), and what it tests. */
  style: string;
  /** The text, line by line. */
  lines: readonly string[];
  options?: { maxHashtags?: number };
  /**
   * The places of each kind a careful reader would flag (kinds left out: none): how many, or for
   * phrases and links the words themselves (compared as habits compare them: case, punctuation
   * and emoji around them aside).
   */
  expected: Partial<Record<FindingKind, number | readonly string[]>>;
}

export interface KindScore {
  kind: FindingKind;
  /** Places flagged that were labelled; flagged that were not; labelled that were not flagged. */
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  /** 1 when nothing was flagged; 1 when nothing was labelled. */
  precision: number;
  recall: number;
}

/** A post where the check and the labels disagree on a kind. */
export interface Disagreement {
  id: string;
  kind: FindingKind;
  expected: readonly string[] | number;
  found: readonly string[];
}

export interface CheckScore {
  kinds: KindScore[];
  disagreements: Disagreement[];
}

/** The words of a place, as labels name them. */
const wordsOf = (text: string, start: number, end: number) => phraseOf(text.slice(start, end));

export function scoreCheck(posts: readonly LabelledPost[]): CheckScore {
  const totals = new Map(findingKinds.map((kind) => [kind, { tp: 0, fp: 0, fn: 0 }]));
  const disagreements: Disagreement[] = [];
  for (const post of posts) {
    const text = post.lines.join('\n');
    const options: CheckOptions =
      post.options?.maxHashtags === undefined ? {} : { maxHashtags: post.options.maxHashtags };
    const findings = checkPost(text, options);
    for (const kind of findingKinds) {
      const found = findings
        .filter((finding) => finding.kind === kind)
        .map((finding) => wordsOf(text, finding.start, finding.end));
      const expected = post.expected[kind] ?? 0;
      const tp = typeof expected === 'number' ? Math.min(expected, found.length) : matched(expected, found);
      const wanted = typeof expected === 'number' ? expected : expected.length;
      const total = totals.get(kind)!;
      total.tp += tp;
      total.fp += found.length - tp;
      total.fn += wanted - tp;
      if (tp !== found.length || tp !== wanted) disagreements.push({ id: post.id, kind, expected, found });
    }
  }
  const kinds = [...totals].map(([kind, { tp, fp, fn }]) => ({
    kind,
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
    precision: tp + fp === 0 ? 1 : tp / (tp + fp),
    recall: tp + fn === 0 ? 1 : tp / (tp + fn),
  }));
  return { kinds, disagreements };
}

/** How many of the labelled phrases were found (each found place answers one label). */
function matched(expected: readonly string[], found: readonly string[]): number {
  const left = [...found];
  let count = 0;
  for (const words of expected) {
    const at = left.indexOf(phraseOf(words));
    if (at >= 0) {
      left.splice(at, 1);
      count += 1;
    }
  }
  return count;
}
