import { z } from 'zod';
import { maxPhotoBytes, maxSlides, minSlides } from './carousel-limits';
import { photoKind } from './photo-kind';

/**
 * A carousel as the editor holds it and the PDF engine draws it (issue 29): ordered slides, a hook
 * first, one idea per slide, a closing slide with the author and a call to action. Text is never
 * cut: the length caps below only bound the work of a layout; a slide too long to fit is reported
 * by the layout as an overflow.
 */
const longestField = 10_000;
const text = z.string().max(longestField);

const slideFields = {
  /** Stable across edits (React keys, undo); `slide-N`. */
  id: z.string().min(1),
  /** A few words, in bold. */
  heading: text,
  /** About 40 words advised; blank lines separate paragraphs. */
  body: text,
};

export const HookSlideSchema = z.object({ kind: z.literal('hook'), ...slideFields });
export const IdeaSlideSchema = z.object({ kind: z.literal('idea'), ...slideFields });
export const ClosingSlideSchema = z.object({
  kind: z.literal('closing'),
  ...slideFields,
  authorName: text,
  headline: text,
  callToAction: text,
});

export const SlideSchema = z.discriminatedUnion('kind', [
  HookSlideSchema,
  IdeaSlideSchema,
  ClosingSlideSchema,
]);
export type HookSlide = z.infer<typeof HookSlideSchema>;
export type IdeaSlide = z.infer<typeof IdeaSlideSchema>;
export type ClosingSlide = z.infer<typeof ClosingSlideSchema>;
export type Slide = z.infer<typeof SlideSchema>;
export type SlideKind = Slide['kind'];

export const CarouselSchema = z.object({
  /** The document's title: LinkedIn shows it over the first slide, and it is the PDF's title. */
  title: z.string().max(400),
  slides: z.array(SlideSchema).min(minSlides).max(maxSlides),
});
export type Carousel = z.infer<typeof CarouselSchema>;

/** `#rrggbb` (or `#rgb`), as the brand colour is stored in Settings. */
export const HexColorSchema = z
  .string()
  .regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i, 'A colour is written #rrggbb, for example #0a66c2.');

export const CarouselThemeNameSchema = z.enum(['light', 'dark', 'brand']);
export type CarouselThemeName = z.infer<typeof CarouselThemeNameSchema>;

export const CarouselFormatSchema = z.enum(['4:5', 'square']);

const PhotoSchema = z
  .custom<Uint8Array>((value) => value instanceof Uint8Array, 'The photo must be image bytes.')
  .refine((bytes) => photoKind(bytes) !== null, 'The photo must be a JPEG or PNG image.')
  .refine((bytes) => bytes.length <= maxPhotoBytes, 'The photo is too large: use one under 1 MB.');

export const CarouselDesignSchema = z
  .object({
    theme: CarouselThemeNameSchema,
    /** The brand colour from Settings: the background of the brand theme. */
    brandColor: HexColorSchema.optional(),
    format: CarouselFormatSchema,
    author: z.object({
      name: z.string().max(200),
      /** JPEG or PNG bytes drawn in a circle; without one, the initials of `name` are. */
      photo: PhotoSchema.optional(),
    }),
  })
  .refine((design) => design.theme !== 'brand' || design.brandColor !== undefined, {
    message: 'The brand theme needs the brand colour from Settings.',
    path: ['brandColor'],
  });
export type CarouselDesign = z.infer<typeof CarouselDesignSchema>;
