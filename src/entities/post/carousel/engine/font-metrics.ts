import { createFont, type FontkitFont } from './fontkit';

/**
 * What the layout needs to know of a font: which characters it has, and how wide a text is. Widths
 * are the sum of the shaped glyphs' advances (ligatures applied, kerning not), which is exactly how
 * pdf-lib places the glyphs it draws, so a measured line is the line drawn.
 */
export interface FontMetrics {
  /** Ascender and descender (negative) per em. */
  ascent: number;
  descent: number;
  hasGlyph: (codePoint: number) => boolean;
  /** Width of `text` at a size of 1 (multiply by the font size). */
  widthEm: (text: string) => number;
}

export function fontMetrics(bytes: Uint8Array): FontMetrics {
  return metricsOf(createFont(bytes));
}

export function metricsOf(font: FontkitFont): FontMetrics {
  const widths = new Map<string, number>();
  const glyphs = new Map<number, boolean>();
  return {
    ascent: font.ascent / font.unitsPerEm,
    descent: font.descent / font.unitsPerEm,
    hasGlyph: (codePoint) => {
      let has = glyphs.get(codePoint);
      if (has === undefined) {
        has = font.hasGlyphForCodePoint(codePoint);
        glyphs.set(codePoint, has);
      }
      return has;
    },
    widthEm: (text) => {
      let width = widths.get(text);
      if (width === undefined) {
        const { glyphs: shaped } = font.layout(text);
        width = shaped.reduce((sum, glyph) => sum + glyph.advanceWidth, 0) / font.unitsPerEm;
        widths.set(text, width);
      }
      return width;
    },
  };
}
