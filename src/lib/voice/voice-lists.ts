import type { ListStyle } from './voice-habits';
import { emojiIn } from './voice-marks';

/** The list markers a post's lines start with: → arrows, • or "- " bullets, "1." numbers, emoji. */

type Marker = Exclude<ListStyle, 'none'>;

const arrow = /^(?:→|->|=>|⇒|⟶|➔|➜|➝|➞)/u;
const bullet = /^(?:[•◦▪▫‣·●○■□]|[-*–]\s)/u;
const numbered = /^\d{1,2}[.)]\s+\S/u;

/** The marker a line starts with, if any (after any indentation). */
export function listMarkerOf(line: string): Marker | null {
  const text = line.trimStart();
  if (arrow.test(text)) return 'arrow';
  if (bullet.test(text)) return 'bullet';
  if (numbered.test(text)) return 'number';
  return emojiIn(text)[0]?.index === 0 ? 'emoji' : null;
}

/**
 * A post's main list style: the marker most of its list lines start with (on a tie, the one seen
 * first), or "none" unless at least two lines start with it.
 */
export function listStyleOf(text: string): ListStyle {
  const lines = new Map<Marker, number>();
  for (const line of text.split('\n')) {
    const marker = listMarkerOf(line);
    if (marker) lines.set(marker, (lines.get(marker) ?? 0) + 1);
  }
  let main: ListStyle = 'none';
  let most = 1;
  for (const [marker, count] of lines) {
    if (count > most) [main, most] = [marker, count];
  }
  return main;
}
