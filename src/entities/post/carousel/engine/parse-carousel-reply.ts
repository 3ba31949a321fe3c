import { z } from 'zod';
import { extractFirstJsonObject } from '@/lib/json/extract-first-json';
import { maxAiSlides, minAiSlides } from './carousel-limits';
import type { Carousel, Slide } from './carousel-schema';

/**
 * The JSON the AI is asked for (the prompt builder quotes this), read leniently: `kind` is
 * optional and overridden by position (first = hook, last = closing), unknown fields are dropped.
 */
export const carouselReplyFormat =
  '{"title": string, "slides": [{"kind": "hook" | "idea" | "closing", "heading": string (a few words), ' +
  '"body": string (at most 40 words), "callToAction": string (closing slide only)}]}';

const AiSlideSchema = z.object({
  kind: z.string().optional(),
  heading: z.string(),
  body: z.string().optional(),
  callToAction: z.string().optional(),
});
const AiReplySchema = z.object({ title: z.string().optional(), slides: z.array(AiSlideSchema) });

export type CarouselReplyProblemCode =
  'malformed-json' | 'invalid-shape' | 'too-few-slides' | 'too-many-slides';

/** What went wrong with a reply: every code is worth one retry; after it, show `message`. */
export interface CarouselReplyProblem {
  code: CarouselReplyProblemCode;
  /** For the person, as is. */
  message: string;
  /** For logs and tests (zod's issues, the count). */
  detail?: string;
  /** Slides in the reply, when it could be read. */
  slideCount?: number;
}

export type CarouselReplyResult =
  { ok: true; carousel: Carousel } | { ok: false; problem: CarouselReplyProblem };

export interface CarouselAuthor {
  name: string;
  headline: string;
}

export const defaultCallToAction = 'Follow for more';

const unreadable = 'The AI’s slides could not be read. Try again.';

/** Trims a text and its lines' ends, keeps paragraph breaks (at most one blank line), never shortens words. */
export function tidyText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Reads the AI's reply to "make a carousel of this post": the first JSON object in it, checked with
 * zod, tidied (whitespace, empty slides dropped, kinds by position, the closing slide given the
 * author's name and headline) and held to 5–10 slides. Text is never shortened.
 */
export function parseCarouselReply(reply: string, author: CarouselAuthor): CarouselReplyResult {
  let json: unknown;
  try {
    json = extractFirstJsonObject(reply);
  } catch {
    return { ok: false, problem: { code: 'malformed-json', message: unreadable, detail: 'no JSON object' } };
  }
  const parsed = AiReplySchema.safeParse(json);
  if (!parsed.success) {
    return {
      ok: false,
      problem: { code: 'invalid-shape', message: unreadable, detail: z.prettifyError(parsed.error) },
    };
  }
  const kept = parsed.data.slides
    .map((slide) => ({
      heading: tidyText(slide.heading),
      body: tidyText(slide.body ?? ''),
      callToAction: tidyText(slide.callToAction ?? ''),
    }))
    .filter((slide) => slide.heading !== '' || slide.body !== '');
  const count = kept.length;
  if (count < minAiSlides || count > maxAiSlides) {
    const code = count < minAiSlides ? 'too-few-slides' : 'too-many-slides';
    const message =
      `The AI proposed ${count} slide${count === 1 ? '' : 's'}; a carousel has ` +
      `${minAiSlides} to ${maxAiSlides}. Try again.`;
    return { ok: false, problem: { code, message, detail: `${count} slides`, slideCount: count } };
  }
  const slides = kept.map((slide, index): Slide => {
    const id = `slide-${index + 1}`;
    if (index === 0) return { kind: 'hook', id, heading: slide.heading, body: slide.body };
    if (index < count - 1) return { kind: 'idea', id, heading: slide.heading, body: slide.body };
    return {
      kind: 'closing',
      id,
      heading: slide.heading,
      body: slide.body,
      authorName: author.name.trim(),
      headline: author.headline.trim(),
      callToAction: slide.callToAction || defaultCallToAction,
    };
  });
  const title = tidyText(parsed.data.title ?? '').replace(/\s+/g, ' ') || (slides[0]?.heading ?? '');
  return { ok: true, carousel: { title, slides } };
}
