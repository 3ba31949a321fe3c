import {
  familyOrder,
  fontKey,
  isIgnorable,
  type CarouselFonts,
  type FontKey,
  type FontWeight,
} from './carousel-fonts';
import type { FontMetrics } from './font-metrics';

/** A stretch of one line drawn in one font; `x` from the line's start, in points. */
export interface TextRun {
  font: FontKey;
  text: string;
  x: number;
  width: number;
}

/** One line of a block; `baseline` from the block's top. */
export interface TextLine {
  runs: TextRun[];
  width: number;
  baseline: number;
}

export interface TextBlock {
  /** Assembled on first read: a layout tries many sizes and places only one. */
  readonly lines: TextLine[];
  lineCount: number;
  size: number;
  height: number;
  /** Widest line (assembled on first read). */
  readonly width: number;
  /** Some line is wider than `maxWidth` (a word that was not allowed to break). */
  overfull: boolean;
  /** A word wider than the line had to be broken between letters. */
  brokeWord: boolean;
  /** Characters (grapheme clusters) no shipped font can draw: left out of the lines, reported. */
  missing: string[];
}

export interface TextStyle {
  weight: FontWeight;
  size: number;
  /** Line height as a multiple of the size. */
  lineHeight: number;
  maxWidth: number;
  /** May a word wider than the line be broken between letters? (Otherwise it sticks out.) */
  breakWords: boolean;
}

interface Piece {
  font: FontKey;
  text: string;
}
interface Word {
  pieces: Piece[];
  widthEm: number;
}

const segmenter =
  typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/** User-perceived characters: "👍🏽", "é" written as e + accent, and "🇫🇷" each count as one. */
export function graphemes(text: string): string[] {
  if (!segmenter) return Array.from(text);
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

function metricsOf(fonts: CarouselFonts, key: FontKey): FontMetrics | undefined {
  return fonts.metrics[key];
}

/** The first family whose font has every drawable code point of a grapheme, with the text to draw. */
function pickFont(grapheme: string, weight: FontWeight, fonts: CarouselFonts): Piece | null {
  for (const family of familyOrder) {
    const key = fontKey(family, weight);
    const metrics = metricsOf(fonts, key);
    if (!metrics) continue;
    let text = '';
    let drawable = true;
    for (const char of grapheme) {
      const codePoint = char.codePointAt(0) as number;
      if (metrics.hasGlyph(codePoint)) text += char;
      else if (!isIgnorable(codePoint)) {
        drawable = false;
        break;
      }
    }
    if (drawable) return { font: key, text };
  }
  return null;
}

function widthOf(pieces: readonly Piece[], fonts: CarouselFonts): number {
  return pieces.reduce((sum, piece) => sum + (metricsOf(fonts, piece.font)?.widthEm(piece.text) ?? 0), 0);
}

/** Shaped words per font set: a layout tries up to 18 sizes of the same text. */
const shapedWords = new WeakMap<CarouselFonts, Map<string, { word: Word; missing: string[] }>>();

function shapeWord(text: string, weight: FontWeight, fonts: CarouselFonts, missing: Set<string>): Word {
  let cache = shapedWords.get(fonts);
  if (!cache) shapedWords.set(fonts, (cache = new Map()));
  const key = `${weight}:${text}`;
  let shaped = cache.get(key);
  if (!shaped) {
    shaped = shapeWordOnce(text, weight, fonts);
    cache.set(key, shaped);
  }
  shaped.missing.forEach((grapheme) => missing.add(grapheme));
  return shaped.word;
}

function shapeWordOnce(
  word: string,
  weight: FontWeight,
  fonts: CarouselFonts,
): { word: Word; missing: string[] } {
  const pieces: Piece[] = [];
  const missing: string[] = [];
  for (const grapheme of graphemes(word)) {
    const piece = pickFont(grapheme, weight, fonts);
    if (!piece) {
      if ([...grapheme].some((char) => !isIgnorable(char.codePointAt(0) as number))) missing.push(grapheme);
      continue;
    }
    if (piece.text === '') continue;
    const last = pieces.at(-1);
    if (last && last.font === piece.font) last.text += piece.text;
    else pieces.push({ ...piece });
  }
  return { word: { pieces, widthEm: widthOf(pieces, fonts) }, missing };
}

/** Splits a word too wide for the line into pieces that fit, between graphemes. */
function breakWord(word: Word, maxEm: number, fonts: CarouselFonts): Word[] {
  const parts: Word[] = [];
  let current: Piece[] = [];
  let currentEm = 0;
  for (const piece of word.pieces) {
    const metrics = metricsOf(fonts, piece.font);
    for (const grapheme of graphemes(piece.text)) {
      const em = metrics?.widthEm(grapheme) ?? 0;
      if (current.length > 0 && currentEm + em > maxEm) {
        parts.push({ pieces: current, widthEm: widthOf(current, fonts) });
        current = [];
        currentEm = 0;
      }
      const last = current.at(-1);
      if (last && last.font === piece.font) last.text += grapheme;
      else current.push({ font: piece.font, text: grapheme });
      currentEm += em;
    }
  }
  if (current.length > 0) parts.push({ pieces: current, widthEm: widthOf(current, fonts) });
  return parts;
}

/** Joins a line's words with spaces (in Inter) into runs of one font each, measured whole. */
function assembleLine(
  words: readonly Word[],
  style: TextStyle,
  fonts: CarouselFonts,
): Omit<TextLine, 'baseline'> {
  const pieces: Piece[] = [];
  const spaceFont = fontKey('inter', style.weight);
  const append = (piece: Piece) => {
    const last = pieces.at(-1);
    if (last && last.font === piece.font) last.text += piece.text;
    else pieces.push({ ...piece });
  };
  words.forEach((word, index) => {
    if (index > 0) append({ font: spaceFont, text: ' ' });
    word.pieces.forEach(append);
  });
  let x = 0;
  const runs = pieces.map((piece) => {
    const width = (metricsOf(fonts, piece.font)?.widthEm(piece.text) ?? 0) * style.size;
    const run = { font: piece.font, text: piece.text, x, width };
    x += width;
    return run;
  });
  return { runs, width: x };
}

/**
 * Lays a text out in lines no wider than `maxWidth`: words wrap at spaces, each source line break
 * starts a new line and an empty source line adds half a line of space. Never drops a word: what
 * does not fit the height is for the caller to report.
 */
export function layoutText(text: string, style: TextStyle, fonts: CarouselFonts): TextBlock {
  const primary = metricsOf(fonts, fontKey('inter', style.weight)) as FontMetrics;
  const lineHeight = style.size * style.lineHeight;
  const baselineOffset =
    (lineHeight - (primary.ascent - primary.descent) * style.size) / 2 + primary.ascent * style.size;
  const spaceEm = primary.widthEm(' ');
  const maxEm = style.maxWidth / style.size;
  const missing = new Set<string>();
  const wrapped: { words: Word[]; baseline: number }[] = [];
  let overfull = false;
  let top = 0;
  let gap = 0;
  let brokeWord = false;

  for (const source of text.replace(/\t/g, ' ').split('\n')) {
    const words = source
      .split(/ +/)
      .filter(Boolean)
      .map((word) => shapeWord(word, style.weight, fonts, missing))
      .filter((word) => word.pieces.length > 0)
      .flatMap((word) => {
        if (!style.breakWords || word.widthEm <= maxEm) return [word];
        brokeWord = true;
        return breakWord(word, maxEm, fonts);
      });
    if (words.length === 0) {
      // Blank lines between paragraphs: one half-line gap, however many, and none at the ends.
      if (wrapped.length > 0) gap = lineHeight / 2;
      continue;
    }
    top += gap;
    gap = 0;
    let current: Word[] = [];
    let currentEm = 0;
    const flush = () => {
      wrapped.push({ words: current, baseline: top + baselineOffset });
      if (currentEm > maxEm + 1e-6) overfull = true;
      top += lineHeight;
    };
    for (const word of words) {
      const widthWith = current.length === 0 ? word.widthEm : currentEm + spaceEm + word.widthEm;
      if (current.length > 0 && widthWith > maxEm) {
        flush();
        current = [word];
        currentEm = word.widthEm;
      } else {
        current.push(word);
        currentEm = widthWith;
      }
    }
    flush();
  }
  let lines: TextLine[] | null = null;
  const assembled = () =>
    (lines ??= wrapped.map(({ words, baseline }) => ({ ...assembleLine(words, style, fonts), baseline })));
  return {
    get lines() {
      return assembled();
    },
    get width() {
      return Math.max(0, ...assembled().map((line) => line.width));
    },
    lineCount: wrapped.length,
    size: style.size,
    height: top,
    overfull,
    brokeWord,
    missing: [...missing],
  };
}
