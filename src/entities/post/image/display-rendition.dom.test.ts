import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as CreatorModule from './create-display-rendition';
import type * as RenditionModule from './display-rendition';
import type { DisplayRendition } from './display-rendition';

// The display rendition of a stored image: its size bound, dimensions and type, decided here with a
// fake decoder and canvas (what each encode weighs is set by the test); the real encoders run in
// Chromium in tests/e2e/post-images.test.ts.

type Module = typeof RenditionModule;
type Creator = typeof CreatorModule;

interface Encoded {
  width: number;
  height: number;
  type: string;
  quality: number;
}

interface Canvas {
  encoded: Encoded[];
  filled: string[];
}

/** A decoder that reads every blob as a `width` × `height` bitmap (or fails). */
function stubDecoder(width: number, height: number, fails = false) {
  const close = vi.fn();
  const decode = vi.fn(async () => {
    if (fails) throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
    return { width, height, close } as unknown as ImageBitmap;
  });
  vi.stubGlobal('createImageBitmap', decode);
  return { decode, close };
}

/**
 * An OffscreenCanvas whose encodes weigh `bytesPerPixel` × pixels × quality bytes, of the asked type
 * unless `answers` says what the browser really makes (Safari answers PNG to WebP).
 */
function stubCanvas(bytesPerPixel: number, answers?: (asked: string) => string): Canvas {
  const canvas: Canvas = { encoded: [], filled: [] };
  class FakeOffscreenCanvas {
    constructor(
      readonly width: number,
      readonly height: number,
    ) {}
    getContext() {
      return {
        imageSmoothingQuality: 'low',
        set fillStyle(value: string) {
          canvas.filled.push(value);
        },
        fillRect: () => {},
        drawImage: () => {},
      };
    }
    async convertToBlob({ type, quality }: { type: string; quality: number }) {
      canvas.encoded.push({ width: this.width, height: this.height, type, quality });
      const bytes = Math.round(this.width * this.height * bytesPerPixel * quality);
      return new Blob([new Uint8Array(bytes)], { type: answers ? answers(type) : type });
    }
  }
  vi.stubGlobal('OffscreenCanvas', FakeOffscreenCanvas);
  return canvas;
}

const photo = (bytes: number, type = 'image/jpeg') => new Blob([new Uint8Array(bytes)], { type });
const summary = (made: DisplayRendition | null) =>
  made && { type: made.type, width: made.width, height: made.height, bytes: made.blob.size };

let module: Module;
beforeEach(async () => {
  // Each test starts from a browser that has not yet been seen to lack WebP.
  vi.resetModules();
  module = await import('./display-rendition');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('makeDisplayRendition', () => {
  it('makes a 4,000 × 3,000 photo a 1,200 × 900 WebP under 300 kB, at the first quality tried', async () => {
    const { close } = stubDecoder(4000, 3000);
    const canvas = stubCanvas(0.25);
    const made = await module.makeDisplayRendition(photo(3_100_000));
    expect(summary(made)).toEqual({ type: 'image/webp', width: 1200, height: 900, bytes: 221_400 });
    expect(made!.blob.type).toBe('image/webp');
    expect(canvas.encoded).toEqual([{ width: 1200, height: 900, type: 'image/webp', quality: 0.82 }]);
    expect(close).toHaveBeenCalledOnce();
  });

  it('bounds the longer side of a portrait photo', async () => {
    stubDecoder(3000, 4000);
    stubCanvas(0.1);
    expect(summary(await module.makeDisplayRendition(photo(2_000_000)))).toMatchObject({
      width: 900,
      height: 1200,
    });
  });

  it('lowers the quality, then the size, until it weighs at most 300 kB', async () => {
    stubDecoder(4000, 3000);
    const canvas = stubCanvas(1);
    const made = await module.makeDisplayRendition(photo(4_000_000));
    expect(canvas.encoded.map(({ width, height, quality }) => [width, height, quality])).toEqual([
      [1200, 900, 0.82],
      [1200, 900, 0.7],
      [1200, 900, 0.58],
      [960, 720, 0.58],
      [768, 576, 0.58],
    ]);
    expect(summary(made)).toEqual({ type: 'image/webp', width: 768, height: 576, bytes: 256_573 });
    expect(made!.blob.size).toBeLessThanOrEqual(module.displayMaxBytes);
  });

  it('keeps an original already small enough as it is, bytes unchanged', async () => {
    stubDecoder(1000, 800);
    const canvas = stubCanvas(1);
    const original = photo(120_000, 'image/png');
    const made = await module.makeDisplayRendition(original);
    expect(made).toEqual({ blob: original, type: 'image/png', width: 1000, height: 800 });
    expect(canvas.encoded).toEqual([]);
  });

  it('re-encodes a small but heavy original at its own size', async () => {
    stubDecoder(1000, 800);
    stubCanvas(0.3);
    expect(summary(await module.makeDisplayRendition(photo(900_000, 'image/png')))).toEqual({
      type: 'image/webp',
      width: 1000,
      height: 800,
      bytes: 196_800,
    });
  });

  it('makes a JPEG on a white background where the browser cannot encode WebP, and remembers it', async () => {
    stubDecoder(2400, 1600);
    const canvas = stubCanvas(0.25, (asked) => (asked === 'image/webp' ? 'image/png' : asked));
    const first = await module.makeDisplayRendition(photo(3_000_000));
    expect(summary(first)).toEqual({ type: 'image/jpeg', width: 1200, height: 800, bytes: 196_800 });
    expect(canvas.filled).toEqual(['#ffffff']);
    const second = await module.makeDisplayRendition(photo(3_000_000));
    expect(second?.type).toBe('image/jpeg');
    expect(canvas.encoded.map((each) => each.type)).toEqual(['image/webp', 'image/jpeg', 'image/jpeg']);
  });

  it('gives none for what cannot be decoded, encoded, or brought under the bound', async () => {
    stubDecoder(4000, 3000, true);
    expect(await module.makeDisplayRendition(photo(1000))).toBeNull();

    stubDecoder(4000, 3000);
    stubCanvas(0.25, () => 'image/png');
    expect(await module.makeDisplayRendition(photo(3_000_000))).toBeNull();

    stubCanvas(50);
    expect(await module.makeDisplayRendition(photo(3_000_000))).toBeNull();
  });

  it('draws on a <canvas> where there is no OffscreenCanvas', async () => {
    stubDecoder(2400, 1200);
    vi.stubGlobal('OffscreenCanvas', undefined);
    const sizes: number[][] = [];
    const getContext = vi
      .spyOn(HTMLCanvasElement.prototype, 'getContext')
      .mockImplementation(() => ({ drawImage: () => {}, fillRect: () => {} }) as unknown as RenderingContext);
    const toBlob = vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
      this: HTMLCanvasElement,
      callback,
      type,
    ) {
      sizes.push([this.width, this.height]);
      callback(new Blob([new Uint8Array(1000)], { type }));
    });
    try {
      expect(summary(await module.makeDisplayRendition(photo(3_000_000)))).toEqual({
        type: 'image/webp',
        width: 1200,
        height: 600,
        bytes: 1000,
      });
      expect(sizes).toEqual([[1200, 600]]);
    } finally {
      getContext.mockRestore();
      toBlob.mockRestore();
    }
  });
});

describe('createDisplayRendition', () => {
  let creator: Creator;
  beforeEach(async () => {
    creator = await import('./create-display-rendition');
  });

  /** A Worker that answers each message with `answer`, or fails to start its script. */
  function stubWorker(answer: DisplayRendition | null | 'error') {
    const started: unknown[] = [];
    const terminated = vi.fn();
    class FakeWorker {
      onmessage: ((event: { data: unknown }) => void) | null = null;
      onerror: ((event: { preventDefault: () => void }) => void) | null = null;
      constructor(url: URL, options: unknown) {
        started.push([url.pathname.split('/').at(-1), options]);
      }
      postMessage() {
        queueMicrotask(() => {
          if (answer === 'error') this.onerror?.({ preventDefault: () => {} });
          else this.onmessage?.({ data: answer });
        });
      }
      terminate = terminated;
    }
    vi.stubGlobal('Worker', FakeWorker);
    return { started, terminated };
  }

  it('makes the rendition in a module worker where there is one', async () => {
    const fromWorker = { blob: photo(10, 'image/webp'), type: 'image/webp' as const, width: 1, height: 1 };
    stubCanvas(0.25);
    const worker = stubWorker(fromWorker);
    expect(await creator.createDisplayRendition(photo(3_000_000))).toBe(fromWorker);
    expect(worker.started).toEqual([['display-rendition.worker.ts', { type: 'module' }]]);
    expect(worker.terminated).toHaveBeenCalledOnce();
  });

  it('makes it on the page when the worker cannot start, or there is no Worker', async () => {
    stubDecoder(2400, 1600);
    stubCanvas(0.25);
    stubWorker('error');
    expect((await creator.createDisplayRendition(photo(3_000_000)))?.width).toBe(1200);
    vi.stubGlobal('Worker', undefined);
    expect((await creator.createDisplayRendition(photo(3_000_000)))?.width).toBe(1200);
  });
});
