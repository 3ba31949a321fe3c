import { useDeferredValue, type KeyboardEvent, type Ref } from 'react';

/**
 * Whether a text box can size itself to its text (CSS `field-sizing`, Chromium 123+). Then the copy
 * behind it only shades the fold and may follow a keystroke a frame late; elsewhere the copy is what
 * gives the box its height, so it follows every keystroke.
 */
const sizesItself =
  typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

/** Text drawn from the element's data-text attribute. */
const generated = 'before:content-[attr(data-text)]';

/** The same box and type for the text box and the shading behind it, so their lines wrap alike. */
const textBox =
  'block w-full whitespace-pre-wrap break-words px-4 py-1 text-sm leading-relaxed [font-family:inherit] [letter-spacing:inherit]';

interface PostTextEditorProps {
  value: string;
  /** Edits the text; without it the text is shown as it streams in (announced politely). */
  onChange?: ((value: string) => void) | undefined;
  /** Where the feed folds a text (the rest is shaded), or null when it all shows. */
  foldOf: (text: string) => number | null;
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
  foldOf,
  onUndo,
  onRedo,
  label,
  placeholder,
  describedBy,
  ref,
}: PostTextEditorProps) {
  const deferred = useDeferredValue(value);
  // The copy lays out the same words again: where the box sizes itself it may wait for a quiet frame.
  const copy = sizesItself ? deferred : value;
  const foldAt = foldOf(copy);
  const shown = foldAt ?? copy.length;
  const streaming = onChange === undefined;
  return (
    // Layout contained: a keystroke re-lays out the post's text, not the page around it.
    <div className="relative [contain:layout_style]">
      {/* The copy draws its text from data-text (CSS content), so the page holds the post's words
          once, in the text box: a search for them finds one element, the box. The copy stays the
          same element while text streams in and while it is edited. */}
      <div
        aria-hidden="true"
        className={`${textBox} pointer-events-none text-transparent select-none ${sizesItself ? 'absolute inset-0' : ''}`}
      >
        <span data-text={copy.slice(0, shown)} className={generated} />
        {foldAt !== null && (
          <span
            data-fold
            data-text={copy.slice(shown)}
            className={`${generated} rounded-sm bg-amber-100/70 [box-decoration-break:slice] shadow-[-2px_0_0_0_var(--color-amber-500)]`}
          />
        )}
        {/* A last empty line still takes its height, as it does in the text box. */}
        <span data-text={'\u00a0'} className={generated} />
      </div>
      <textarea
        ref={ref}
        value={value}
        aria-label={label}
        aria-describedby={describedBy}
        placeholder={placeholder}
        spellCheck
        readOnly={streaming}
        aria-busy={streaming || undefined}
        onChange={(event) => onChange?.(event.target.value)}
        onKeyDown={historyKeys(onUndo, onRedo)}
        className={`${textBox} ${sizesItself ? 'relative min-h-24 [field-sizing:content]' : 'absolute inset-0 h-full'} resize-none overflow-hidden bg-transparent text-slate-900 caret-slate-900 placeholder:text-slate-400 focus:outline-none`}
      />
    </div>
  );
}
