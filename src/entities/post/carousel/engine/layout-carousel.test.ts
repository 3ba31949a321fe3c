import { describe, expect, it, vi } from 'vitest';
import { loadCarouselFonts, type FontKey } from './carousel-fonts';
import { buildCarousel, buildDesign, withSlide } from './carousel-test-data';
import { layoutCarousel, type SlideLayout } from './layout-carousel';
import { margin, sizeSteps } from './layout-slide';
import { loadEveryFont, readFontFileFromNodeModules } from './read-font-files.node';
import { slideText, type PlacedLine, type TextRole } from './slide-elements';

const fonts = await loadEveryFont();
const design = buildDesign();
const contentWidth = 1080 - 2 * margin;

const linesOf = (slide: SlideLayout | undefined, role: TextRole): PlacedLine[] =>
  (slide?.elements ?? []).flatMap((element) =>
    element.type === 'text' && element.role === role ? element.lines : [],
  );
const textOf = (slide: SlideLayout | undefined, role: TextRole) =>
  linesOf(slide, role).map((line) => line.runs.map((run) => run.text).join(''));
const words = (text: string) => text.split(/\s+/).filter(Boolean);

describe('layoutCarousel', () => {
  it('wraps words into lines no wider than the slide, keeping every word in order', () => {
    const body =
      'Draft the whole post first, then read it back and ask what would make a stranger stop scrolling. ' +
      'That sentence is your hook; move it to the top and cut everything that repeats it.';
    const layout = layoutCarousel(withSlide(buildCarousel(), 1, { body }), design, fonts);
    const lines = linesOf(layout.slides[1], 'body');
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) {
      expect(line.width).toBeLessThanOrEqual(contentWidth + 0.01);
      expect(line.x).toBe(margin);
    }
    expect(words(textOf(layout.slides[1], 'body').join(' '))).toEqual(words(body));
    // Lines go down the page, one line height apart.
    const baselines = lines.map((line) => line.baseline);
    expect(baselines).toEqual([...baselines].sort((a, b) => a - b));
  });

  it('numbers every slide "n/total" and puts the author on every slide', () => {
    const layout = layoutCarousel(buildCarousel({ slideCount: 8 }), design, fonts);
    expect(layout.slides.map((slide) => slide.number)).toEqual(
      Array.from({ length: 8 }, (_, index) => `${index + 1}/8`),
    );
    for (const slide of layout.slides) {
      expect(textOf(slide, 'number')).toEqual([slide.number]);
      expect(textOf(slide, 'name')).toEqual(['Ada Lovelace']);
      expect(slide.elements.some((element) => element.type === 'avatar')).toBe(true);
    }
    expect(textOf(layout.slides[0], 'initials')).toEqual(['AL']);
    expect(textOf(layout.slides[0], 'swipe')).toEqual(['Swipe →']);
  });

  it('uses the largest size that fits and steps down for longer text', () => {
    const short = layoutCarousel(buildCarousel(), design, fonts).slides[1];
    expect(short?.headingSize).toBe(sizeSteps.idea.heading[0]);
    const longer = 'Each habit took a month to stick, and each one changed how I write. '.repeat(8);
    const stepped = layoutCarousel(withSlide(buildCarousel(), 1, { body: longer }), design, fonts).slides[1];
    expect(stepped?.overflow).toBeNull();
    expect(stepped?.bodySize).toBeLessThan(sizeSteps.idea.body[0]);
    expect(stepped?.bodySize).toBeGreaterThan(sizeSteps.idea.body.at(-1) as number);
  });

  it('reports a 2,000-character paragraph as an overflow naming the slide, without cutting it', () => {
    const paragraph = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(36).trim();
    expect(paragraph.length).toBeGreaterThanOrEqual(2000);
    const layout = layoutCarousel(withSlide(buildCarousel(), 2, { body: paragraph }), design, fonts);
    expect(layout.overflows).toEqual([
      {
        slideIndex: 2,
        slideId: 'slide-3',
        slideNumber: 3,
        part: 'content',
        message:
          'Slide 3 has more text than fits, even at the smallest size. Shorten it or split it into two slides.',
      },
    ]);
    const slide = layout.slides[2];
    expect(slide?.bodySize).toBe(sizeSteps.idea.body.at(-1));
    expect(words(textOf(slide, 'body').join(' '))).toEqual(words(paragraph));
    expect(layout.slides.filter((each) => each.overflow)).toHaveLength(1);
  });

  it('fits less in the square format than in 4:5', () => {
    const body = 'Each habit took a month to stick, and each one changed how I write. '.repeat(8);
    const carousel = withSlide(buildCarousel(), 1, { body });
    const tall = layoutCarousel(carousel, design, fonts).slides[1];
    const square = layoutCarousel(carousel, buildDesign({ format: 'square' }), fonts).slides[1];
    expect(square?.height).toBe(1080);
    expect(tall?.height).toBe(1350);
    expect(square?.bodySize).toBeLessThan(tall?.bodySize as number);
  });

  it('breaks a word wider than the slide between letters instead of losing it', () => {
    const url = `https://example.com/${'very-long-path-'.repeat(12)}end`;
    const layout = layoutCarousel(
      withSlide(buildCarousel(), 1, { body: `Read ${url} today` }),
      design,
      fonts,
    );
    const lines = linesOf(layout.slides[1], 'body');
    expect(layout.overflows).toEqual([]);
    for (const line of lines) expect(line.width).toBeLessThanOrEqual(contentWidth + 0.01);
    expect(textOf(layout.slides[1], 'body').join('').replace(/\s/g, '')).toBe(`Read${url}today`);
  });

  it('draws Cyrillic and Greek in Inter and falls back to DejaVu for scripts Inter lacks', () => {
    const body = 'Привет, мир. Γειά σου κόσμε. Բարեւ աշխարհ. გამარჯობა. ✓ → ★';
    const layout = layoutCarousel(withSlide(buildCarousel(), 1, { body }), design, fonts);
    expect(layout.missingGlyphs).toEqual([]);
    const runs = linesOf(layout.slides[1], 'body').flatMap((line) => line.runs);
    const fontOf = (text: string) => runs.find((run) => run.text.includes(text))?.font;
    expect(fontOf('Привет')).toBe('inter-regular');
    expect(fontOf('κόσμε')).toBe('inter-regular');
    expect(fontOf('Բարեւ')).toBe('dejavu-regular');
    expect(fontOf('გამარჯობა')).toBe('dejavu-regular');
    expect(layout.fontsUsed).toEqual(['dejavu-regular', 'inter-bold', 'inter-regular']);
    expect(words(textOf(layout.slides[1], 'body').join(' '))).toEqual(words(body));
  });

  it('reports characters no font has, with their slide, and leaves them out of the lines', () => {
    const carousel = withSlide(
      withSlide(buildCarousel(), 3, { heading: 'Ship it 🚀🚀', body: 'In 中文 too' }),
      5,
      {
        body: 'Team 👩‍💻 wins',
      },
    );
    const layout = layoutCarousel(carousel, design, fonts);
    expect(layout.missingGlyphs).toEqual([
      expect.objectContaining({
        slideIndex: 3,
        slideId: 'slide-4',
        slideNumber: 4,
        characters: ['🚀', '中', '文'],
      }),
      expect.objectContaining({ slideNumber: 6, characters: ['👩‍💻'] }),
    ]);
    expect(layout.missingGlyphs[0]?.message).toBe(
      'Slide 4: 🚀 中 文 cannot be shown in the PDF and will be left out.',
    );
    expect(textOf(layout.slides[3], 'heading')).toEqual(['Ship it']);
    expect(textOf(layout.slides[3], 'body')).toEqual(['In too']);
  });

  it('shows the author, headline and call to action on the closing slide', () => {
    const carousel = buildCarousel({ slideCount: 5 });
    const layout = layoutCarousel(carousel, design, fonts);
    const closing = layout.slides[4];
    expect(closing?.kind).toBe('closing');
    expect(slideText(closing?.elements ?? [])).toEqual([
      '5/5',
      'Found this useful?',
      'Save it for your next post.',
      'AL',
      'Ada Lovelace',
      'Analyst of engines, writer of notes',
      'Follow for more',
    ]);
    const withPhoto = layoutCarousel(
      carousel,
      buildDesign({ author: { name: 'Ada Lovelace', photo: new Uint8Array([0xff, 0xd8, 0xff]) } }),
      fonts,
    );
    expect(textOf(withPhoto.slides[4], 'initials')).toEqual([]);
    expect(withPhoto.slides[4]?.elements).toContainEqual(
      expect.objectContaining({ type: 'avatar', photo: true }),
    );
  });

  it('reports an author name too long for the footer', () => {
    const name = 'Ada Augusta King, Countess of Lovelace, '.repeat(6);
    const layout = layoutCarousel(buildCarousel({ slideCount: 5 }), buildDesign({ author: { name } }), fonts);
    expect(layout.overflows.map((overflow) => [overflow.slideNumber, overflow.part])).toEqual([
      [1, 'author'],
      [2, 'author'],
      [3, 'author'],
      [4, 'author'],
    ]);
  });

  it('is deterministic', () => {
    const carousel = withSlide(buildCarousel(), 2, { body: 'Привет 🚀 Բարեւ '.repeat(20) });
    expect(JSON.stringify(layoutCarousel(carousel, design, fonts))).toBe(
      JSON.stringify(layoutCarousel(carousel, design, fonts)),
    );
  });

  it('reads the fallback font only when some text needs it', async () => {
    const read = vi.fn(readFontFileFromNodeModules);
    const latin = await loadCarouselFonts(read, ['Plain English, Привет, Γειά, café, naïve — “quotes” ✓']);
    expect(read.mock.calls.map(([key]) => key).sort()).toEqual<FontKey[]>(['inter-bold', 'inter-regular']);
    expect(latin.metrics['dejavu-regular']).toBeUndefined();
    read.mockClear();
    await loadCarouselFonts(read, ['Բարեւ']);
    expect(read.mock.calls.map(([key]) => key).sort()).toEqual<FontKey[]>([
      'dejavu-bold',
      'dejavu-regular',
      'inter-bold',
      'inter-regular',
    ]);
  });
});
