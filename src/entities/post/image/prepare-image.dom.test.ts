import { afterEach, describe, expect, it, vi } from 'vitest';
import { be16, be32, bytes, type Part } from '../../../../tests/helpers/byte-builders.ts';
import {
  acceptedImageTypes,
  type ImageProblem,
  maxImageBytes,
  maxImageSide,
  prepareImage,
  type PreparedImage,
  scaledSize,
} from './prepare-image';

// ---- Fixtures (a small PNG and JPEG, each carrying a GPS secret in its metadata) ----

const gpsSecret = 'SECRET-GPS-51.5074N';

/** A big-endian TIFF with IFD0 holding an optional orientation and the secret as an ImageDescription. */
function tiff(orientation?: number): Uint8Array {
  const entries = orientation === undefined ? 1 : 2;
  const textAt = 8 + 2 + entries * 12 + 4;
  return bytes(
    'MM',
    be16(42),
    be32(8),
    be16(entries),
    orientation === undefined ? [] : [...be16(0x0112), ...be16(3), ...be32(1), ...be16(orientation), 0, 0],
    [...be16(0x010e), ...be16(2), ...be32(gpsSecret.length + 1), ...be32(textAt)],
    be32(0),
    gpsSecret,
    [0],
  );
}

const pngChunk = (type: string, ...payload: Part[]): Uint8Array => {
  const data = bytes(...payload);
  return bytes(be32(data.length), type, data, [0, 0, 0, 0]);
};
const pngSignature = bytes('\x89PNG\r\n\x1a\n');
const pngKept = bytes(
  pngSignature,
  pngChunk('IHDR', be32(800), be32(600), [8, 6, 0, 0, 0]),
  pngChunk('IDAT', 'PIXELS'),
);
const pngEnd = pngChunk('IEND');
const png = bytes(pngKept.subarray(0, 33), pngChunk('eXIf', tiff()), pngKept.subarray(33), pngEnd);

const jpegSegment = (marker: number, ...payload: Part[]): Uint8Array => {
  const body = bytes(...payload);
  return bytes([0xff, marker], be16(body.length + 2), body);
};
const jpegFrame = bytes(
  jpegSegment(0xc0, [8], be16(600), be16(800), [1, 1, 0x11, 0]),
  jpegSegment(0xda, [1, 1, 0, 0, 63, 0]),
  'PIXELS',
  [0xff, 0xd9],
);
const jpeg = (orientation?: number): Uint8Array<ArrayBuffer> =>
  bytes([0xff, 0xd8], jpegSegment(0xe1, 'Exif\0\0', tiff(orientation)), jpegFrame);

const gif = bytes('GIF89a', [0x20, 0x03, 0x58, 0x02, 0, 0, 0], ';');

async function blobBytes(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

function contains(haystack: Uint8Array, needle: string): boolean {
  return new TextDecoder('latin1').decode(haystack).includes(needle);
}

function expectPrepared(result: PreparedImage | ImageProblem): PreparedImage {
  if ('problem' in result) throw new Error(`expected an image, got the problem ${result.problem}`);
  return result;
}

// ---- Stubs ----

interface FakeBitmap {
  width: number;
  height: number;
  close: () => void;
}

function stubDecoder(
  width: number,
  height: number,
): { decode: ReturnType<typeof vi.fn>; bitmap: FakeBitmap } {
  const bitmap: FakeBitmap = { width, height, close: vi.fn() };
  const decode = vi.fn(async () => bitmap);
  vi.stubGlobal('createImageBitmap', decode);
  return { decode, bitmap };
}

interface FakeContext {
  imageSmoothingQuality: string;
  drawImage: (...args: unknown[]) => void;
}

interface CanvasCalls {
  size: number[];
  drawn: unknown[];
  encoded: unknown[];
  contexts: FakeContext[];
}

function recordingContext(calls: CanvasCalls): FakeContext {
  const context = { imageSmoothingQuality: 'low', drawImage: (...args: unknown[]) => calls.drawn.push(args) };
  calls.contexts.push(context);
  return context;
}

/**
 * An OffscreenCanvas that records what is drawn and "encodes" to a blob of `outputBytes` bytes of the asked type
 * (or of `outputType`); `withContext: false` makes it a canvas without a 2D context.
 */
function stubCanvas(outputBytes = 100, outputType?: string, withContext = true): CanvasCalls {
  const calls: CanvasCalls = { size: [0, 0], drawn: [], encoded: [], contexts: [] };
  class FakeOffscreenCanvas {
    constructor(width: number, height: number) {
      calls.size = [width, height];
    }
    getContext(kind: string) {
      return withContext && kind === '2d' ? recordingContext(calls) : null;
    }
    async convertToBlob(options: { type: string; quality: number }) {
      calls.encoded.push(options);
      return new Blob([new Uint8Array(outputBytes)], { type: outputType ?? options.type });
    }
  }
  vi.stubGlobal('OffscreenCanvas', FakeOffscreenCanvas);
  return calls;
}

const canvasSpies: { mockRestore: () => void }[] = [];

/**
 * A DOM `<canvas>` for browsers without OffscreenCanvas (jsdom has none either): records its size when encoded,
 * what is drawn and how it is encoded; `output: null` makes toBlob fail, `withContext: false` leaves it without 2D.
 */
function stubDomCanvas(
  output: Blob | null = new Blob([new Uint8Array(100)]),
  withContext = true,
): CanvasCalls {
  const calls: CanvasCalls = { size: [0, 0], drawn: [], encoded: [], contexts: [] };
  const getContext = vi
    .spyOn(HTMLCanvasElement.prototype, 'getContext')
    .mockImplementation((kind: string) =>
      withContext && kind === '2d' ? (recordingContext(calls) as unknown as RenderingContext) : null,
    );
  const toBlob = vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
    this: HTMLCanvasElement,
    callback,
    type,
    quality,
  ) {
    calls.size = [this.width, this.height];
    calls.encoded.push({ type, quality });
    callback(output && new Blob([output], { type }));
  });
  canvasSpies.push(getContext, toBlob);
  return calls;
}

/** A file whose bytes can no longer be read (deleted or changed on disk since it was picked). */
function unreadable(blob: Blob): Blob {
  return Object.assign(blob, {
    arrayBuffer: () => Promise.reject(new DOMException('The file could not be read.', 'NotReadableError')),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  for (const spy of canvasSpies.splice(0)) spy.mockRestore();
});

// ---- Tests ----

describe('prepareImage refuses', () => {
  it('an empty file', async () => {
    expect(await prepareImage(new File([], 'photo.png', { type: 'image/png' }))).toEqual({
      problem: 'empty',
      size: 0,
    });
  });

  it.each([
    ['a text file renamed .png', 'hello, I am text', 'notes.png'],
    ['an SVG', '<svg xmlns="http://www.w3.org/2000/svg"></svg>', 'logo.svg'],
    ['an HTML page', '<!DOCTYPE html><html></html>', 'page.jpg'],
  ])('%s as not an image, whatever its name and type say', async (_, text, name) => {
    const file = new File([text], name, { type: 'image/png' });
    expect(await prepareImage(file)).toEqual({ problem: 'not-an-image', size: text.length });
  });

  it('a file over 5 MB without decoding it', async () => {
    const { decode } = stubDecoder(800, 600);
    const file = new Blob([pngSignature, new Uint8Array(maxImageBytes + 1 - pngSignature.length)]);
    expect(file.size).toBe(5 * 1024 * 1024 + 1);
    expect(await prepareImage(file)).toEqual({ problem: 'too-large', size: maxImageBytes + 1 });
    expect(decode).not.toHaveBeenCalled();
  });

  it('a huge non-image as not an image rather than too large', async () => {
    const file = new Blob(['x'.repeat(maxImageBytes + 10)]);
    expect(await prepareImage(file)).toEqual({ problem: 'not-an-image', size: maxImageBytes + 10 });
  });

  it('an image the browser cannot decode as corrupt', async () => {
    const decode = vi.fn(async () => {
      throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
    });
    vi.stubGlobal('createImageBitmap', decode);
    expect(await prepareImage(new Blob([png]))).toEqual({ problem: 'corrupt', size: png.length });
    expect(decode).toHaveBeenCalledTimes(1);
    expect(decode.mock.calls[0]).toEqual([expect.any(Blob), { imageOrientation: 'from-image' }]);
  });

  it('an image that grows past 5 MB when redrawn', async () => {
    stubDecoder(maxImageSide * 2, 100);
    stubCanvas(maxImageBytes + 1);
    expect(await prepareImage(new Blob([png]))).toEqual({ problem: 'too-large', size: maxImageBytes + 1 });
  });

  it.each([
    ['its first bytes', (file: Blob) => Object.assign(file, { slice: () => unreadable(new Blob([png])) })],
    ['the whole file', unreadable],
  ])('a file whose bytes cannot be read (%s) as corrupt', async (_, breakFile) => {
    const { decode } = stubDecoder(800, 600);
    expect(await prepareImage(breakFile(new Blob([png])))).toEqual({ problem: 'corrupt', size: png.length });
    expect(decode).not.toHaveBeenCalled();
  });

  it('an image it cannot draw (no 2D context) as corrupt, rather than encoding a blank canvas', async () => {
    const { bitmap } = stubDecoder(8000, 6000);
    const canvas = stubCanvas(100, undefined, false);
    expect(await prepareImage(new Blob([png]))).toEqual({ problem: 'corrupt', size: png.length });
    expect(canvas.encoded).toEqual([]);
    expect(bitmap.close).toHaveBeenCalledTimes(1);
  });

  it('an image the browser fails to encode as corrupt', async () => {
    stubDecoder(8000, 6000);
    vi.stubGlobal(
      'OffscreenCanvas',
      class {
        getContext() {
          return { drawImage: () => undefined };
        }
        async convertToBlob(): Promise<Blob> {
          throw new DOMException('Encoding failed.', 'EncodingError');
        }
      },
    );
    expect(await prepareImage(new Blob([png]))).toEqual({ problem: 'corrupt', size: png.length });
  });

  it('an image the browser encodes in a format that is not accepted as corrupt', async () => {
    stubDecoder(8000, 6000);
    stubCanvas(100, 'image/bmp');
    expect(await prepareImage(new Blob([png]))).toEqual({ problem: 'corrupt', size: png.length });
  });
});

describe('prepareImage keeps an image that needs no redrawing, minus its metadata', () => {
  it('a PNG: same type, no eXIf chunk, the decoded size, and the bitmap closed', async () => {
    const { bitmap, decode } = stubDecoder(800, 600);
    const result = expectPrepared(await prepareImage(new File([png], 'photo.txt', { type: 'text/plain' })));
    // The browser decodes the file's bytes as the type they really are, not the one the file claims.
    const decoded = decode.mock.calls[0]?.[0] as Blob;
    expect(decoded.type).toBe('image/png');
    expect(await blobBytes(decoded)).toEqual(png);
    expect(result).toMatchObject({ type: 'image/png', extension: 'png', width: 800, height: 600 });
    expect(result.blob.type).toBe('image/png');
    const uploaded = await blobBytes(result.blob);
    expect(uploaded).toEqual(bytes(pngKept, pngEnd));
    expect(contains(uploaded, 'eXIf')).toBe(false);
    expect(contains(uploaded, gpsSecret)).toBe(false);
    expect(bitmap.close).toHaveBeenCalledTimes(1);
  });

  it('a PNG of exactly 5 MB (trailing bytes after IEND are dropped)', async () => {
    stubDecoder(800, 600);
    const file = new Blob([png, new Uint8Array(maxImageBytes - png.length)]);
    expect(file.size).toBe(maxImageBytes);
    const result = expectPrepared(await prepareImage(file));
    expect(await blobBytes(result.blob)).toEqual(bytes(pngKept, pngEnd));
  });

  it('a JPEG with orientation 1: Exif removed losslessly', async () => {
    stubDecoder(800, 600);
    const result = expectPrepared(await prepareImage(new Blob([jpeg(1)])));
    expect(result).toMatchObject({ type: 'image/jpeg', extension: 'jpg', width: 800, height: 600 });
    expect(await blobBytes(result.blob)).toEqual(bytes([0xff, 0xd8], jpegFrame));
  });

  it('a GIF byte for byte', async () => {
    stubDecoder(800, 600);
    const result = expectPrepared(await prepareImage(new Blob([gif])));
    expect(result).toMatchObject({ type: 'image/gif', extension: 'gif', width: 800, height: 600 });
    expect(await blobBytes(result.blob)).toEqual(gif);
  });
});

describe('prepareImage redraws (canvas stubbed: the real one is covered end to end)', () => {
  it('scales an image over 4,096 px down to 4,096 on its longer side, same format, quality 0.9', async () => {
    const { bitmap } = stubDecoder(8000, 6000);
    const canvas = stubCanvas();
    const result = expectPrepared(await prepareImage(new Blob([jpeg()])));
    expect(result).toMatchObject({ type: 'image/jpeg', extension: 'jpg', width: 4096, height: 3072 });
    expect(canvas.size).toEqual([4096, 3072]);
    expect(canvas.drawn).toEqual([[bitmap, 0, 0, 4096, 3072]]);
    expect(canvas.contexts.map((context) => context.imageSmoothingQuality)).toEqual(['high']);
    expect(canvas.encoded).toEqual([{ type: 'image/jpeg', quality: 0.9 }]);
    expect(bitmap.close).toHaveBeenCalledTimes(1);
  });

  it.each([
    [4097, 100, 4096, 100],
    [100, 4097, 100, 4096],
  ])(
    'redraws %d x %d to %d x %d although only the longer side changes',
    async (width, height, toWidth, toHeight) => {
      stubDecoder(width, height);
      const canvas = stubCanvas();
      const result = expectPrepared(await prepareImage(new Blob([png])));
      expect(result).toMatchObject({ type: 'image/png', width: toWidth, height: toHeight });
      expect(canvas.size).toEqual([toWidth, toHeight]);
      expect(result.blob.size).toBe(100);
    },
  );

  it('accepts a redrawn image of exactly 5 MB', async () => {
    stubDecoder(8000, 6000);
    stubCanvas(maxImageBytes);
    const result = expectPrepared(await prepareImage(new Blob([jpeg()])));
    expect(result.blob.size).toBe(maxImageBytes);
  });

  it('redraws an image whose metadata it cannot strip (a PNG cut before IEND) at its own size', async () => {
    stubDecoder(800, 600);
    const canvas = stubCanvas();
    const cut = png.subarray(0, png.length - pngEnd.length);
    const result = expectPrepared(await prepareImage(new Blob([cut])));
    expect(result).toMatchObject({ type: 'image/png', width: 800, height: 600 });
    expect(canvas.size).toEqual([800, 600]);
    expect(contains(await blobBytes(result.blob), gpsSecret)).toBe(false);
  });

  it('redraws a JPEG whose orientation is not 1, reporting the upright size', async () => {
    // The browser applies orientation 6 (a quarter turn), so the bitmap is 600 x 800.
    stubDecoder(600, 800);
    const canvas = stubCanvas();
    const result = expectPrepared(await prepareImage(new Blob([jpeg(6)])));
    expect(result).toMatchObject({ type: 'image/jpeg', width: 600, height: 800 });
    expect(canvas.size).toEqual([600, 800]);
  });

  it('re-encodes a large GIF as PNG', async () => {
    stubDecoder(3000, 5000);
    const canvas = stubCanvas();
    const result = expectPrepared(await prepareImage(new Blob([gif])));
    expect(result).toMatchObject({ type: 'image/png', extension: 'png', width: 2458, height: 4096 });
    expect(canvas.encoded).toEqual([{ type: 'image/png', quality: 0.9 }]);
  });

  it('reports the format the browser really produced when it cannot encode the one asked for', async () => {
    stubDecoder(5000, 5000);
    stubCanvas(100, 'image/png');
    const webp = bytes('RIFF', [4, 0, 0, 0], 'WEBP');
    const result = expectPrepared(await prepareImage(new Blob([webp])));
    expect(result).toMatchObject({ type: 'image/png', extension: 'png', width: 4096, height: 4096 });
  });
});

describe('prepareImage without OffscreenCanvas draws on a <canvas>', () => {
  it('at the scaled size, with high smoothing, in the same format at quality 0.9', async () => {
    const { bitmap } = stubDecoder(8000, 6000);
    const canvas = stubDomCanvas();
    const result = expectPrepared(await prepareImage(new Blob([jpeg()])));
    expect(result).toMatchObject({ type: 'image/jpeg', extension: 'jpg', width: 4096, height: 3072 });
    expect(result.blob.size).toBe(100);
    expect(canvas.size).toEqual([4096, 3072]);
    expect(canvas.drawn).toEqual([[bitmap, 0, 0, 4096, 3072]]);
    expect(canvas.contexts.map((context) => context.imageSmoothingQuality)).toEqual(['high']);
    expect(canvas.encoded).toEqual([{ type: 'image/jpeg', quality: 0.9 }]);
  });

  it.each([
    ['has no 2D context', () => stubDomCanvas(undefined, false), []],
    ['fails to encode', () => stubDomCanvas(null), [{ type: 'image/jpeg', quality: 0.9 }]],
  ])('refusing the image as corrupt when the canvas %s', async (_, stub, encoded) => {
    stubDecoder(8000, 6000);
    const canvas = stub();
    expect(await prepareImage(new Blob([jpeg()]))).toEqual({ problem: 'corrupt', size: jpeg().length });
    expect(canvas.encoded).toEqual(encoded);
  });
});

describe('scaledSize', () => {
  it.each([
    [800, 600, 800, 600],
    [4096, 4096, 4096, 4096],
    [4097, 100, 4096, 100],
    [8000, 6000, 4096, 3072],
    [6000, 8000, 3072, 4096],
    [100_000, 10, 4096, 1],
  ])('%d x %d → %d x %d', (width, height, expectedWidth, expectedHeight) => {
    expect(scaledSize(width, height)).toEqual({ width: expectedWidth, height: expectedHeight });
  });
});

describe('acceptedImageTypes', () => {
  it('lists the four formats for an <input accept>', () => {
    expect(acceptedImageTypes.join(',')).toBe('image/jpeg,image/png,image/gif,image/webp');
  });
});
