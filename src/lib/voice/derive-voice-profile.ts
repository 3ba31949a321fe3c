import type { VoiceProfile } from './voice-profile';
import { describeClosings } from './voice-closings';
import { describeEmoji, describeHashtags } from './voice-marks';
import { describeOpenings } from './voice-openings';
import { phrasesAvoided, phrasesUsed } from './voice-phrases';
import { describeLength, describeParagraphs, describeSentences } from './voice-rhythm';
import { signaturePhrases } from './voice-signature-phrases';
import { parsePost } from './voice-text';

/**
 * Derives a first voice profile from the author's own posts: plain counting, no AI call, so the
 * same samples always give the same profile. Each field is a sentence the author reads and edits
 * in Settings; openings, closings and phrases are read as the habits are (derive-voice-habits.ts).
 * Ten samples of 5,000 characters take a few milliseconds.
 */

/**
 * The profile of the samples that hold words: blank ones (and ones of emoji or hashtags only) are
 * left out, and all fields are empty when none is left.
 */
export function deriveVoiceProfile(samples: readonly string[]): VoiceProfile {
  const posts = samples.map(parsePost).filter((post) => post !== undefined);
  if (posts.length === 0) return emptyProfile();
  return {
    length: describeLength(posts),
    sentences: describeSentences(posts),
    paragraphs: describeParagraphs(posts),
    openings: describeOpenings(posts),
    closings: describeClosings(posts),
    emoji: describeEmoji(posts),
    hashtags: describeHashtags(posts),
    phrasesUsed: phrasesUsed(signaturePhrases(samples)),
    phrasesAvoided: phrasesAvoided(posts),
  };
}

function emptyProfile(): VoiceProfile {
  return {
    length: '',
    sentences: '',
    paragraphs: '',
    openings: '',
    closings: '',
    emoji: '',
    hashtags: '',
    phrasesUsed: [],
    phrasesAvoided: [],
  };
}
