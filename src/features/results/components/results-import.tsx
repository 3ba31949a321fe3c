import { useId, type ChangeEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { ImportStage } from '../use-results';
import { ImportReport } from './import-report';

/**
 * "Import LinkedIn's analytics export": the author picks the .xlsx that LinkedIn's post analytics
 * "Export" downloads; it is read in this browser, matched to their posts, and the matched posts'
 * results are stored (all or none). The report says what could not be matched.
 */
export function ResultsImport({
  stage,
  onPick,
  onClose,
  titleOf,
}: {
  stage: ImportStage;
  onPick: (file: File) => void;
  onClose: () => void;
  titleOf: (postId: string) => string;
}) {
  const id = useId();
  function picked(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onPick(file);
  }
  const busy = stage.step === 'reading' || stage.step === 'saving';
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
        Import LinkedIn&apos;s analytics export
      </h2>
      <p className="text-sm text-slate-600">
        On LinkedIn, open your profile&apos;s Analytics, then Post impressions, choose a period (for example
        the past 365 days) and Export. Choose the .xlsx file it downloads: it is read in this browser, and
        only your posts&apos; figures are saved.
      </p>
      {!busy && (
        <div>
          <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-700">
            LinkedIn analytics export (.xlsx)
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={picked}
            className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-50"
          />
        </div>
      )}
      {busy && (
        <div className="flex flex-wrap items-center gap-3">
          <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner className="h-4 w-4 text-brand-500" />
            {stage.step === 'reading' ? `Reading ${stage.fileName}...` : 'Saving your results...'}
          </p>
          {stage.step === 'reading' && (
            <Button variant="ghost" onClick={onClose}>
              Cancel
            </Button>
          )}
        </div>
      )}
      {stage.step === 'failed' && <Alert tone="danger">{stage.message}</Alert>}
      {stage.step === 'done' && (
        <ImportReport
          matched={stage.matched}
          unmatched={stage.unmatched}
          titleOf={titleOf}
          onClose={onClose}
        />
      )}
    </section>
  );
}
