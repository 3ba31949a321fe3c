import { linkedInFoldLength, linkedInLength, linkedInPostLimit } from '../../../lib/linkedin/linkedin-text';
import type { Place } from './check-post';
import type { AuthorStyle } from './habits';

/**
 * The findings about the whole post's length and its first line (docs/product.md §5.5b): over
 * LinkedIn's limit, far from the length that does best (or, for an author with voice samples, far
 * from their own), and a first line that runs past the "…see more" fold.
 */

/** Where LinkedIn's mobile app folds a post. */
export const mobileFoldLength = 140;
/** The length range that does best in the feed, and how far outside it counts as "far". */
export const bestLength = { min: 900, max: 1500 } as const;
const farOutside = { below: 600, above: 2000 } as const;
/** How far outside the author's own range (shortest × 0.7, longest × 1.3) a length is worth a word. */
export const authorSlack = { below: 0.7, above: 1.3 } as const;

export function lengthFindings(text: string, usual: AuthorStyle['length']): Place[] {
  const findings: Place[] = [];
  const length = linkedInLength(text);
  const whole = { start: 0, end: text.length };
  if (length > linkedInPostLimit) {
    findings.push({
      kind: 'over-limit',
      ...whole,
      message: `${length.toLocaleString('en-US')} characters: LinkedIn takes at most ${linkedInPostLimit.toLocaleString('en-US')} (emoji and styled letters count 2).`,
    });
  } else if (text.trim() !== '') {
    const message = usual ? lengthAgainstAuthor(length, usual) : lengthAgainstFeed(length);
    if (message) findings.push({ kind: 'length-outside-range', ...whole, message });
  }
  const firstBreak = text.indexOf('\n');
  const hookEnd = firstBreak < 0 ? text.length : firstBreak;
  if (hookEnd > mobileFoldLength) {
    const where = hookEnd > linkedInFoldLength ? 'on desktop and on phones' : 'on phones';
    findings.push({
      kind: 'hook-past-fold',
      start: 0,
      end: hookEnd,
      message: `The first line runs past the "…see more" fold ${where}: break it after the hook (about ${mobileFoldLength} characters).`,
    });
  }
  return findings;
}

const characters = (n: number) => `${n.toLocaleString('en-US')} characters`;

function lengthAgainstFeed(length: number): string | null {
  if (length >= farOutside.below && length <= farOutside.above) return null;
  return `${characters(length)}: posts of ${bestLength.min} to ${bestLength.max.toLocaleString('en-US')} characters tend to do best.`;
}

/** Against the author's own posts: their voice is the measure, not the feed's average. */
function lengthAgainstAuthor(length: number, usual: { min: number; max: number }): string | null {
  const range =
    usual.min === usual.max
      ? `your own post is ${characters(usual.min)}`
      : `your own posts run ${usual.min.toLocaleString('en-US')} to ${characters(usual.max)}`;
  if (length < usual.min * authorSlack.below)
    return `${characters(length)}: much shorter than you usually write (${range}).`;
  if (length > usual.max * authorSlack.above)
    return `${characters(length)}: much longer than you usually write (${range}).`;
  return null;
}
