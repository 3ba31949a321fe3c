import { describe, expect, it } from 'vitest';
import { be16, be32, bytes, type Part } from '../../../../tests/helpers/byte-builders.ts';
import {
  exifOrientation,
  type ImageType,
  jpegOrientation,
  readImageSize,
  sniffImageType,
  stripMetadata,
  tryStripMetadata,
} from './image-bytes';

// ---- Byte builders ----

type ByteOrder = 'II' | 'MM';

const le16 = (value: number): number[] => be16(value).reverse();
const le24 = (value: number): number[] => [value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff];
const le32 = (value: number): number[] => be32(value).reverse();
const u16 = (order: ByteOrder, value: number): number[] => (order === 'II' ? le16(value) : be16(value));
const u32 = (order: ByteOrder, value: number): number[] => (order === 'II' ? le32(value) : be32(value));

/** Text that must not survive stripping: it stands for a GPS position. */
const gpsSecret = 'SECRET-GPS-51.5074N';
/** Image data that must survive stripping untouched. */
const pixels = 'PIXELS-KEEP-ME';

/** A 12-byte IFD entry whose value (or offset) is the 4 bytes given. */
function ifdEntry(order: ByteOrder, tag: number, type: number, count: number, value: number[]): number[] {
  return [...u16(order, tag), ...u16(order, type), ...u32(order, count), ...value];
}

/**
 * A TIFF structure as EXIF stores it: IFD0 with an optional orientation and a pointer to a GPS IFD, which
 * holds GPSLatitudeRef and a GPSMapDatum string (the secret) stored after the IFD.
 */
function tiff(order: ByteOrder, orientation?: number): Uint8Array {
  const ifd0Entries = orientation === undefined ? 1 : 2;
  const gpsIfd = 8 + 2 + ifd0Entries * 12 + 4;
  const gpsData = gpsIfd + 2 + 2 * 12 + 4;
  const ifd0 = [
    ...u16(order, ifd0Entries),
    ...(orientation === undefined ? [] : ifdEntry(order, 0x0112, 3, 1, [...u16(order, orientation), 0, 0])),
    ...ifdEntry(order, 0x8825, 4, 1, u32(order, gpsIfd)),
    ...u32(order, 0),
  ];
  const gps = [
    ...u16(order, 2),
    ...ifdEntry(order, 0x0001, 2, 2, [0x4e, 0, 0, 0]),
    ...ifdEntry(order, 0x0012, 2, gpsSecret.length + 1, u32(order, gpsData)),
    ...u32(order, 0),
  ];
  return bytes(order, u16(order, 42), u32(order, 8), ifd0, gps, gpsSecret, [0]);
}

function jpegSegment(marker: number, ...payload: Part[]): Uint8Array {
  const body = bytes(...payload);
  return bytes([0xff, marker], be16(body.length + 2), body);
}

const jfif = jpegSegment(0xe0, 'JFIF\0', [1, 1, 0, 0, 1, 0, 1, 0, 0]);
const icc = jpegSegment(0xe2, 'ICC_PROFILE\0', [1, 1], 'colour');
const exifSegment = (order: ByteOrder, orientation?: number): Uint8Array =>
  jpegSegment(0xe1, 'Exif\0\0', tiff(order, orientation));
const xmpSegment = jpegSegment(0xe1, 'http://ns.adobe.com/xap/1.0/\0', `<x:xmpmeta>${gpsSecret}</x:xmpmeta>`);
/** A Huffman table whose first bytes would read as 0x0102 x 0x0304 if mistaken for a frame header. */
const dht = jpegSegment(0xc4, [0x00, 0x01, 0x02, 0x03, 0x04, 0x05]);
const sof = (width: number, height: number, marker = 0xc0): Uint8Array =>
  jpegSegment(marker, [8], be16(height), be16(width), [1, 1, 0x11, 0]);
const sos = jpegSegment(0xda, [1, 1, 0x00, 0, 63, 0]);
/** Entropy-coded data with a stuffed 0xFF00 and a restart marker, which must not end the scan. */
const scan = bytes([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0], pixels);
const eoi = bytes([0xff, 0xd9]);
const soi = bytes([0xff, 0xd8]);

function jpeg(order: ByteOrder = 'II', orientation?: number, width = 640, height = 480): Uint8Array {
  return bytes(
    soi,
    jfif,
    exifSegment(order, orientation),
    xmpSegment,
    icc,
    dht,
    sof(width, height),
    sos,
    scan,
    eoi,
  );
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (crcTable[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, ...payload: Part[]): Uint8Array {
  const data = bytes(...payload);
  return bytes(be32(data.length), type, data, be32(crc32(bytes(type, data))));
}

const pngSignature = bytes('\x89PNG\r\n\x1a\n');
const ihdr = (width: number, height: number): Uint8Array =>
  pngChunk('IHDR', be32(width), be32(height), [8, 6, 0, 0, 0]);
const idat = pngChunk('IDAT', pixels);
const iend = pngChunk('IEND');

function png(orientation?: number, width = 800, height = 600): Uint8Array {
  return bytes(
    pngSignature,
    ihdr(width, height),
    pngChunk('eXIf', tiff('MM', orientation)),
    pngChunk('tEXt', 'Comment\0', gpsSecret),
    idat,
    pngChunk('iTXt', 'XML:com.adobe.xmp\0\0\0\0\0', gpsSecret),
    iend,
  );
}

const gif = bytes('GIF89a', le16(320), le16(200), [0xf0, 0, 0], [0, 0, 0, 255, 255, 255], ';');

function riffChunk(type: string, ...payload: Part[]): Uint8Array {
  const data = bytes(...payload);
  return bytes(type, le32(data.length), data, data.length % 2 ? [0] : []);
}

function riff(...chunks: Uint8Array[]): Uint8Array {
  const body = bytes('WEBP', ...chunks);
  return bytes('RIFF', le32(body.length), body);
}

/** VP8X flags: ICC 0x20, alpha 0x10, EXIF 0x08, XMP 0x04, animation 0x02. */
const vp8x = (flags: number, width: number, height: number): Uint8Array =>
  riffChunk('VP8X', [flags, 0, 0, 0], le24(width - 1), le24(height - 1));
const vp8l = (width: number, height: number): Uint8Array =>
  riffChunk('VP8L', [0x2f], le32((width - 1) | ((height - 1) << 14)), pixels);
const vp8 = (width: number, height: number): Uint8Array =>
  riffChunk('VP8 ', [0x10, 0x02, 0x00, 0x9d, 0x01, 0x2a], le16(width), le16(height), pixels);

function webp(orientation?: number): Uint8Array {
  return riff(
    vp8x(0x10 | 0x08 | 0x04, 1200, 900),
    vp8l(1200, 900),
    riffChunk('EXIF', tiff('II', orientation), [0x7f]),
    riffChunk('XMP ', `<x:xmpmeta>${gpsSecret}</x:xmpmeta>`),
  );
}

function contains(haystack: Uint8Array, needle: Part): boolean {
  const wanted = bytes(needle);
  outer: for (let at = 0; at + wanted.length <= haystack.length; at += 1) {
    for (let index = 0; index < wanted.length; index += 1) {
      if (haystack[at + index] !== wanted[index]) continue outer;
    }
    return true;
  }
  return false;
}

const allTypes: readonly ImageType[] = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** A SHORT IFD entry (type 3) holding `value`. */
const shortEntry = (order: ByteOrder, tag: number, value: number): number[] =>
  ifdEntry(order, tag, 3, 1, [...u16(order, value), 0, 0]);

/** A TIFF header and IFD0 declaring `count` entries (default: as many as given), followed by `rest`. */
function ifd0(order: ByteOrder, entries: number[][], count = entries.length, ...rest: Part[]): Uint8Array {
  return bytes(order, u16(order, 42), u32(order, 8), u16(order, count), ...entries, ...rest);
}

/** A JPEG that holds only an Exif segment with the given TIFF structure. */
const exifJpeg = (tiffBytes: Uint8Array): Uint8Array =>
  bytes(soi, jpegSegment(0xe1, 'Exif\0\0', tiffBytes), eoi);

/** A JPEG around its frame: `before` goes between SOI and the SOF segment. */
const framedJpeg = (...before: Part[]): Uint8Array => bytes(soi, ...before, sof(10, 20), sos, scan, eoi);

// ---- Tests ----

describe('sniffImageType', () => {
  it.each([
    ['JPEG', jpeg(), 'image/jpeg'],
    ['bare JPEG start', bytes([0xff, 0xd8, 0xff, 0xdb]), 'image/jpeg'],
    ['PNG', png(), 'image/png'],
    ['GIF89a', gif, 'image/gif'],
    ['GIF87a', bytes('GIF87a', le16(1), le16(1)), 'image/gif'],
    ['WebP', webp(), 'image/webp'],
    ['the JPEG signature alone', bytes([0xff, 0xd8, 0xff]), 'image/jpeg'],
    ['the PNG signature alone', pngSignature, 'image/png'],
    ['the GIF87a signature alone', bytes('GIF87a'), 'image/gif'],
    ['the WebP signature alone', bytes('RIFF', le32(4), 'WEBP'), 'image/webp'],
  ])('recognises %s by its magic bytes', (_, input, expected) => {
    expect(sniffImageType(input)).toBe(expected);
  });

  it.each([
    ['empty', bytes()],
    ['text', bytes('hello, this is a text file renamed to .png')],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['XML-prefixed SVG', bytes('<?xml version="1.0"?><svg></svg>')],
    ['HTML', bytes('<!DOCTYPE html><html><body></body></html>')],
    ['two JPEG bytes', bytes([0xff, 0xd8])],
    ['PNG signature less one byte', pngSignature.subarray(0, 7)],
    ['GIF without version', bytes('GIF8')],
    ['RIFF WAVE audio', bytes('RIFF', le32(4), 'WAVE')],
    ['WEBP without RIFF', bytes('RIFX', le32(4), 'WEBP')],
    ['BMP', bytes('BM', le32(100))],
    ['PDF', bytes('%PDF-1.7')],
  ])('refuses %s', (_, input) => {
    expect(sniffImageType(input)).toBeNull();
  });
});

describe('readImageSize', () => {
  it.each([
    ['JPEG SOF0', jpeg('II', undefined, 640, 480), 'image/jpeg', 640, 480],
    [
      'progressive JPEG SOF2',
      bytes(soi, dht, sof(5000, 3000, 0xc2), sos, scan, eoi),
      'image/jpeg',
      5000,
      3000,
    ],
    ['PNG IHDR', png(undefined, 8000, 100), 'image/png', 8000, 100],
    ['PNG IHDR beyond 16 bits', png(undefined, 70000, 3), 'image/png', 70000, 3],
    ['GIF logical screen', gif, 'image/gif', 320, 200],
    ['WebP VP8X canvas', webp(), 'image/webp', 1200, 900],
    ['WebP VP8L', riff(vp8l(16384, 3)), 'image/webp', 16384, 3],
    ['WebP VP8 (scale bits ignored)', riff(vp8(1024 | 0x4000, 768 | 0x8000)), 'image/webp', 1024, 768],
    ['WebP VP8X beyond 16 bits', riff(vp8x(0, 70000, 2)), 'image/webp', 70000, 2],
  ] as const)('reads %s', (_, input, type, width, height) => {
    expect(readImageSize(input, type)).toEqual({ width, height });
  });

  it('reads a JPEG header even when the file is cut short after the frame header', () => {
    const cut = bytes(soi, jfif, sof(123, 45), sos, [0x12, 0x34]);
    expect(readImageSize(cut, 'image/jpeg')).toEqual({ width: 123, height: 45 });
  });

  it.each([
    ['JPEG without SOF', bytes(soi, jfif, sos, scan, eoi), 'image/jpeg'],
    ['JPEG with zero height (DNL)', bytes(soi, sof(10, 0), sos, scan, eoi), 'image/jpeg'],
    ['PNG cut inside IHDR', png().subarray(0, 20), 'image/png'],
    ['PNG of zero width', png(undefined, 0, 10), 'image/png'],
    ['GIF header only', bytes('GIF89a', [1]), 'image/gif'],
    [
      'WebP with an unknown first chunk',
      riff(riffChunk('ALPH', [0, 0, 0, 0, 0, 0, 0, 0, 0, 0])),
      'image/webp',
    ],
    [
      'WebP whose unknown first chunk holds VP8 and VP8L signatures',
      riff(riffChunk('ALPH', [0x2f, 0, 0, 0x9d, 0x01, 0x2a, 10, 0, 10, 0])),
      'image/webp',
    ],
    [
      'JPEG whose frame header runs past the end',
      bytes(soi, [0xff, 0xc0], be16(100), sof(10, 20).subarray(4)),
      'image/jpeg',
    ],
    ['VP8 without its start code', riff(riffChunk('VP8 ', [0, 0, 0, 1, 2, 3, 10, 0, 10, 0])), 'image/webp'],
    ['text read as PNG', bytes('not an image at all, not at all'), 'image/png'],
  ] as const)('returns null for %s', (_, input, type) => {
    expect(readImageSize(input, type)).toBeNull();
  });

  it.each([
    ['PNG', png(undefined, 800, 600), 24, 'image/png', 800, 600],
    ['GIF', gif, 10, 'image/gif', 320, 200],
    ['WebP VP8X', riff(vp8x(0, 70000, 70000)), 30, 'image/webp', 70000, 70000],
    ['WebP VP8', riff(vp8(300, 300)), 30, 'image/webp', 300, 300],
    ['WebP VP8L', riff(vp8l(16384, 5000)), 25, 'image/webp', 16384, 5000],
  ] as const)(
    'reads a %s cut right after its size (%d bytes), and nothing from one byte less',
    (_, input, length, type, width, height) => {
      expect(readImageSize(input.subarray(0, length), type)).toEqual({ width, height });
      expect(readImageSize(input.subarray(0, length - 1), type)).toBeNull();
    },
  );

  it('reads a JPEG frame header of 5 bytes, and nothing from one of 4', () => {
    const frame = jpegSegment(0xc0, [8], be16(45), be16(123));
    expect(readImageSize(bytes(soi, frame, sos, scan, eoi), 'image/jpeg')).toEqual({
      width: 123,
      height: 45,
    });
    const short = jpegSegment(0xc0, [8], be16(45), [0]);
    expect(readImageSize(bytes(soi, short, sos, scan, eoi), 'image/jpeg')).toBeNull();
  });

  it('reads a JPEG that ends right after its frame header', () => {
    expect(readImageSize(bytes(soi, sof(7, 9)), 'image/jpeg')).toEqual({ width: 7, height: 9 });
  });

  it.each([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf])(
    'reads the JPEG frame of SOF marker %d',
    (marker) => {
      expect(readImageSize(bytes(soi, sof(33, 44, marker), sos, scan, eoi), 'image/jpeg')).toEqual({
        width: 33,
        height: 44,
      });
    },
  );

  it.each([
    ['DHT', 0xc4],
    ['JPG', 0xc8],
    ['DAC', 0xcc],
    ['a reserved marker', 0xbf],
  ])('does not mistake %s for a frame', (_, marker) => {
    const lure = jpegSegment(marker, [0x00, 0x01, 0x02, 0x03, 0x04, 0x05]);
    expect(readImageSize(framedJpeg(lure), 'image/jpeg')).toEqual({ width: 10, height: 20 });
  });

  it.each([
    ['TEM', 0x01],
    ['RST0', 0xd0],
    ['RST7', 0xd7],
  ])('steps over the standalone marker %s (no length) before the frame', (_, marker) => {
    const input = framedJpeg([0xff, marker], exifSegment('II', 1));
    expect(readImageSize(input, 'image/jpeg')).toEqual({ width: 10, height: 20 });
    expect(stripMetadata(input, 'image/jpeg')).toEqual(framedJpeg([0xff, marker]));
  });

  it('steps over fill bytes before a marker, which go with the segment they precede', () => {
    const input = framedJpeg([0xff, 0xff], exifSegment('II', 1), [0xff], jfif);
    expect(readImageSize(input, 'image/jpeg')).toEqual({ width: 10, height: 20 });
    expect(stripMetadata(input, 'image/jpeg')).toEqual(framedJpeg([0xff], jfif));
  });

  it('reads past an empty segment (length 2), which stripping keeps', () => {
    const input = framedJpeg(jpegSegment(0xfe), exifSegment('MM', 1));
    expect(readImageSize(input, 'image/jpeg')).toEqual({ width: 10, height: 20 });
    expect(stripMetadata(input, 'image/jpeg')).toEqual(framedJpeg(jpegSegment(0xfe)));
  });

  it.each([
    ['does not start with SOI', bytes([0x00, 0x00], sof(10, 20), sos, scan, eoi)],
    ['has a stray byte between segments', framedJpeg([0x00])],
    ['has a marker 0x00 between segments', framedJpeg([0xff, 0x00], be16(4), [1, 2])],
  ])('stops at a JPEG that %s: no size, nothing stripped', (_, input) => {
    expect(readImageSize(input, 'image/jpeg')).toBeNull();
    expect(tryStripMetadata(input, 'image/jpeg')).toBeNull();
  });

  it('does not read a VP8L header without its 0x2F signature', () => {
    const input = riff(riffChunk('VP8L', [0x00], le32(99 | (99 << 14)), pixels));
    expect(readImageSize(input, 'image/webp')).toBeNull();
  });
});

describe('jpegOrientation', () => {
  it.each([
    ['II', 6],
    ['MM', 6],
    ['II', 8],
    ['MM', 3],
    ['MM', 1],
  ] as const)('reads the %s (byte order) orientation %d', (order, orientation) => {
    expect(jpegOrientation(jpeg(order, orientation))).toBe(orientation);
  });

  it('is 1 when there is no orientation tag, no EXIF, or no JPEG', () => {
    expect(jpegOrientation(jpeg('II'))).toBe(1);
    expect(jpegOrientation(bytes(soi, jfif, sof(1, 1), sos, scan, eoi))).toBe(1);
    expect(jpegOrientation(png(6))).toBe(1);
  });

  it.each([0, 9, 0xffff])('treats the out-of-range value %d as 1', (value) => {
    expect(jpegOrientation(jpeg('MM', value))).toBe(1);
  });

  it('reads an orientation written as a LONG', () => {
    const order = 'MM';
    const body = bytes(order, u16(order, 42), u32(order, 8), u16(order, 1));
    const long = bytes(body, ifdEntry(order, 0x0112, 4, 1, u32(order, 5)), u32(order, 0));
    expect(jpegOrientation(bytes(soi, jpegSegment(0xe1, 'Exif\0\0', long), eoi))).toBe(5);
  });

  it('does not read an IFD that claims more entries than the segment holds', () => {
    const order = 'II';
    const header = bytes(order, u16(order, 42), u32(order, 8), u16(order, 0xffff));
    expect(jpegOrientation(bytes(soi, jpegSegment(0xe1, 'Exif\0\0', header), eoi))).toBe(1);
  });

  it('does not read past the Exif segment into the next one', () => {
    // IFD0 says two entries, but the segment ends right after the count. Read on regardless, the first
    // entry would be the comment's header and 8 filler bytes, the second the lure: an orientation of 6.
    const order = 'MM';
    const header = bytes(order, u16(order, 42), u32(order, 8), u16(order, 2));
    const lure = ifdEntry(order, 0x0112, 3, 1, [...u16(order, 6), 0, 0]);
    const comment = jpegSegment(0xfe, new Array<number>(8).fill(0x20), lure);
    expect(jpegOrientation(bytes(soi, jpegSegment(0xe1, 'Exif\0\0', header), comment, eoi))).toBe(1);
    // The same bytes inside the segment are read: the lure is well formed.
    expect(jpegOrientation(bytes(soi, jpegSegment(0xe1, 'Exif\0\0', header, comment), eoi))).toBe(6);
  });

  it.each(['II', 'MM'] as const)('finds the orientation after other IFD0 entries (%s)', (order) => {
    const entries = [
      shortEntry(order, 0x0128, 2),
      shortEntry(order, 0x0213, 1),
      shortEntry(order, 0x0112, 6),
    ];
    expect(jpegOrientation(exifJpeg(ifd0(order, entries, 3, u32(order, 0))))).toBe(6);
  });

  it('is 1 when IFD0 holds only other small values (a resolution unit of 2)', () => {
    expect(jpegOrientation(exifJpeg(ifd0('MM', [shortEntry('MM', 0x0128, 2)], 1, be32(0))))).toBe(1);
  });

  it('does not take an orientation from the bytes after the entries IFD0 counts', () => {
    const entries = [shortEntry('II', 0x0128, 2), shortEntry('II', 0x0112, 6)];
    expect(jpegOrientation(exifJpeg(ifd0('II', entries, 1)))).toBe(1);
    expect(jpegOrientation(exifJpeg(ifd0('II', entries, 2)))).toBe(6);
  });

  it('reads an orientation entry that ends exactly where the Exif segment ends', () => {
    expect(jpegOrientation(exifJpeg(ifd0('MM', [shortEntry('MM', 0x0112, 8)])))).toBe(8);
  });

  it.each([
    ['an unknown byte order', bytes('MI', ifd0('MM', [shortEntry('MM', 0x0112, 6)]).subarray(2))],
    [
      'a TIFF magic other than 42',
      bytes('MM', be16(43), ifd0('MM', [shortEntry('MM', 0x0112, 6)]).subarray(4)),
    ],
    ['an orientation stored as a BYTE', ifd0('II', [ifdEntry('II', 0x0112, 1, 1, [6, 0, 0, 0])])],
  ])('is 1 for %s', (_, tiffBytes) => {
    expect(jpegOrientation(exifJpeg(tiffBytes))).toBe(1);
  });

  it('reads Exif only from APP1, and strips only APP1 Exif and XMP', () => {
    const app2 = jpegSegment(0xe2, 'Exif\0\0', ifd0('MM', [shortEntry('MM', 0x0112, 6)]));
    const comment = jpegSegment(0xfe, 'http://ns.adobe.com/xap/1.0/\0 is the XMP namespace');
    const app0 = jpegSegment(0xe0, 'Exif\0\0', ifd0('MM', [shortEntry('MM', 0x0112, 3)]));
    const input = framedJpeg(app2, comment, app0);
    expect(jpegOrientation(input)).toBe(1);
    expect(stripMetadata(input, 'image/jpeg')).toEqual(input);
  });
});

describe('exifOrientation', () => {
  it('reads PNG eXIf, WebP EXIF (with or without an Exif prefix) and JPEG', () => {
    expect(exifOrientation(png(6), 'image/png')).toBe(6);
    expect(exifOrientation(webp(7), 'image/webp')).toBe(7);
    const prefixed = riff(vp8l(2, 2), riffChunk('EXIF', 'Exif\0\0', tiff('MM', 5)));
    expect(exifOrientation(prefixed, 'image/webp')).toBe(5);
    expect(exifOrientation(jpeg('MM', 2), 'image/jpeg')).toBe(2);
  });

  it('is 1 without an orientation and for GIF', () => {
    expect(exifOrientation(png(), 'image/png')).toBe(1);
    expect(exifOrientation(riff(vp8l(2, 2)), 'image/webp')).toBe(1);
    expect(exifOrientation(gif, 'image/gif')).toBe(1);
  });

  it.each([
    [
      'an eXIf chunk whose length runs past the end',
      bytes(pngSignature, ihdr(1, 1), be32(1000), 'eXIf', tiff('MM', 6)),
    ],
    [
      'an eXIf chunk cut inside its CRC',
      bytes(pngSignature, ihdr(1, 1), pngChunk('eXIf', tiff('MM', 6)).subarray(0, -2)),
    ],
  ])('is 1 for a PNG with %s', (_, input) => {
    expect(exifOrientation(input, 'image/png')).toBe(1);
  });

  it('is 1 for a JPEG Exif segment whose length runs past the end', () => {
    const segment = exifSegment('MM', 6);
    const cut = bytes(soi, segment.subarray(0, 2), be16(segment.length + 100), segment.subarray(4));
    expect(jpegOrientation(cut)).toBe(1);
    expect(exifOrientation(cut, 'image/jpeg')).toBe(1);
  });

  it.each([
    ['PNG chunks behind a wrong signature', bytes('\x89PNG\r\n\x1a\0', png(6).subarray(8)), 'image/png'],
    [
      'WebP chunks in a RIFF WAVE',
      bytes('RIFF', webp(6).subarray(4, 8), 'WAVE', webp(6).subarray(12)),
      'image/webp',
    ],
  ] as const)('is 1 and strips nothing for %s', (_, input, type) => {
    expect(exifOrientation(input, type)).toBe(1);
    expect(tryStripMetadata(input, type)).toBeNull();
  });
});

describe('stripMetadata', () => {
  it.each(['II', 'MM'] as const)(
    'removes JPEG Exif (%s) and XMP, keeping everything else byte for byte',
    (order) => {
      const input = jpeg(order, 6);
      expect(contains(input, gpsSecret)).toBe(true);
      const stripped = stripMetadata(input, 'image/jpeg');
      expect(stripped).toEqual(bytes(soi, jfif, icc, dht, sof(640, 480), sos, scan, eoi));
      expect(contains(stripped, gpsSecret)).toBe(false);
      expect(contains(stripped, 'Exif')).toBe(false);
      expect(contains(stripped, 'http://ns.adobe.com')).toBe(false);
      expect(contains(stripped, pixels)).toBe(true);
    },
  );

  it('drops extended XMP, MPF and whatever follows EOI (a motion photo video, extra images)', () => {
    const extended = jpegSegment(0xe1, 'http://ns.adobe.com/xmp/extension/\0', gpsSecret);
    const mpf = jpegSegment(0xe2, 'MPF\0', [0, 1, 2, 3]);
    const trailer = bytes(soi, exifSegment('II', 1), eoi, 'ftypmp42', gpsSecret);
    const input = bytes(soi, extended, mpf, sof(2, 2), sos, scan, eoi, trailer);
    expect(stripMetadata(input, 'image/jpeg')).toEqual(bytes(soi, sof(2, 2), sos, scan, eoi));
  });

  it('keeps the tables and scans of a progressive JPEG, and fill bytes before a marker', () => {
    const secondScan = bytes(dht, sos, [0x55, 0xff, 0x00], pixels);
    const input = bytes(soi, exifSegment('MM', 1), sof(8, 8, 0xc2), sos, scan, secondScan, [0xff], eoi);
    expect(stripMetadata(input, 'image/jpeg')).toEqual(
      bytes(soi, sof(8, 8, 0xc2), sos, scan, secondScan, [0xff], eoi),
    );
  });

  it('removes PNG eXIf, tEXt and iTXt chunks, keeping the others byte for byte', () => {
    const stripped = stripMetadata(png(6), 'image/png');
    expect(stripped).toEqual(bytes(pngSignature, ihdr(800, 600), idat, iend));
    expect(contains(stripped, gpsSecret)).toBe(false);
    expect(contains(stripped, 'eXIf')).toBe(false);
  });

  it('removes a PNG zTXt chunk and bytes after IEND', () => {
    const input = bytes(
      pngSignature,
      ihdr(1, 1),
      pngChunk('zTXt', 'Comment\0\0', [0x78, 0x9c]),
      idat,
      iend,
      gpsSecret,
    );
    expect(stripMetadata(input, 'image/png')).toEqual(bytes(pngSignature, ihdr(1, 1), idat, iend));
  });

  it('removes WebP EXIF and XMP chunks, clears their VP8X flags and rewrites the RIFF size', () => {
    const input = webp(6);
    const stripped = stripMetadata(input, 'image/webp');
    const expected = bytes('RIFF', le32(4 + 18 + 8 + 20), 'WEBP', vp8x(0x10, 1200, 900), vp8l(1200, 900));
    expect(stripped).toEqual(expected);
    expect(stripped.length).toBe(8 + 4 + 18 + 8 + 20);
    expect(stripped[20]).toBe(0x10);
    expect(contains(stripped, gpsSecret)).toBe(false);
    expect(contains(stripped, pixels)).toBe(true);
  });

  it('returns a GIF unchanged, as a copy', () => {
    const stripped = stripMetadata(gif, 'image/gif');
    expect(stripped).toEqual(gif);
    expect(stripped).not.toBe(gif);
  });

  it('leaves an image without metadata as it was', () => {
    const plain = bytes(soi, jfif, sof(3, 3), sos, scan, eoi);
    expect(stripMetadata(plain, 'image/jpeg')).toEqual(plain);
    expect(stripMetadata(riff(vp8(4, 4)), 'image/webp')).toEqual(riff(vp8(4, 4)));
  });

  it('keeps every restart marker RST0-RST7 inside a scan', () => {
    const restarts = bytes(
      ...[0xd0, 0xd1, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7].map((rst) => [rst, 0xff, rst]),
    );
    const rstScan = bytes([0x11, 0xff], restarts, [0x22], pixels);
    const input = bytes(soi, exifSegment('II', 1), sof(8, 8), sos, rstScan, eoi);
    expect(stripMetadata(input, 'image/jpeg')).toEqual(bytes(soi, sof(8, 8), sos, rstScan, eoi));
  });

  it('removes the EXIF chunk of a lossless WebP without VP8X, leaving its image data untouched', () => {
    const input = riff(vp8l(2, 2), riffChunk('EXIF', tiff('II', 1)));
    expect(stripMetadata(input, 'image/webp')).toEqual(riff(vp8l(2, 2)));
  });

  it('writes a RIFF size of more than one byte in little-endian order', () => {
    const image = riffChunk('VP8L', [0x2f], le32(0), new Uint8Array(700).fill(0x55));
    const stripped = stripMetadata(riff(image, riffChunk('EXIF', tiff('MM', 1))), 'image/webp');
    expect(stripped).toEqual(riff(image));
    // "WEBP", then the chunk: its header, 705 bytes of data and a pad byte.
    expect(Array.from(stripped.subarray(4, 8))).toEqual(le32(4 + 8 + 705 + 1));
  });

  it('drops bytes after the RIFF container', () => {
    const input = bytes(riff(vp8l(2, 2), riffChunk('EXIF', tiff('II', 6))), gpsSecret);
    expect(stripMetadata(input, 'image/webp')).toEqual(riff(vp8l(2, 2)));
  });

  it('keeps an empty last WebP chunk', () => {
    const input = riff(vp8l(2, 2), riffChunk('EXIF', tiff('II', 6)), riffChunk('ZERO'));
    expect(stripMetadata(input, 'image/webp')).toEqual(riff(vp8l(2, 2), riffChunk('ZERO')));
  });

  it('tolerates a missing pad byte after an odd-sized last WebP chunk', () => {
    const unpadded = vp8l(2, 2).subarray(0, -1);
    const input = riff(vp8x(0x08, 2, 2), riffChunk('EXIF', tiff('II', 6)), unpadded);
    expect(stripMetadata(input, 'image/webp')).toEqual(riff(vp8x(0, 2, 2), unpadded));
  });

  it('strips nothing from a RIFF container its chunks do not fill', () => {
    const input = riff(vp8l(2, 2), riffChunk('EXIF', tiff('II', 6)), bytes([1, 2, 3, 4]));
    expect(tryStripMetadata(input, 'image/webp')).toBeNull();
    expect(stripMetadata(input, 'image/webp')).toEqual(input);
  });

  it('returns the bytes unchanged when the structure is cut short, and tryStripMetadata says so with null', () => {
    const cut = jpeg('II', 6).subarray(0, -2);
    expect(tryStripMetadata(cut, 'image/jpeg')).toBeNull();
    expect(stripMetadata(cut, 'image/jpeg')).toEqual(cut);
    expect(stripMetadata(cut, 'image/jpeg')).not.toBe(cut);
    expect(tryStripMetadata(png().subarray(0, -1), 'image/png')).toBeNull();
    expect(tryStripMetadata(webp().subarray(0, -1), 'image/webp')).toBeNull();
    expect(tryStripMetadata(bytes('hello'), 'image/png')).toBeNull();
  });
});

describe('hostile input', () => {
  const fixtures: readonly (readonly [string, Uint8Array])[] = [
    ['JPEG II', jpeg('II', 6)],
    ['JPEG MM', jpeg('MM', 3)],
    ['PNG', png(6)],
    ['GIF', gif],
    ['WebP', webp(8)],
    ['WebP VP8', riff(vp8(20, 10))],
  ];

  /** Every function on every type claim; none may throw. */
  function exercise(input: Uint8Array): void {
    sniffImageType(input);
    jpegOrientation(input);
    for (const type of allTypes) {
      readImageSize(input, type);
      exifOrientation(input, type);
      stripMetadata(input, type);
    }
  }

  it.each(fixtures)(
    'never throws on any prefix of the %s fixture, and leaves a cut file unchanged',
    (_, full) => {
      const type = sniffImageType(full);
      expect(type).not.toBeNull();
      for (let length = 0; length <= full.length; length += 1) {
        const prefix = full.subarray(0, length);
        expect(() => exercise(prefix)).not.toThrow();
        if (length < full.length && type) expect(stripMetadata(prefix, type)).toEqual(prefix);
      }
    },
  );

  it('never throws on random bytes behind each signature', () => {
    let seed = 42;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 0x80000000;
      return seed & 0xff;
    };
    const heads = [bytes(), soi, pngSignature, bytes('GIF89a'), bytes('RIFF', le32(60), 'WEBP')];
    for (let round = 0; round < 200; round += 1) {
      const head = heads[round % heads.length] ?? bytes();
      const input = bytes(head, Array.from({ length: round % 64 }, random));
      expect(() => exercise(input)).not.toThrow();
    }
  });

  it.each([
    ['a JPEG segment length past the end', bytes(soi, [0xff, 0xe1, 0xff, 0xff], 'Exif\0\0')],
    ['a JPEG segment length below 2', bytes(soi, [0xff, 0xe1, 0x00, 0x00], eoi)],
    ['JPEG fill bytes to the end', bytes(soi, new Uint8Array(50).fill(0xff))],
    ['a PNG chunk of length 0xFFFFFFFF', bytes(pngSignature, be32(0xffffffff), 'IDAT', pixels)],
    ['a WebP chunk of size 0xFFFFFFFF', riff(bytes('EXIF', le32(0xffffffff), pixels))],
    ['a RIFF size of 0xFFFFFFFF', bytes('RIFF', le32(0xffffffff), 'WEBP', vp8l(2, 2))],
  ])('copes with %s, leaving the bytes unchanged', (_, input) => {
    expect(() => exercise(input)).not.toThrow();
    const type = sniffImageType(input);
    if (type) expect(stripMetadata(input, type)).toEqual(input);
  });

  it('copes with an IFD offset of 0xFFFFFFFF, still dropping the Exif segment', () => {
    const input = bytes(soi, jpegSegment(0xe1, 'Exif\0\0', 'MM', [0, 42], be32(0xffffffff)), eoi);
    expect(() => exercise(input)).not.toThrow();
    expect(jpegOrientation(input)).toBe(1);
    expect(stripMetadata(input, 'image/jpeg')).toEqual(bytes(soi, eoi));
  });
});
