import { useEffect, useRef } from 'react';

/**
 * Calls `onFiles` when the user pastes files (an image copied from another app or a screenshot)
 * anywhere on the page while `enabled`; a paste of text is left alone.
 */
export function usePastedImages(onFiles: (files: File[]) => void, enabled = true): void {
  const latest = useRef(onFiles);
  useEffect(() => {
    latest.current = onFiles;
  });
  useEffect(() => {
    if (!enabled) return;
    const onPaste = (event: ClipboardEvent) => {
      const files = [...(event.clipboardData?.files ?? [])];
      if (files.length === 0) return;
      event.preventDefault();
      latest.current(files);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [enabled]);
}
