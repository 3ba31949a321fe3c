import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/field';
import { sampleLength } from '@/lib/validation/voice-samples';
import { voiceSampleLimits } from '@/lib/voice/voice-profile';

export interface VoiceSampleErrors {
  /** One message per sample, null when that one is fine. */
  sampleErrors: readonly (string | null)[];
  /** A message about the list as a whole (too few, too many). */
  listError: string | null;
}

interface VoiceSamplesEditorProps {
  samples: readonly string[];
  onChange: (samples: string[]) => void;
  /** What to point out (after a first attempt to use the samples), or null. */
  errors?: VoiceSampleErrors | null;
  disabled?: boolean;
  /** Puts the cursor in the first sample when the editor appears (the wizard's step). */
  autoFocus?: boolean;
}

/**
 * The author's past posts, one box each: "Sample 1", "Sample 2", …, with "Add a sample", a remove
 * button per sample and a "3 of 10 samples" counter. The same in the onboarding wizard and in
 * Settings; the caller checks the samples (src/lib/validation/voice-samples.ts) and passes the messages.
 */
export function VoiceSamplesEditor({
  samples,
  onChange,
  errors,
  disabled,
  autoFocus,
}: VoiceSamplesEditorProps) {
  const id = useId();
  const addButton = useRef<HTMLButtonElement>(null);
  // The sample just added gets the cursor (it mounts with autoFocus).
  const [added, setAdded] = useState<number | null>(null);
  // After a removal the cursor goes to "Add a sample" (enabled again by then), not to the page's top.
  const [removals, setRemovals] = useState(0);
  useEffect(() => {
    if (removals > 0) addButton.current?.focus();
  }, [removals]);
  const full = samples.length >= voiceSampleLimits.max;
  const listError = errors?.listError ?? null;

  const change = (index: number, value: string) =>
    onChange(samples.map((sample, at) => (at === index ? value : sample)));
  const add = () => {
    setAdded(samples.length);
    onChange([...samples, '']);
  };
  const remove = (index: number) => {
    setAdded(null);
    setRemovals((count) => count + 1);
    onChange(samples.filter((_, at) => at !== index));
  };

  return (
    <fieldset className="space-y-4" aria-describedby={listError ? `${id}-list-error` : `${id}-count`}>
      <legend className="text-sm font-medium text-slate-700">Your past posts</legend>
      <p id={`${id}-count`} aria-live="polite" className="text-sm text-slate-600">
        {samples.length} of {voiceSampleLimits.max} samples
      </p>
      {samples.map((sample, index) => (
        // Index keys: the boxes are controlled, so a removal shows each text in its right box.
        <div key={index} className="space-y-1">
          <TextAreaField
            label={`Sample ${index + 1}`}
            rows={5}
            autoFocus={index === added || (autoFocus && index === 0)}
            disabled={disabled}
            value={sample}
            hint={`${sampleLength(sample).toLocaleString('en-US')} characters`}
            error={errors?.sampleErrors[index] ?? null}
            onChange={(event) => change(index, event.target.value)}
          />
          <div className="flex justify-end">
            <Button
              variant="ghost"
              className="px-2 py-1"
              aria-label={`Remove sample ${index + 1}`}
              disabled={disabled}
              onClick={() => remove(index)}
            >
              Remove
            </Button>
          </div>
        </div>
      ))}
      {listError && (
        <p id={`${id}-list-error`} className="text-sm text-red-600">
          {listError}
        </p>
      )}
      <Button ref={addButton} variant="secondary" disabled={disabled || full} onClick={add}>
        Add a sample
      </Button>
      {full && (
        <p className="text-xs text-slate-500">
          That is the most a voice is learned from: {voiceSampleLimits.max} samples.
        </p>
      )}
    </fieldset>
  );
}
