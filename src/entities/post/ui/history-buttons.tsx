import { Redo2, Undo2 } from 'lucide-react';

const button =
  'flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 disabled:text-slate-300 disabled:hover:bg-transparent';

/**
 * Undo and Redo for the post's one history, named by what they take back ("Undo Shorter"); the
 * live region says what the last one did.
 */
export function HistoryButtons({
  undoName,
  redoName,
  onUndo,
  onRedo,
  disabled,
  notice,
}: {
  undoName: string | null;
  redoName: string | null;
  onUndo: () => void;
  onRedo: () => void;
  disabled: boolean;
  notice: string;
}) {
  return (
    <div className="flex items-center gap-1">
      <button
        type="button"
        onClick={onUndo}
        disabled={disabled || undoName === null}
        aria-label={undoName ? `Undo ${undoName}` : 'Undo'}
        title={undoName ? `Undo ${undoName} (Ctrl+Z)` : 'Nothing to undo'}
        aria-keyshortcuts="Control+Z Meta+Z"
        className={button}
      >
        <Undo2 aria-hidden="true" className="h-3.5 w-3.5" />
        {/* The word from 640 px; the name (aria-label) always. */}
        <span className="hidden sm:inline">Undo</span>
      </button>
      <button
        type="button"
        onClick={onRedo}
        disabled={disabled || redoName === null}
        aria-label={redoName ? `Redo ${redoName}` : 'Redo'}
        title={redoName ? `Redo ${redoName} (Shift+Ctrl+Z)` : 'Nothing to redo'}
        aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
        className={button}
      >
        <Redo2 aria-hidden="true" className="h-3.5 w-3.5" />
        <span className="hidden sm:inline">Redo</span>
      </button>
      <p role="status" className="sr-only">
        {notice}
      </p>
    </div>
  );
}
