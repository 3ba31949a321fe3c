import type { VoiceSample } from '@/lib/supabase/database-types';

export interface VoiceSampleChanges {
  /** Stored samples whose text is still wanted: they stay as they are, in their stored order. */
  keep: VoiceSample[];
  /** Ids of stored samples no longer wanted. */
  remove: string[];
  /** Wanted texts not stored yet, in the order given. */
  add: string[];
  /** The time (ms) the added samples come after, so they are read back after the kept ones. */
  addAfter: number;
}

/**
 * What turns the stored samples into the wanted list with the fewest writes: an unchanged text
 * keeps its row (each stored row matches one wanted text, so a text given twice is stored twice),
 * the rest is deleted or inserted. Order: kept samples stay where they were and new ones follow
 * them, so an edited sample moves to the end. Samples are examples, not a sequence, and this
 * avoids rewriting every row on each save.
 */
export function planVoiceSampleChanges(
  stored: readonly VoiceSample[],
  wanted: readonly string[],
  now: number,
): VoiceSampleChanges {
  const unmatched = [...stored];
  const add: string[] = [];
  for (const content of wanted) {
    const index = unmatched.findIndex((sample) => sample.content === content);
    if (index === -1) add.push(content);
    else unmatched.splice(index, 1);
  }
  const removed = new Set(unmatched.map((sample) => sample.id));
  const keep = stored.filter((sample) => !removed.has(sample.id));
  const latestKept = Math.max(0, ...keep.map((sample) => Date.parse(sample.created_at)));
  return { keep, remove: [...removed], add, addAfter: Math.max(now, latestKept) };
}
