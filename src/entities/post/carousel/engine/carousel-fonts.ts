import { fontMetrics, type FontMetrics } from './font-metrics';

/**
 * The fonts shipped for carousels (docs/decisions/029-carousel-pdf.md): Inter (Latin, Greek,
 * Cyrillic, Vietnamese, many symbols) and DejaVu Sans as the fallback for what Inter lacks
 * (Armenian, Georgian, Hebrew, Arabic, more symbols, some emoji in outline). Each in a regular and
 * a bold face.
 */
export type FontWeight = 'regular' | 'bold';
export type FontFamily = 'inter' | 'dejavu';
export type FontKey = `${FontFamily}-${FontWeight}`;

export const fontKeys: readonly FontKey[] = ['inter-regular', 'inter-bold', 'dejavu-regular', 'dejavu-bold'];

/** Families in the order a character looks for a glyph. */
export const familyOrder: readonly FontFamily[] = ['inter', 'dejavu'];

/** Paths inside node_modules of the npm packages that ship the TTF files. */
export const fontFiles: Record<FontKey, string> = {
  'inter-regular': '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf',
  'inter-bold': '@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf',
  'dejavu-regular': 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  'dejavu-bold': 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
};

/** Reads one font file's bytes (fetched in the browser, read from node_modules in Node). */
export type ReadFontFile = (key: FontKey) => Promise<Uint8Array>;

export type FontBytes = Partial<Record<FontKey, Uint8Array>>;

/** Loaded fonts: their bytes (for the PDF) and their metrics (for the layout). Inter is always there. */
export interface CarouselFonts {
  bytes: FontBytes;
  metrics: Partial<Record<FontKey, FontMetrics>>;
}

export const fontKey = (family: FontFamily, weight: FontWeight): FontKey => `${family}-${weight}`;

/** Fonts from bytes already read (the worker receives them, tests read them all). */
export function fontsFromBytes(bytes: FontBytes): CarouselFonts {
  const metrics: CarouselFonts['metrics'] = {};
  for (const key of fontKeys) {
    const file = bytes[key];
    if (file) metrics[key] = fontMetrics(file);
  }
  if (!metrics['inter-regular'] || !metrics['inter-bold']) throw new Error('the Inter fonts are missing');
  return { bytes, metrics };
}

/**
 * Reads Inter, then the fallback only when some character of `texts` is not in Inter (about
 * 1.4 MB that most carousels never need). With `texts` omitted, reads every font.
 */
export async function loadCarouselFonts(
  read: ReadFontFile,
  texts?: readonly string[],
): Promise<CarouselFonts> {
  const [regular, bold] = await Promise.all([read('inter-regular'), read('inter-bold')]);
  const inter = fontsFromBytes({ 'inter-regular': regular, 'inter-bold': bold });
  const needed =
    texts === undefined ||
    texts.some((text) => lacksGlyphs(text, inter.metrics['inter-regular'] as FontMetrics));
  if (!needed) return inter;
  const [fallback, fallbackBold] = await Promise.all([read('dejavu-regular'), read('dejavu-bold')]);
  return fontsFromBytes({ ...inter.bytes, 'dejavu-regular': fallback, 'dejavu-bold': fallbackBold });
}

/** Code points no font needs to draw: joiners and variation selectors are dropped when a font lacks them. */
export function isIgnorable(codePoint: number): boolean {
  return (
    (codePoint >= 0x200b && codePoint <= 0x200f) ||
    (codePoint >= 0xfe00 && codePoint <= 0xfe0f) ||
    (codePoint >= 0xe0100 && codePoint <= 0xe01ef) ||
    codePoint === 0xfeff ||
    codePoint === 0x2060
  );
}

/** Does any character of `texts` need a font other than Inter? */
export function needsFallback(fonts: CarouselFonts, texts: readonly string[]): boolean {
  const inter = fonts.metrics['inter-regular'] as FontMetrics;
  return texts.some((text) => lacksGlyphs(text, inter));
}

function lacksGlyphs(text: string, font: FontMetrics): boolean {
  for (const char of text) {
    const codePoint = char.codePointAt(0) as number;
    if (char !== '\n' && char !== '\t' && !isIgnorable(codePoint) && !font.hasGlyph(codePoint)) return true;
  }
  return false;
}
