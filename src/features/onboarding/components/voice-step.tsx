import { VoiceSamplesEditor, type VoiceSampleErrors } from '@/components/profile/voice-samples-editor';

interface VoiceStepProps {
  samples: readonly string[];
  onChange: (samples: string[]) => void;
  errors: VoiceSampleErrors | null;
  disabled: boolean;
}

/** Step 5, optional: a few past posts, so drafts sound like the author from the first one. */
export function VoiceStep({ samples, onChange, errors, disabled }: VoiceStepProps) {
  return (
    <>
      <h2 className="text-lg font-medium text-slate-800">Teach it your voice (optional)</h2>
      <p className="text-sm text-slate-600">
        Paste 3 to 10 of your own past posts. Drafts are written from a profile of your style and your closest
        samples. Your samples are only used as examples of your style. You can skip this and add them later in
        Settings.
      </p>
      <VoiceSamplesEditor
        samples={samples}
        onChange={onChange}
        errors={errors}
        disabled={disabled}
        autoFocus
      />
    </>
  );
}
