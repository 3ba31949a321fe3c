import type { Finding, FindingKind, Severity } from './check-post';
import { settleEdits, type Fix } from './fix';
import { phraseKinds } from './habits';
import { linkRemovalEdits } from './link-removal';

/**
 * What the panel lists: the places of one kind as one finding, with a count, and fixes that change
 * all of them in one step. Seven hashtags are one finding ("Remove the last 4"), three emoji
 * bullets another ("Remove the emoji (3)"): fixing one bullet alone would leave the others
 * unflagged, since the rule needs two. The author's own habits (severity "info") are a group of
 * their own beside the warnings of the same kind, without fixes.
 */
export interface FindingGroup {
  kind: FindingKind;
  severity: Severity;
  /** The finding's own message for one place; for several, how many and why. */
  message: string;
  /** The places, in text order. */
  findings: readonly Finding[];
  /** Each applies to every place at once. Empty when the fix is not mechanical. */
  fixes: readonly Fix[];
}

/**
 * The findings of `text` by kind (and severity), in the order of each group's first place.
 * `findings` are in text order, as checkPost returns them (or any part of them, in the same order).
 */
export function groupFindings(text: string, findings: readonly Finding[]): FindingGroup[] {
  const byKind = new Map<string, Finding[]>();
  for (const finding of findings) {
    const key = `${finding.severity} ${finding.kind}`;
    const places = byKind.get(key);
    if (places) places.push(finding);
    else byKind.set(key, [finding]);
  }
  return [...byKind.values()].map((places) => {
    const { kind, severity } = places[0]!;
    return severity === 'info'
      ? { kind, severity, message: habitGroupMessage(text, places), findings: places, fixes: [] }
      : {
          kind,
          severity,
          message: messageFor(text, places),
          findings: places,
          fixes: fixesFor(text, places),
        };
  });
}

/** The author's habit once, however often: for stock phrases, which ones. */
function habitGroupMessage(text: string, places: readonly Finding[]): string {
  const first = places[0]!;
  const phrases = new Set(places.map((place) => text.slice(place.start, place.end).trim()));
  if (phrases.size === 1 || !phraseKinds.includes(first.kind)) return first.message;
  return `${quoteList(text, places)}: you use these in your own posts, so they are left as they are.`;
}

/** `"a"`, `"a" and "b"`, `"a", "b" and "c"`; a word that comes back is counted: `"realm" (2)`. */
function quoteList(text: string, places: readonly Finding[]): string {
  const counts = new Map<string, number>();
  for (const place of places) {
    const words = text.slice(place.start, place.end).trim();
    counts.set(words, (counts.get(words) ?? 0) + 1);
  }
  const quoted = [...counts].map(([words, times]) => `"${words}"${times > 1 ? ` (${times})` : ''}`);
  return quoted.length === 1 ? quoted[0]! : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}

function messageFor(text: string, places: readonly Finding[]): string {
  const first = places[0]!;
  const n = places.length;
  if (n === 1) return first.message;
  switch (first.kind) {
    case 'em-dash':
      return `${n} dashes: dashes like these are one of the best-known signs of AI writing.`;
    case 'not-x-but-y':
      return `${n} sentences built as "It's not X, it's Y", a pattern readers now spot as AI. Say what it is.`;
    case 'stock-opener':
      return `${n} stock openers: ${quoteList(text, places)}. Start with something only you would say.`;
    case 'stock-closer':
      return `${n} stock lines readers skip: ${quoteList(text, places)}. End on your point.`;
    case 'stock-vocabulary':
      return `${n} stock AI words: ${quoteList(text, places)}. Use the plain words you would say out loud.`;
    case 'rule-of-three':
      return `${n} lists of exactly three: a habit of AI writing. Keep the points that matter.`;
    case 'emoji-bullets':
      return `${n} emoji bullets: emoji used as bullets are a tell of AI-written posts.`;
    case 'arrow-bullets':
      return `${n} arrow bullets: arrows (→) used as bullets are a tell of AI-written posts.`;
    case 'unicode-styling':
      return `${n} runs of Unicode "bold" or "italic" letters: screen readers read them out one by one, search does not find them, and they count double.`;
    case 'link-in-body':
      return `${n} links: LinkedIn shows posts with links to fewer people. Put them in the first comment instead.`;
    case 'markdown-artifacts':
      return `${n} markdown marks: LinkedIn shows them as typed, with no bold, headings or bullets.`;
    default:
      // Hashtags say their count already; the whole-post findings come once.
      return first.message;
  }
}

function fixesFor(text: string, places: readonly Finding[]): Fix[] {
  const first = places[0]!;
  if (first.kind === 'link-in-body') return linkFixes(text, places);
  const fixes = places.flatMap((place) => (place.fix ? [place.fix] : []));
  if (fixes.length === 0) return [];
  const label = fixes.length === 1 ? fixes[0]!.label : allLabel(first.kind, fixes);
  return [
    {
      label,
      edits: settleEdits(
        text,
        fixes.map((fix) => fix.edit),
      ),
    },
  ];
}

/** The label of a fix of `fixes.length` places at once. */
function allLabel(kind: FindingKind, fixes: readonly NonNullable<Finding['fix']>[]): string {
  const n = fixes.length;
  const labels = new Set(fixes.map((fix) => fix.label));
  switch (kind) {
    case 'em-dash':
      return labels.has('Use a comma') ? `Use commas (${n})` : `Remove the dashes (${n})`;
    case 'arrow-bullets':
      return `Remove the arrows (${n})`;
    case 'too-many-hashtags':
      return `Remove the last ${n}`;
    case 'markdown-artifacts':
      return labels.size === 1 ? `${fixes[0]!.label} (${n})` : `Remove the markdown (${n})`;
    default:
      // "Remove the emoji (3)", "Use plain letters (2)".
      return `${fixes[0]!.label} (${n})`;
  }
}

/** Remove the links, or move them to the first comment: the same edits, and the links handed over. */
function linkFixes(text: string, places: readonly Finding[]): Fix[] {
  const edits = settleEdits(text, linkRemovalEdits(text, places));
  const links = [...new Set(places.map((place) => text.slice(place.start, place.end)))];
  const n = places.length;
  return [
    { label: n === 1 ? 'Remove the link' : `Remove the links (${n})`, edits },
    {
      label: n === 1 ? 'Move the link to the first comment' : `Move the links to the first comment (${n})`,
      edits,
      firstCommentAddition: links.join('\n'),
    },
  ];
}
