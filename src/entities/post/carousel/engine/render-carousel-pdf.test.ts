/// <reference types="node" />
import { deflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFStream } from 'pdf-lib';
import { pdfPageTexts as pageTexts } from '../../../../../tests/helpers/pdf-text.ts';
import { describe, expect, it } from 'vitest';
import { carouselPdfTargetBytes } from './carousel-limits';
import { CarouselPdfError } from './carousel-pdf-problem';
import type { Carousel } from './carousel-schema';
import { buildCarousel, buildDesign, withSlide } from './carousel-test-data';
import { loadEveryFont, readFontFileFromNodeModules } from './read-font-files.node';
import { renderCarouselPdf } from './render-carousel-pdf';

const fonts = await loadEveryFont();

/** A real PNG (a colour gradient) made with zlib, as a profile photo. */
function makePng(width: number, height: number): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Uint8Array) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Uint8Array) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) rows.set([x % 256, y % 256, 160], y * (width * 3 + 1) + 1 + x * 3);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(rows)),
      chunk('IEND', new Uint8Array()),
    ]),
  );
}

/** A baseline JPEG's header (SOI, SOF0 640 × 480, 3 components): enough for pdf-lib to embed it. */
const jpegHeader = new Uint8Array([
  0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01,
  0x03, 0x11, 0x01, 0xff, 0xd9,
]);

/** Every Type0 font of the PDF: its name, its embedded font file's size and whether it maps to Unicode. */
async function embeddedFonts(bytes: Uint8Array) {
  const document = await PDFDocument.load(bytes);
  return document.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter(
      (object): object is PDFDict =>
        object instanceof PDFDict && object.get(PDFName.of('Subtype')) === PDFName.of('Type0'),
    )
    .map((font) => {
      const descendant = font.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
      const descriptor = descendant.lookup(PDFName.of('FontDescriptor'), PDFDict);
      const file = descriptor.lookup(PDFName.of('FontFile2'), PDFStream) as PDFRawStream;
      return {
        name: font.lookup(PDFName.of('BaseFont'), PDFName).decodeText(),
        fileBytes: file.getContents().length,
        toUnicode: font.has(PDFName.of('ToUnicode')),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

const textOfSlide = (carousel: Carousel, index: number) => {
  const slide = carousel.slides[index];
  if (!slide) return '';
  return slide.kind === 'closing'
    ? [slide.heading, slide.body, slide.authorName, slide.headline, slide.callToAction].join(' ')
    : [slide.heading, slide.body].join(' ');
};
const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('renderCarouselPdf', () => {
  it('makes one page per slide, 1080 × 1350 in 4:5 and 1080 × 1080 square', async () => {
    const carousel = buildCarousel({ slideCount: 7 });
    for (const [format, height] of [
      ['4:5', 1350],
      ['square', 1080],
    ] as const) {
      const { bytes } = await renderCarouselPdf(carousel, buildDesign({ format }), fonts);
      const document = await PDFDocument.load(bytes);
      expect(document.getPageCount()).toBe(7);
      for (const page of document.getPages()) expect(page.getSize()).toEqual({ width: 1080, height });
      expect(document.getTitle()).toBe(carousel.title);
      expect(document.getAuthor()).toBe('Ada Lovelace');
    }
  });

  it('keeps the text as text: every slide’s words can be extracted from its page', async () => {
    const carousel = buildCarousel({ slideCount: 10 });
    const { bytes } = await renderCarouselPdf(carousel, buildDesign({ theme: 'dark' }), fonts);
    const texts = await pageTexts(bytes);
    expect(texts).toHaveLength(10);
    texts.forEach((text, index) => {
      const page = normalise(text);
      for (const word of normalise(textOfSlide(carousel, index)).split(' ')) expect(page).toContain(word);
      expect(page).toContain(`${index + 1}/10`);
    });
    expect(normalise(texts[0] ?? '')).toContain('Five habits that doubled my reach');
  });

  it('embeds Inter as subsets with Unicode maps, and DejaVu only when some text needs it', async () => {
    const latin = await renderCarouselPdf(buildCarousel(), buildDesign(), fonts);
    const interBytes = (await readFontFileFromNodeModules('inter-regular')).length;
    const latinFonts = await embeddedFonts(latin.bytes);
    expect(latinFonts.map((font) => font.name.replace(/-\d+$/, ''))).toEqual(['Inter-Bold', 'Inter-Regular']);
    for (const font of latinFonts) {
      expect(font.toUnicode).toBe(true);
      expect(font.fileBytes).toBeGreaterThan(1000);
      expect(font.fileBytes).toBeLessThan(interBytes / 4);
    }
    const armenian = withSlide(buildCarousel(), 1, { body: 'Բարեւ աշխարհ and Привет' });
    const mixed = await renderCarouselPdf(armenian, buildDesign(), fonts);
    expect((await embeddedFonts(mixed.bytes)).map((font) => font.name.replace(/-\d+$/, ''))).toEqual([
      'DejaVuSans',
      'Inter-Bold',
      'Inter-Regular',
    ]);
    expect(normalise((await pageTexts(mixed.bytes))[1] ?? '')).toContain('Բարեւ աշխարհ and Привет');
  });

  it('draws a PNG or JPEG photo once and keeps 10 slides under 2 MB', async () => {
    for (const photo of [makePng(320, 320), jpegHeader]) {
      const design = buildDesign({
        theme: 'brand',
        brandColor: '#0a66c2',
        author: { name: 'Ada Lovelace', photo },
      });
      const { bytes } = await renderCarouselPdf(buildCarousel({ slideCount: 10 }), design, fonts);
      const document = await PDFDocument.load(bytes);
      const images = document.context
        .enumerateIndirectObjects()
        .filter(
          ([, object]) =>
            object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
        );
      expect(images).toHaveLength(1);
      expect(bytes.byteLength).toBeLessThan(carouselPdfTargetBytes);
    }
  });

  it('refuses to export a slide that overflows, naming it', async () => {
    const carousel = withSlide(buildCarousel(), 4, {
      body: 'A paragraph far too long for one slide. '.repeat(60),
    });
    const error = await renderCarouselPdf(carousel, buildDesign(), fonts).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CarouselPdfError);
    expect((error as CarouselPdfError).problem).toMatchObject({
      code: 'overflow',
      message: 'Slide 5 has more text than fits. Shorten it before downloading.',
      overflows: [expect.objectContaining({ slideNumber: 5 })],
    });
  });

  it('still exports when some characters cannot be shown, leaving them out and listing them', async () => {
    const carousel = withSlide(buildCarousel(), 2, { heading: 'Launch day 🚀' });
    const { bytes, layout } = await renderCarouselPdf(carousel, buildDesign(), fonts);
    expect(layout.missingGlyphs).toEqual([expect.objectContaining({ slideNumber: 3, characters: ['🚀'] })]);
    const page = normalise((await pageTexts(bytes))[2] ?? '');
    expect(page).toContain('Launch day');
    expect(page).not.toContain('🚀');
  });
});
