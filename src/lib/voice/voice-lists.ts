import type { ListStyle } from './voice-habits';
import { emojiIn } from './voice-marks';

/** The list markers a post's lines start with: → arrows, • or "- " bullets, "1." numbers, emoji. */

type Marker = Exclude<ListStyle, 'none'>;

const arrow = /^(?:→|->|=>|⇒|⟶|➔|➜|➝|➞)/u;
const bullet = /^(?:[•◦▪▫‣·●○■□]|[-*–]\s)/u;
const numbered = /^\d{1,2}[.)]\s+\S/u;

/** UTF-16 units of a line's start that can hold its first emoji (a ZWJ sequence of eight with tags). */
const emojiPrefix = 100;
/** What an emoji (as emojiIn reads them) can start with. */
const emojiStart = /^(?:\p{Regional_Indicator}|[#*0-9]\uFE0F?\u20E3|\p{Extended_Pictographic})/u;

/** The marker a line starts with, if any (after any indentation). */
export function listMarkerOf(line: string): Marker | null {
  const text = line.trimStart();
  if (arrow.test(text)) return 'arrow';
  if (bullet.test(text)) return 'bullet';
  if (numbered.test(text)) return 'number';
  // Only the line's start can hold the marker: a line that cannot start an emoji is not scanned,
  // and only its first characters are (scanning every line in full made 1,000 posts slow to read).
  if (!emojiStart.test(text)) return null;
  return emojiIn(text.slice(0, emojiPrefix))[0]?.index === 0 ? 'emoji' : null;
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
