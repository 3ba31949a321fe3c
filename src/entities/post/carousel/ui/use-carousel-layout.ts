import { useEffect, useState } from 'react';
import type { Carousel, CarouselDesign } from '../engine/carousel-schema';
import type { CarouselLayout } from '../engine/layout-carousel';
import type { CarouselEngine } from './carousel-engine';

/** Typing settles this long before the slides are laid out again. */
export const layoutDelayMs = 300;

/**
 * The carousel laid out by the engine (debounced): what the preview draws and what the editor warns
 * about. The last layout stays shown while the next one is made.
 */
export function useCarouselLayout(
  engine: CarouselEngine,
  carousel: Carousel | null,
  design: CarouselDesign,
): { layout: CarouselLayout | null; error: string | null; pending: boolean } {
  const [state, setState] = useState<{ layout: CarouselLayout | null; error: string | null; key: string }>({
    layout: null,
    error: null,
    key: '',
  });
  const key = carousel ? JSON.stringify([carousel, design]) : '';

  useEffect(() => {
    if (!carousel) return;
    let current = true;
    const timer = setTimeout(
      () => {
        engine.layout(carousel, design).then(
          (layout) => {
            if (current) setState({ layout, error: null, key });
          },
          (error: unknown) => {
            if (current)
              setState((last) => ({
                layout: last.layout,
                error: error instanceof Error ? error.message : 'The slides could not be laid out.',
                key,
              }));
          },
        );
      },
      state.key === '' ? 0 : layoutDelayMs,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // The key stands for the carousel and the design.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [engine, key]);

  return { layout: carousel ? state.layout : null, error: state.error, pending: state.key !== key };
}
