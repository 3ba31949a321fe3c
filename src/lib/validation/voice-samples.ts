import { voiceSampleLimits } from '@/lib/voice/voice-profile';

/**
 * What the author pasted as voice samples, checked before anything is saved, with messages in their
 * words that name the sample (Settings and the onboarding wizard show the same ones).
 */
export type VoiceSampleCheck =
  /** Nothing pasted: the author has no samples (Settings clears the voice; onboarding skips it). */
  | { status: 'empty' }
  /** Ready to save: the samples trimmed, in the order given. */
  | { status: 'valid'; samples: string[] }
  /** One message per sample (null when that one is fine) and one about the list as a whole. */
  | { status: 'invalid'; sampleErrors: (string | null)[]; listError: string | null };

const { min, max, minCharacters, maxCharacters } = voiceSampleLimits;
const count = (value: number) => value.toLocaleString('en-US');

/** Characters as the database counts them (char_length: code points, so an emoji is one). */
export function sampleLength(text: string): number {
  return [...text.trim()].length;
}

function sampleError(text: string, position: number): string | null {
  const length = sampleLength(text);
  if (length === 0) return `Sample ${position} is empty: paste a post or remove it.`;
  if (length < minCharacters)
    return `Sample ${position} is too short: ${count(length)} characters. A sample needs at least ${minCharacters}.`;
  if (length > maxCharacters)
    return `Sample ${position} is too long: ${count(length)} characters. A sample can have at most ${count(maxCharacters)}.`;
  return null;
}

/** "Add at least 3 samples: you have 2." */
export function tooFewSamplesMessage(filled: number): string {
  return `Add at least ${min} samples: you have ${filled}.`;
}

function listError(filled: number): string | null {
  if (filled < min) return tooFewSamplesMessage(filled);
  if (filled > max) return `A voice is learned from at most ${max} samples: remove ${filled - max}.`;
  return null;
}

export function checkVoiceSamples(samples: readonly string[]): VoiceSampleCheck {
  const filled = samples.filter((sample) => sampleLength(sample) > 0).length;
  if (filled === 0) return { status: 'empty' };
  const sampleErrors = samples.map((sample, index) => sampleError(sample, index + 1));
  const list = listError(filled);
  if (list === null && sampleErrors.every((error) => error === null))
    return { status: 'valid', samples: samples.map((sample) => sample.trim()) };
  return { status: 'invalid', sampleErrors, listError: list };
}
