import { AlertTriangle, RotateCcw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';

/** The mark on a post whose generation failed half-way: what happened, and the way forward. */
export function IncompletePostNotice({
  onRegenerate,
  canRegenerate,
}: {
  onRegenerate: () => void;
  canRegenerate: boolean;
}) {
  return (
    <div className="mx-4 mb-3 flex flex-wrap items-start gap-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <p className="min-w-0 flex-1">
        <strong className="font-semibold">Incomplete post</strong>
        <span className="block">
          The AI stopped before it had finished. Regenerate it, or save it as it is and finish it yourself.
        </span>
      </p>
      <Button variant="secondary" className="px-3 py-1.5" disabled={!canRegenerate} onClick={onRegenerate}>
        <RotateCcw aria-hidden="true" className="h-4 w-4" /> Regenerate
      </Button>
    </div>
  );
}

/** Saving a cut-off post is a choice made on purpose, never one click on "Save Post". */
export function SaveIncompleteConfirm({
  onConfirm,
  onCancel,
}: {
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <div
      role="group"
      aria-label="Save an incomplete post?"
      className="flex flex-wrap items-center justify-end gap-2 border-t border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900"
    >
      <p className="mr-auto">This post was cut off. Save it as it is?</p>
      <Button ref={cancel} variant="secondary" className="px-3 py-1.5" onClick={onCancel}>
        Cancel
      </Button>
      <Button className="px-3 py-1.5" onClick={onConfirm}>
        Save anyway
      </Button>
    </div>
  );
}
