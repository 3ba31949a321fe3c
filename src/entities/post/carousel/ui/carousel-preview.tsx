import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { CarouselTheme } from '../engine/carousel-themes';
import type { CarouselLayout } from '../engine/layout-carousel';
import { SlideSvg } from './slide-svg';

interface CarouselPreviewProps {
  title: string;
  /** The carousel's slides, one page each (known before the layout is). */
  pages: number;
  layout: CarouselLayout | null;
  theme: CarouselTheme;
  /** Shown while the first layout is on its way. */
  loading?: boolean;
}

/** How far a finger or pointer must travel sideways to turn a slide, in CSS pixels. */
const swipeDistance = 40;

/**
 * The carousel as LinkedIn shows a document post in the feed: the title bar ("Title · 8 pages"),
 * one slide at a time, arrows, the page counter; the arrow keys and a swipe turn slides too.
 */
export function CarouselPreview({ title, pages, layout, theme, loading = false }: CarouselPreviewProps) {
  const [current, setCurrent] = useState(0);
  const swipeStart = useRef<number | null>(null);
  const count = layout?.slides.length ?? 0;
  const index = Math.min(current, Math.max(count - 1, 0));
  const slide = layout?.slides[index];

  const go = (to: number) => setCurrent(Math.max(0, Math.min(count - 1, to)));

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowLeft') go(index - 1);
    else if (event.key === 'ArrowRight') go(index + 1);
    else return;
    event.preventDefault();
  }

  function onPointerUp(event: PointerEvent) {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (start === null) return;
    const moved = event.clientX - start;
    if (moved <= -swipeDistance) go(index + 1);
    else if (moved >= swipeDistance) go(index - 1);
  }

  return (
    <section
      aria-label="Carousel preview"
      aria-roledescription="carousel"
      tabIndex={0}
      onKeyDown={onKeyDown}
      className="mx-4 my-2 overflow-hidden rounded-lg border border-slate-200 bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <p className="truncate border-b border-slate-200 bg-white px-3 py-2 text-sm font-medium text-slate-800">
        {title.trim() || 'Untitled carousel'} · {pages} page{pages === 1 ? '' : 's'}
      </p>
      <div
        className="relative touch-pan-y"
        onPointerDown={(event) => {
          swipeStart.current = event.clientX;
        }}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
      >
        {slide ? (
          <SlideSvg slide={slide} theme={theme} label={`Slide ${index + 1} of ${count}`} />
        ) : (
          <p role="status" className="flex aspect-[4/5] items-center justify-center text-sm text-slate-600">
            {loading ? 'Laying out the slides…' : 'No slides yet'}
          </p>
        )}
        {count > 1 && (
          <>
            <button
              type="button"
              onClick={() => go(index - 1)}
              disabled={index === 0}
              aria-label="Previous slide"
              className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-slate-800 shadow disabled:opacity-0"
            >
              <ChevronLeft aria-hidden="true" className="h-5 w-5" />
            </button>
            <button
              type="button"
              onClick={() => go(index + 1)}
              disabled={index === count - 1}
              aria-label="Next slide"
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-slate-800 shadow disabled:opacity-0"
            >
              <ChevronRight aria-hidden="true" className="h-5 w-5" />
            </button>
          </>
        )}
      </div>
      {count > 0 && (
        <p aria-live="polite" className="bg-white px-3 py-1.5 text-right text-xs text-slate-600">
          {index + 1} / {count}
        </p>
      )}
    </section>
  );
}
