import type { Json } from '@/lib/supabase/database-types';
import type { Post } from '../post';

/*
 * A post's carousel as the app types it. Kept apart from the code that checks, stores and removes
 * a carousel (carousel-fields.ts, post-carousels.ts), which loads only when it is needed.
 */

/**
 * The carousel's editable slides and design as the carousel editor keeps them: a JSON object the
 * database stores as it is (posts.carousel_slides) and only bounds in size.
 */
export type CarouselSlides = { [key: string]: Json | undefined };

/** What the author made: the document title LinkedIn shows, and the slides. */
export interface CarouselContent {
  title: string;
  slides: CarouselSlides;
}

export type CarouselFields = Pick<Post, 'carousel_path' | 'carousel_title' | 'carousel_slides'>;

/** The fields of a post without a carousel. */
export const noCarousel: CarouselFields = {
  carousel_path: null,
  carousel_title: null,
  carousel_slides: null,
};

/** Whether a post has a carousel (its slides, exported or not). */
export const hasCarousel = (post: Pick<Post, 'carousel_path' | 'carousel_slides'>): boolean =>
  post.carousel_path !== null || post.carousel_slides !== null;

/**
 * How many slides a post's carousel has, read from `carousel_slides` without its schema (the list
 * and the calendar show "Carousel · 8 slides" without loading the editor). 0 when unreadable.
 */
export function carouselSlideCount(slides: Json | null): number {
  if (slides === null || typeof slides !== 'object' || Array.isArray(slides)) return 0;
  const list = slides.slides;
  return Array.isArray(list) ? list.length : 0;
}

/** "Carousel · 8 slides" (the marker on a post that has one). */
export const carouselMarkerText = (count: number): string =>
  `Carousel · ${count} slide${count === 1 ? '' : 's'}`;
