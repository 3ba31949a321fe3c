import { maxSlides, minSlides } from './carousel-limits';
import type { Carousel, ClosingSlide, Slide, SlideKind } from './carousel-schema';

/** The text fields one edit may change; closing-only fields are ignored on other slides. */
export type SlidePatch = Partial<
  Pick<ClosingSlide, 'heading' | 'body' | 'authorName' | 'headline' | 'callToAction'>
>;

/** One change a person makes in the editor. Indexes are positions in `slides`. */
export type SlideEdit =
  | { type: 'move'; from: number; to: number }
  | { type: 'add'; at: number; kind?: SlideKind }
  | { type: 'remove'; index: number }
  | { type: 'update'; index: number; patch: SlidePatch }
  | { type: 'title'; title: string };

/** `slide-N` with N one past the highest in use, so ids stay unique and the result is deterministic. */
export function nextSlideId(slides: readonly Slide[]): string {
  const highest = slides.reduce((max, slide) => {
    const n = /^slide-(\d+)$/.exec(slide.id)?.[1];
    return n === undefined ? max : Math.max(max, Number(n));
  }, 0);
  return `slide-${highest + 1}`;
}

/** An empty slide of a kind (a closing slide starts with no author: the editor fills it in). */
export function emptySlide(kind: SlideKind, id: string): Slide {
  if (kind === 'closing')
    return { kind, id, heading: '', body: '', authorName: '', headline: '', callToAction: '' };
  return { kind, id, heading: '', body: '' };
}

const within = (index: number, length: number) => Number.isInteger(index) && index >= 0 && index < length;

export function moveSlide(carousel: Carousel, from: number, to: number): Carousel {
  const { slides } = carousel;
  if (!within(from, slides.length) || !within(to, slides.length) || from === to) return carousel;
  const next = [...slides];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as Slide);
  return { ...carousel, slides: next };
}

/** Adds an empty slide at `at` (0…length); no-op at the 10-slide cap. */
export function addSlide(carousel: Carousel, at: number, kind: SlideKind = 'idea'): Carousel {
  const { slides } = carousel;
  if (slides.length >= maxSlides || !Number.isInteger(at) || at < 0 || at > slides.length) return carousel;
  const next = [...slides];
  next.splice(at, 0, emptySlide(kind, nextSlideId(slides)));
  return { ...carousel, slides: next };
}

/** Removes a slide; the last one stays (a carousel has at least one page). */
export function removeSlide(carousel: Carousel, index: number): Carousel {
  const { slides } = carousel;
  if (slides.length <= minSlides || !within(index, slides.length)) return carousel;
  return { ...carousel, slides: slides.filter((_, at) => at !== index) };
}

export function updateSlide(carousel: Carousel, index: number, patch: SlidePatch): Carousel {
  const slide = carousel.slides[index];
  if (!slide) return carousel;
  const { heading, body, authorName, headline, callToAction } = patch;
  const common = {
    ...(heading === undefined ? {} : { heading }),
    ...(body === undefined ? {} : { body }),
  };
  const updated: Slide =
    slide.kind === 'closing'
      ? {
          ...slide,
          ...common,
          ...(authorName === undefined ? {} : { authorName }),
          ...(headline === undefined ? {} : { headline }),
          ...(callToAction === undefined ? {} : { callToAction }),
        }
      : { ...slide, ...common };
  const changed = (Object.keys(updated) as (keyof Slide)[]).some((key) => updated[key] !== slide[key]);
  if (!changed) return carousel;
  return { ...carousel, slides: carousel.slides.map((each, at) => (at === index ? updated : each)) };
}

/** Applies one edit; returns the same object when the edit changes nothing (out of range, at a cap). */
export function applySlideEdit(carousel: Carousel, edit: SlideEdit): Carousel {
  switch (edit.type) {
    case 'move':
      return moveSlide(carousel, edit.from, edit.to);
    case 'add':
      return addSlide(carousel, edit.at, edit.kind);
    case 'remove':
      return removeSlide(carousel, edit.index);
    case 'update':
      return updateSlide(carousel, edit.index, edit.patch);
    case 'title':
      return edit.title === carousel.title ? carousel : { ...carousel, title: edit.title };
  }
}

/** Words in a text (for the "about 40 words" advice under a body). */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
