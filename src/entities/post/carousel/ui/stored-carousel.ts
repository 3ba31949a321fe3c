import { z } from 'zod';
import type { Profile } from '@/lib/supabase/database-types';
import type { CarouselSlides } from '../carousel';
import {
  CarouselFormatSchema,
  CarouselThemeNameSchema,
  HexColorSchema,
  SlideSchema,
  type Carousel,
  type CarouselDesign,
} from '../engine/carousel-schema';
import { maxSlides, minSlides } from '../engine/carousel-limits';

/**
 * The design the author picks (the author's name and photo are not kept with the slides: they come
 * from the profile each time, so no photo bytes are stored in the row).
 */
export const PickedDesignSchema = z.object({
  theme: CarouselThemeNameSchema,
  brandColor: HexColorSchema.optional(),
  format: CarouselFormatSchema,
});
export type PickedDesign = z.infer<typeof PickedDesignSchema>;

/** posts.carousel_slides as the editor writes it: the slides and the design, versioned. */
const StoredSlidesSchema = z.object({
  version: z.literal(1),
  slides: z.array(SlideSchema).min(minSlides).max(maxSlides),
  design: PickedDesignSchema,
});

export const defaultDesign: PickedDesign = { theme: 'light', format: '4:5' };
/** The brand theme's colour until the author picks one in Settings or the editor (LinkedIn's blue). */
export const defaultBrandColor = '#0a66c2';

/**
 * What the author chose in Settings for new carousels: the profile's own columns (null: the house
 * default), passed as they are so the page that shows the post does no work for them.
 */
export type CarouselDefaults = Pick<Profile, 'brand_color' | 'carousel_theme' | 'carousel_format'>;

/** The brand colour of the author's Settings, else LinkedIn's blue. */
export function brandColorOf(defaults: CarouselDefaults | null | undefined): string {
  // The database holds it to #rrggbb; the colour input wants it in lower case.
  const color = HexColorSchema.safeParse(defaults?.brand_color);
  return color.success && color.data.length === 7 ? color.data.toLowerCase() : defaultBrandColor;
}

/** The design a new carousel starts with: the theme and format of the author's Settings, else the house's. */
export function startingDesign(defaults: CarouselDefaults | null | undefined): PickedDesign {
  // The database checks both columns; a value this app does not know starts from the house design.
  const theme = CarouselThemeNameSchema.safeParse(defaults?.carousel_theme).data ?? defaultDesign.theme;
  return {
    theme,
    format: CarouselFormatSchema.safeParse(defaults?.carousel_format).data ?? defaultDesign.format,
    ...(theme === 'brand' ? { brandColor: brandColorOf(defaults) } : {}),
  };
}

export interface EditableCarousel {
  carousel: Carousel;
  design: PickedDesign;
}

/** The stored slides and design, or null when they cannot be read (the editor then starts over). */
export function readStoredCarousel(title: string | null, slides: unknown): EditableCarousel | null {
  const parsed = StoredSlidesSchema.safeParse(slides);
  if (!parsed.success) return null;
  return { carousel: { title: title ?? '', slides: parsed.data.slides }, design: parsed.data.design };
}

export function storedSlides({ carousel, design }: EditableCarousel): CarouselSlides {
  return { version: 1, slides: carousel.slides, design: { ...design } };
}

/** Whether two carousels have the same title, slides and design (whatever order their keys are in). */
export function sameCarousel(a: EditableCarousel, b: EditableCarousel): boolean {
  return (
    canonical({ ...storedSlides(a), title: a.carousel.title }) ===
    canonical({ ...storedSlides(b), title: b.carousel.title })
  );
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([x], [y]) => (x < y ? -1 : 1)))
      : item,
  );
}

/** The full design the engine draws: the picked one with the author (and a colour for the brand theme). */
export function fullDesign(design: PickedDesign, authorName: string): CarouselDesign {
  return {
    theme: design.theme,
    format: design.format,
    ...(design.theme === 'brand' ? { brandColor: design.brandColor ?? defaultBrandColor } : {}),
    author: { name: authorName },
  };
}

/** A file name from the title: letters, digits, spaces and dashes kept, at most 80 characters. */
export function pdfFileName(title: string): string {
  const name = title
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N} _-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
    .trim();
  return `${name || 'carousel'}.pdf`;
}
