import { Fragment, useId, useMemo } from 'react';
import { TextAreaField } from '@/components/ui/field';
import { voiceProfileLimits, type VoiceProfile } from '@/lib/voice/voice-profile';
import { samplesWithPhrase } from '@/lib/voice/voice-signature-phrases';
import {
  parsePhrases,
  voicePhraseFields,
  voiceTextFields,
  type VoiceProfileForm,
  type VoiceProfileFormErrors,
} from '../voice-profile-form';

const labels: Record<keyof VoiceProfile, string> = {
  length: 'Length',
  sentences: 'Sentences',
  paragraphs: 'Paragraphs',
  openings: 'Openings',
  closings: 'Closings',
  emoji: 'Emoji',
  hashtags: 'Hashtags',
  phrasesUsed: 'Phrases I use',
  phrasesAvoided: 'Phrases I never use',
};

interface VoiceProfileFieldsProps {
  values: VoiceProfileForm;
  errors: VoiceProfileFormErrors;
  disabled?: boolean;
  onChange: (key: keyof VoiceProfile, value: string) => void;
  /** The samples as in their boxes ("Sample 1", …), to show where each phrase the author uses is. */
  samples?: readonly string[];
}

const noSamples: readonly string[] = [];

/** "1", "1 and 3", "1, 3 and 4". */
function numberList(numbers: readonly number[]): string {
  const last = numbers.at(-1);
  return numbers.length > 1 ? `${numbers.slice(0, -1).join(', ')} and ${last}` : String(last);
}

/**
 * Under "Phrases I use": each phrase found in the samples and the samples it is in ("in samples 1,
 * 3 and 4", counted from 1 as the boxes are), following the list and the samples as they are typed.
 */
function PhraseSources({ phrases, samples }: { phrases: string; samples: readonly string[] }) {
  const found = useMemo(
    () =>
      parsePhrases(phrases)
        .map((phrase) => ({ phrase, numbers: samplesWithPhrase(phrase, samples).map((index) => index + 1) }))
        .filter(({ numbers }) => numbers.length > 0),
    [phrases, samples],
  );
  if (found.length === 0) return null;
  return (
    <ul aria-label="Where your phrases appear" className="space-y-0.5 text-xs text-slate-500">
      {/* A phrase may be typed twice: its place in the list keeps the keys apart. */}
      {found.map(({ phrase, numbers }, index) => (
        <li key={`${index}-${phrase}`}>
          &ldquo;{phrase}&rdquo; in {numbers.length === 1 ? 'sample' : 'samples'} {numberList(numbers)}
        </li>
      ))}
    </ul>
  );
}

/** The learned voice profile, every part editable: the prompt uses it as it reads here. */
export function VoiceProfileFields({
  values,
  errors,
  disabled,
  onChange,
  samples = noSamples,
}: VoiceProfileFieldsProps) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <h3 id={`${id}-heading`} className="text-base font-medium text-slate-800">
        Your voice profile
      </h3>
      <div className="grid gap-4 @md:grid-cols-2">
        {/* Two lines each: a derived sentence ("About 180 words (1,100 characters); from 120 to 240
            words") is read whole, not cut off at the field's edge. */}
        {voiceTextFields.map((field) => (
          <TextAreaField
            key={field}
            label={labels[field]}
            rows={2}
            maxLength={voiceProfileLimits.field}
            disabled={disabled}
            value={values[field]}
            error={errors[field] ?? null}
            onChange={(e) => onChange(field, e.target.value)}
          />
        ))}
      </div>
      {voicePhraseFields.map((field) => (
        <Fragment key={field}>
          <TextAreaField
            label={labels[field]}
            rows={3}
            disabled={disabled}
            hint="Separate phrases with commas or new lines."
            value={values[field]}
            error={errors[field] ?? null}
            onChange={(e) => onChange(field, e.target.value)}
          />
          {field === 'phrasesUsed' && <PhraseSources phrases={values[field]} samples={samples} />}
        </Fragment>
      ))}
    </section>
  );
}
