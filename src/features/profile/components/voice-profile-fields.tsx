import { useId } from 'react';
import { TextAreaField } from '@/components/ui/field';
import { voiceProfileLimits, type VoiceProfile } from '@/lib/voice/voice-profile';
import {
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
}

/** The learned voice profile, every part editable: the prompt uses it as it reads here. */
export function VoiceProfileFields({ values, errors, disabled, onChange }: VoiceProfileFieldsProps) {
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
        <TextAreaField
          key={field}
          label={labels[field]}
          rows={3}
          disabled={disabled}
          hint="Separate phrases with commas or new lines."
          value={values[field]}
          error={errors[field] ?? null}
          onChange={(e) => onChange(field, e.target.value)}
        />
      ))}
    </section>
  );
}
