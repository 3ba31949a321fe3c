import { useId, type ChangeEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ArchiveReview } from './archive-review';
import type { HistorySaved } from './save-history-posts';
import { useArchiveImport } from './use-archive-import';
import { useKeepSamples, type SamplesEditor } from './use-keep-samples';

const count = (value: number) => value.toLocaleString('en-US');

function historyNote(history: HistorySaved): string {
  const { added, alreadyKept } = history;
  if (added === 0) return `All ${count(alreadyKept)} posts were already kept by an earlier import.`;
  const kept = `Kept ${count(added)} ${added === 1 ? 'post' : 'posts'} as published history: they are in Saved Posts and on the calendar on the day you posted them.`;
  return alreadyKept > 0
    ? `${kept} ${count(alreadyKept)} more were already kept by an earlier import.`
    : kept;
}

/**
 * "Import from your LinkedIn archive" in Settings' "Your voice" (docs/product.md §11.1): the author
 * picks LinkedIn's ZIP or its Shares.csv, the file is read in this browser, and only the posts they
 * keep are saved: the chosen ones as voice samples, through the editor, and optionally every post
 * as published history.
 */
export function LinkedInArchiveImport({ editor }: { editor: SamplesEditor }) {
  const id = useId();
  const keepSamples = useKeepSamples(editor);
  const archiveImport = useArchiveImport(keepSamples);
  const { stage } = archiveImport;

  function picked(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file picked again after a failure is a new choice.
    event.target.value = '';
    if (file) archiveImport.pick(file);
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3 rounded-xl border border-slate-200 p-4">
      <h3 id={`${id}-heading`} className="text-base font-medium text-slate-800">
        Import from your LinkedIn archive
      </h3>
      <p className="text-sm text-slate-600">
        LinkedIn sends you a copy of your data when you ask for it (Settings &amp; Privacy, Data privacy, Get
        a copy of your data). Choose the ZIP file it sends, or the Shares.csv inside it. The file is read in
        this browser: only the posts you keep are saved.
      </p>
      {stage.step !== 'review' && stage.step !== 'reading' && (
        <div>
          <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-700">
            LinkedIn archive (ZIP or Shares.csv)
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".zip,.csv,application/zip,text/csv"
            onChange={picked}
            className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-50"
          />
        </div>
      )}
      {stage.step === 'reading' && (
        <div className="flex flex-wrap items-center gap-3">
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner className="h-4 w-4 text-brand-500" />
            Reading {stage.fileName}...
          </p>
          <Button variant="ghost" onClick={archiveImport.close}>
            Cancel
          </Button>
        </div>
      )}
      {stage.step === 'failed' && <Alert tone="danger">{stage.message}</Alert>}
      {stage.step === 'review' && (
        <ArchiveReview
          fileName={stage.fileName}
          archive={stage.archive}
          selected={archiveImport.selected}
          onToggle={archiveImport.toggle}
          keepHistory={archiveImport.keepHistory}
          onKeepHistory={archiveImport.setKeepHistory}
          onKeep={() => void archiveImport.keep()}
          onCancel={archiveImport.close}
          keeping={archiveImport.keeping}
          busy={editor.saving}
          error={archiveImport.keepError}
        />
      )}
      {stage.step === 'done' && (
        <Alert tone="success">
          {stage.history && <span className="block">{historyNote(stage.history)}</span>}
          {stage.samples > 0 && (
            <span className="block">
              Your {stage.samples} chosen posts are now your samples below, and your voice was learned from
              them.
            </span>
          )}
        </Alert>
      )}
    </section>
  );
}
