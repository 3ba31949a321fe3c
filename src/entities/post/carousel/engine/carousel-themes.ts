import type { CarouselThemeName } from './carousel-schema';
import { contrastRatio, mix, parseHex, type Rgb } from './color-contrast';

/** WCAG AA for normal text: every text colour of every theme on its background. */
export const minTextContrast = 4.5;

/**
 * The colours of one theme. Every text colour is drawn on the background named beside it in
 * `textPairs`; `accent` is decoration only (a bar), never behind text.
 */
export interface CarouselTheme {
  name: CarouselThemeName;
  background: Rgb;
  text: Rgb;
  /** Slide numbers, the headline: quieter, still ≥ 4.5:1. */
  muted: Rgb;
  accent: Rgb;
  /** The call-to-action pill and the initials' circle. */
  badge: Rgb;
  badgeText: Rgb;
}

const white: Rgb = { r: 255, g: 255, b: 255 };
const black: Rgb = { r: 0, g: 0, b: 0 };

export const lightTheme: CarouselTheme = {
  name: 'light',
  background: white,
  text: parseHex('#111827'),
  muted: parseHex('#4b5563'),
  accent: parseHex('#0a66c2'),
  badge: parseHex('#0a66c2'),
  badgeText: white,
};

export const darkTheme: CarouselTheme = {
  name: 'dark',
  background: parseHex('#0f172a'),
  text: parseHex('#f8fafc'),
  muted: parseHex('#cbd5e1'),
  accent: parseHex('#60a5fa'),
  badge: parseHex('#93c5fd'),
  badgeText: parseHex('#0f172a'),
};

/**
 * The brand colour as the background, with black or white text, whichever contrasts more: for any
 * colour the better of the two is at least 4.58:1 (the worst case is a mid grey of luminance 0.18).
 * The muted colour leans from the text towards the background only as far as 4.5:1 allows; the
 * badge swaps the two, so it has the same contrast as the text.
 */
export function brandTheme(brandHex: string): CarouselTheme {
  const background = parseHex(brandHex);
  const text = contrastRatio(white, background) >= contrastRatio(black, background) ? white : black;
  let muted = text;
  for (let amount = 0.05; amount <= 0.35; amount += 0.05) {
    const candidate = mix(text, background, amount);
    if (contrastRatio(candidate, background) < minTextContrast + 0.1) break;
    muted = candidate;
  }
  return { name: 'brand', background, text, muted, accent: text, badge: text, badgeText: background };
}

export function carouselTheme(name: CarouselThemeName, brandHex?: string): CarouselTheme {
  if (name === 'light') return lightTheme;
  if (name === 'dark') return darkTheme;
  if (!brandHex) throw new Error('the brand theme needs a brand colour');
  return brandTheme(brandHex);
}

/** Every text colour with the background it is drawn on (what the contrast test checks). */
export function textPairs(theme: CarouselTheme): { name: string; text: Rgb; background: Rgb }[] {
  return [
    { name: 'text', text: theme.text, background: theme.background },
    { name: 'muted', text: theme.muted, background: theme.background },
    { name: 'badge', text: theme.badgeText, background: theme.badge },
  ];
}
