import { useCallback, useEffect, useState } from 'react';
import { timers } from '@/config/timers';

/**
 * Copies text and keeps a "copied" flag for 2 s (docs/product.md §12 "Copy"). `copy` resolves to whether it
 * worked, so the caller chooses its own messages.
 */
export function useCopyToClipboard(): { copied: boolean; copy: (text: string) => Promise<boolean> } {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), timers.copiedIndicatorMs);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      return true;
    } catch {
      return false;
    }
  }, []);

  return { copied, copy };
}
