import type { KeyboardEvent, Ref } from 'react';

/** The same box and type for the text box and the shading behind it, so their lines wrap alike. */
const textBox =
  'block w-full whitespace-pre-wrap break-words px-4 py-1 text-sm leading-relaxed [font-family:inherit] [letter-spacing:inherit]';

interface PostTextEditorProps {
  value: string;
  /** Edits the text; without it the text is shown as it streams in (announced politely). */
  onChange?: ((value: string) => void) | undefined;
  /** Where the feed folds the text (the rest is shaded), or null when it all shows. */
  foldAt: number | null;
  /** The history's own undo and redo, in place of the browser's (which programmatic changes break). */
  onUndo: () => void;
  onRedo: () => void;
  label: string;
  placeholder?: string;
  describedBy?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/**
 * Ctrl/Cmd+Z and Shift+Ctrl/Cmd+Z (or Ctrl+Y) step through the document's one history, so typing,
 * fixes and rewrites undo in the order they happened.
 */
export function historyKeys(onUndo: () => void, onRedo: () => void) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === 'z') {
      event.preventDefault();
      if (event.shiftKey) onRedo();
      else onUndo();
    } else if (key === 'y' && !event.shiftKey) {
      event.preventDefault();
      onRedo();
    }
  };
}

/**
 * The post's text, edited where it is read: a text box that grows with its text, over a copy of the
 * text that shades what the feed hides behind "…see more". The copy sits in the flow and gives the
 * box its height, so nothing is measured on a keystroke.
 */
export function PostTextEditor({
  value,
  onChange,
  foldAt,
  onUndo,
  onRedo,
  label,
  placeholder,
  describedBy,
  ref,
}: PostTextEditorProps) {
  const shown = foldAt ?? value.length;
  const streaming = onChange === undefined;
  return (
    <div className="relative">
      {/* The same elements while text streams in and while it is edited, so nothing is replaced
          under the reader (or a test) when the stream ends. While streaming, this copy is what a
          screen reader follows. */}
      <div
        aria-hidden={!streaming}
        aria-live={streaming ? 'polite' : 'off'}
        className={`${textBox} pointer-events-none text-transparent select-none`}
      >
        {value.slice(0, shown)}
        {foldAt !== null && (
          <span
            data-fold
            className="rounded-sm bg-amber-100/70 [box-decoration-break:slice] shadow-[-2px_0_0_0_var(--color-amber-500)]"
          >
            {value.slice(shown)}
          </span>
        )}
        {/* A last empty line still takes its height, as it does in the text box. */}{' '}
      </div>
      <textarea
        ref={ref}
        value={value}
        aria-label={label}
        aria-describedby={describedBy}
        placeholder={placeholder}
        spellCheck
        readOnly={streaming}
        tabIndex={streaming ? -1 : undefined}
        aria-hidden={streaming || undefined}
        onChange={(event) => onChange?.(event.target.value)}
        onKeyDown={historyKeys(onUndo, onRedo)}
        className={`${textBox} absolute inset-0 h-full resize-none overflow-hidden bg-transparent text-slate-900 caret-slate-900 placeholder:text-slate-400 focus:outline-none`}
      />
    </div>
  );
}
