import type { Place } from './check-post';
import { matches, spanOf } from './text-matches';

/**
 * "It's not X, it's Y" in its many forms (docs/product.md §5.5b): "this is not X. It is Y",
 * "meetings aren't X. They're Y", "not just X but Y", "it wasn't X — it was Y", "you don't need X.
 * You need Y", "they don't chase X. They chase Y". Each form names both halves, so a plain "not"
 * ("It is not ready yet, so we wait") is left alone.
 */

/**
 * The subjects of "it's not X, it's Y", by who they are: the second half names the same one ("it's
 * not X, it's Y", "we're not X, we're Y"), so "that's not what I said, I'm sure" is left alone.
 */
const subjects = [
  String.raw`(?:it(?:'|’)?s|it is|this is|that(?:'|’)?s|that is)`,
  String.raw`(?:they(?:'|’)?re|they are)`,
  String.raw`(?:we(?:'|’)?re|we are)`,
  String.raw`(?:i(?:'|’)?m|i am)`,
  String.raw`(?:you(?:'|’)?re|you are)`,
];

/** After "but", a pronoun starts a clause of its own: "…, but I understand why". */
const newClause = String.raw`(?:i|we|you|they|he|she|it|there|that|this)\b`;
/** What joins the two halves: a comma, semicolon, colon or full stop, or a dash ("not X — it's Y"). */
const joint = String.raw`(?:[,;:.]\s*|[ \t]*[—–][ \t]*|[ \t]+--?[ \t]+)`;

const patterns: readonly RegExp[] = [
  ...subjects.map(
    (subject) =>
      new RegExp(
        String.raw`\b${subject} not (?:just |only |about )?[^.!?\n]{1,60}?${joint}${subject}\b`,
        'iu',
      ),
  ),
  // "not just X but Y"; "not just a payroll company, but I understand why…" starts a new clause.
  new RegExp(String.raw`\bnot (?:just|only|merely) [^.!?\n]{1,60}?,? but (?!${newClause})(?:also )?`, 'iu'),
  // "Great leaders don't just manage. They inspire."
  new RegExp(
    String.raw`\b(?:don(?:'|’)t|doesn(?:'|’)t|do not|does not) just [^.!?\n]{1,60}?(?:${joint}(?:they|we|you|i|he|she)\b|,? but\b)`,
    'iu',
  ),
  // "Success is not the absence of failure, but how you respond to it." Only with "but how",
  // "but what"…: "…is not my field, but a few people asked" goes on to something else.
  new RegExp(
    String.raw`\b(?:(?:are|is|was|were) not|aren(?:'|’)t|isn(?:'|’)t|wasn(?:'|’)t|weren(?:'|’)t) [^.!?\n]{1,60}?,? but (?:how|what|why|who|where|when|whether|the way)\b`,
    'iu',
  ),
  // "Meetings aren't work. They're a cost.", "It wasn't luck. It was work.": any subject, then
  // "they" or "it".
  new RegExp(
    String.raw`\b(?:(?:are|is|was|were) not|aren(?:'|’)t|isn(?:'|’)t|wasn(?:'|’)t|weren(?:'|’)t) [^.!?\n]{1,60}?${joint}(?:they(?:(?:'|’)re| are| were)|it(?:(?:'|’)s| is| was))\b`,
    'iu',
  ),
  // "They don't chase busyness. They chase impact.": the same subject and verb, turned round.
  new RegExp(
    String.raw`\b(you|we|i|they|he|she) (?:don(?:'|’)t|do not|doesn(?:'|’)t|does not) ([\p{L}]{2,}) [^.!?\n]{1,60}?${joint}\1 \2s?\b`,
    'iu',
  ),
  // "You don't need more leads. You need better ones."
  new RegExp(
    String.raw`\b(?:don(?:'|’)t|doesn(?:'|’)t|do not|does not) need [^.!?\n]{1,60}?${joint}(?:you|we|i|they|he|she|it) needs?\b`,
    'iu',
  ),
];

export function notXButY(text: string): Place[] {
  const spans = patterns
    .flatMap((pattern) => [...matches(text, pattern)].map(spanOf))
    .sort((a, b) => a.start - b.start);
  // "This is not X. It is Y" answers two of the patterns: one finding for it.
  const distinct = spans.filter((span, index) => index === 0 || span.start >= spans[index - 1]!.end);
  return distinct.map((span) => ({
    kind: 'not-x-but-y' as const,
    ...span,
    message: '"It\'s not X, it\'s Y" is a pattern readers now spot as AI. Say what it is.',
  }));
}
