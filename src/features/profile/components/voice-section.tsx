import { useId, type FormEvent } from 'react';
import { VoiceSamplesEditor } from '@/components/profile/voice-samples-editor';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LinkedInArchiveImport } from '../archive/linkedin-archive-import';
import type { useVoiceEditor } from '../use-voice-editor';
import { VoiceProfileFields } from './voice-profile-fields';

/**
 * "Your voice" in Settings: 3 to 10 of the author's past posts, the profile learned from them
 * ("Learn my voice"), editable, and its own save button, so a failed save of the samples never
 * takes the rest of the settings with it (and the other way round). The page holds the editor's
 * state (`useVoiceEditor`), so it knows when the voice has unsaved changes.
 */
export function VoiceSection({ editor }: { editor: ReturnType<typeof useVoiceEditor> }) {
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    void editor.save();
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-heading`}
      className="@container mt-6 space-y-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-medium text-slate-800">
          Your voice
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Paste 3 to 10 of your own past posts, then choose &ldquo;Learn my voice&rdquo;. Drafts are written
          from this profile and your closest samples. Your samples are only used as examples of your style.
        </p>
      </div>
      <LinkedInArchiveImport editor={editor} />
      <VoiceSamplesEditor
        samples={editor.samples}
        onChange={editor.setSamples}
        errors={editor.sampleErrors}
        disabled={editor.saving}
      />
      <Button variant="secondary" onClick={editor.learn} disabled={editor.saving}>
        Learn my voice
      </Button>
      {editor.voice && (
        <VoiceProfileFields
          values={editor.voice}
          errors={editor.voiceErrors}
          disabled={editor.saving}
          onChange={editor.updateVoice}
          samples={editor.samples}
        />
      )}
      {editor.stale && (
        <Alert tone="info">
          Your samples have changed since this profile was learned. Choose &ldquo;Learn my voice&rdquo; to
          learn it again, or save it as it is.
        </Alert>
      )}
      {editor.notice && <Alert tone="success">{editor.notice}</Alert>}
      {editor.error && (
        <Alert tone="danger">
          Your voice was not saved: {editor.error} Everything you entered is still here.
        </Alert>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={editor.saving}>
          {editor.saving ? 'Saving voice...' : 'Save Voice'}
        </Button>
      </div>
    </form>
  );
}
