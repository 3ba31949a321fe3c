import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The element's width in CSS pixels, kept up to date with a ResizeObserver; null until measured
 * (and where ResizeObserver does not exist). It is the page area's width that matters, not the
 * window's: the sidebar takes 240 px from 768 px up. Measured before paint, so the first frame
 * already shows the right layout.
 */
export function useContainerWidth(ref: RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    setWidth(element.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
