import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  carouselPdfProblem,
  countPdfPages,
  isPdf,
  linkedinMaxDocumentBytes,
  maxCarouselBytes,
} from './carousel-pdf.ts';

async function pdfOf(pages: number, useObjectStreams = true): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (let page = 0; page < pages; page += 1) pdf.addPage([1080, 1350]);
  return pdf.save({ useObjectStreams });
}

/** A PDF header followed by `size` bytes of nothing. */
const paddedPdf = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  return bytes;
};

describe('countPdfPages', () => {
  it('counts the pages of a PDF with compressed object streams (pdf-lib by default) and without', async () => {
    expect(await countPdfPages(await pdfOf(7))).toBe(7);
    expect(await countPdfPages(await pdfOf(7, false))).toBe(7);
    expect(await countPdfPages(await pdfOf(1))).toBe(1);
  });

  it('does not count the page tree itself (/Type /Pages)', async () => {
    const text =
      '%PDF-1.4\n1 0 obj << /Type /Pages /Kids [2 0 R] /Count 1 >> endobj\n2 0 obj << /Type /Page >> endobj';
    expect(await countPdfPages(new TextEncoder().encode(text))).toBe(1);
  });

  it('is null when no page can be found', async () => {
    expect(await countPdfPages(paddedPdf(100))).toBeNull();
  });
});

describe('carouselPdfProblem', () => {
  it('accepts a PDF within the limits', async () => {
    expect(await carouselPdfProblem(await pdfOf(10))).toBeNull();
  });

  it('refuses what is not a PDF, or is empty', async () => {
    const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);
    expect(isPdf(png)).toBe(false);
    expect(await carouselPdfProblem(png)).toBe(
      'The carousel file is not a PDF. Export the carousel again, then publish.',
    );
    expect(await carouselPdfProblem(new Uint8Array())).toMatch(/not a PDF/);
  });

  it('refuses more than 300 pages, with the count', async () => {
    expect(await carouselPdfProblem(await pdfOf(300))).toBeNull();
    expect(await carouselPdfProblem(await pdfOf(301))).toBe(
      'The carousel has 301 pages; LinkedIn takes documents of at most 300 pages. Remove some slides, then export it again.',
    );
  });

  it('refuses a file over the limit that applies, naming both sizes', async () => {
    expect(await carouselPdfProblem(paddedPdf(maxCarouselBytes))).toBeNull();
    expect(await carouselPdfProblem(paddedPdf(maxCarouselBytes + 1))).toBe(
      'The carousel PDF is 20 MB; a carousel can be at most 20 MB. Use fewer slides or smaller pictures, then export it again.',
    );
    expect(await carouselPdfProblem(paddedPdf(21 * 1024 * 1024), linkedinMaxDocumentBytes)).toBeNull();
    expect(
      await carouselPdfProblem(paddedPdf(linkedinMaxDocumentBytes + 600_000), linkedinMaxDocumentBytes),
    ).toBe(
      'The carousel PDF is 100.6 MB; LinkedIn takes documents of at most 100 MB. Use fewer slides or smaller pictures, then export it again.',
    );
  });
});
