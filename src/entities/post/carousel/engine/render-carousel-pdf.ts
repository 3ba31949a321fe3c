import { PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import type { CarouselFonts, FontKey } from './carousel-fonts';
import { CarouselPdfError, documentLimitProblem, overflowProblem } from './carousel-pdf-problem';
import type { Carousel, CarouselDesign } from './carousel-schema';
import { carouselTheme, type CarouselTheme } from './carousel-themes';
import type { Rgb } from './color-contrast';
import { fontkitForPdfLib } from './fontkit';
import { layoutCarousel, type CarouselLayout, type SlideLayout } from './layout-carousel';
import { drawImageInCircle, roundedRectPath } from './pdf-shapes';
import { photoKind } from './photo-kind';

const pdfColor = ({ r, g, b }: Rgb) => rgb(r / 255, g / 255, b / 255);

interface Resources {
  fonts: Partial<Record<FontKey, PDFFont>>;
  photo: PDFImage | null;
  theme: CarouselTheme;
}

function drawSlide(page: PDFPage, slide: SlideLayout, resources: Resources): void {
  const { theme } = resources;
  const top = (y: number) => slide.height - y;
  page.drawRectangle({
    x: 0,
    y: 0,
    width: slide.width,
    height: slide.height,
    color: pdfColor(theme.background),
  });
  for (const element of slide.elements) {
    if (element.type === 'rect') {
      page.drawSvgPath(roundedRectPath(element.width, element.height, element.radius), {
        x: element.x,
        y: top(element.y),
        color: pdfColor(theme[element.color]),
      });
    } else if (element.type === 'avatar') {
      if (element.photo && resources.photo)
        drawImageInCircle(page, resources.photo, element.cx, top(element.cy), element.radius);
      else
        page.drawCircle({
          x: element.cx,
          y: top(element.cy),
          size: element.radius,
          color: pdfColor(theme.badge),
        });
    } else {
      const color = pdfColor(theme[element.color]);
      for (const line of element.lines) {
        for (const run of line.runs) {
          const font = resources.fonts[run.font];
          if (!font) throw new Error(`font ${run.font} was not embedded`);
          page.drawText(run.text, { x: run.x, y: top(line.baseline), size: element.size, font, color });
        }
      }
    }
  }
}

async function embedPhoto(document: PDFDocument, photo: Uint8Array | undefined): Promise<PDFImage | null> {
  if (!photo) return null;
  const kind = photoKind(photo);
  if (kind === 'jpeg') return document.embedJpg(photo);
  if (kind === 'png') return document.embedPng(photo);
  return null;
}

export interface RenderedCarousel {
  bytes: Uint8Array;
  layout: CarouselLayout;
}

/**
 * The carousel as a PDF: one page per slide, the fonts embedded as subsets (only the glyphs used),
 * the text drawn as text (selectable, searchable, extractable). Throws CarouselPdfError when a
 * slide overflows or LinkedIn's limits would refuse the file. Characters no font has are left out
 * and listed in `layout.missingGlyphs`.
 */
export async function renderCarouselPdf(
  carousel: Carousel,
  design: CarouselDesign,
  fonts: CarouselFonts,
): Promise<RenderedCarousel> {
  const layout = layoutCarousel(carousel, design, fonts);
  if (layout.overflows.length > 0) throw new CarouselPdfError(overflowProblem(layout.overflows));
  const pages = documentLimitProblem(0, layout.slides.length);
  if (pages) throw new CarouselPdfError(pages);

  const document = await PDFDocument.create();
  document.registerFontkit(fontkitForPdfLib);
  document.setTitle(carousel.title.trim() || 'Carousel', { showInWindowTitleBar: true });
  if (design.author.name.trim()) document.setAuthor(design.author.name.trim());
  document.setCreator('AI Post Writer');

  const embedded: Resources['fonts'] = {};
  for (const key of layout.fontsUsed) {
    const bytes = fonts.bytes[key];
    if (!bytes) throw new Error(`font ${key} was not loaded`);
    embedded[key] = await document.embedFont(bytes, { subset: true });
  }
  const resources: Resources = {
    fonts: embedded,
    photo: await embedPhoto(document, design.author.photo),
    theme: carouselTheme(design.theme, design.brandColor),
  };
  for (const slide of layout.slides)
    drawSlide(document.addPage([slide.width, slide.height]), slide, resources);

  const bytes = await document.save();
  const size = documentLimitProblem(bytes.byteLength, layout.slides.length);
  if (size) throw new CarouselPdfError(size);
  return { bytes, layout };
}
