import { create, type Font, type Subset } from 'fontkit';
import type { PDFDocument } from 'pdf-lib';

/**
 * The one module that imports fontkit (docs/decisions/029-carousel-pdf.md). We use upstream
 * fontkit 2, not pdf-lib's fork @pdf-lib/fontkit 1.1: the fork's TrueType subsetter writes a
 * corrupt short `loca` table for Inter, so most letters vanish from a subset-embedded PDF while
 * the text still extracts (fixed upstream in fontkit 1.8, never in the fork).
 */
export type FontkitFont = Font;

/** A TTF's bytes as a fontkit font (we ship single fonts, never collections). */
export function createFont(bytes: Uint8Array): Font {
  // fontkit's types say Buffer; it reads any Uint8Array (the browser has no Buffer).
  const font = create(bytes as Parameters<typeof create>[0]);
  if (!('layout' in font)) throw new Error('expected a single font, got a font collection');
  return font;
}

type Listener = (value?: unknown) => void;

/**
 * pdf-lib 1.17 calls the fork's `subset.encodeStream()` and listens for `data`, `end` and `error`;
 * fontkit 2 encodes in one call. This gives pdf-lib the stream it expects: it subscribes to all
 * three in one chain, `error` last, so the bytes are sent once `error` has a listener.
 */
function withEncodeStream(subset: Subset): Subset & { encodeStream: () => unknown } {
  const encodeStream = () => {
    const listeners: Record<string, Listener> = {};
    const stream = {
      on(event: string, listener: Listener) {
        listeners[event] = listener;
        if (event === 'error') {
          queueMicrotask(() => {
            try {
              const bytes = subset.encode();
              listeners.data?.(bytes);
              listeners.end?.();
            } catch (error) {
              listener(error);
            }
          });
        }
        return stream;
      },
    };
    return stream;
  };
  return Object.assign(subset, { encodeStream });
}

/** What `PDFDocument.registerFontkit` takes: fontkit 2 with the stream pdf-lib's subsetter expects. */
export const fontkitForPdfLib = {
  create(bytes: Uint8Array) {
    const font = createFont(bytes);
    const createSubset = font.createSubset.bind(font);
    return Object.assign(font, { createSubset: () => withEncodeStream(createSubset()) });
  },
} as unknown as Parameters<PDFDocument['registerFontkit']>[0];
