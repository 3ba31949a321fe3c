/** The image formats a post accepts, as MIME types. */
export type ImageType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

export interface ImageSize {
  width: number;
  height: number;
}

/** A span of the file; `end` is exclusive and includes fill bytes, a PNG CRC or a WebP pad byte. */
interface Span {
  start: number;
  dataStart: number;
  dataEnd: number;
  end: number;
}

/** A JPEG segment, named by the byte after its 0xFF. */
interface Segment extends Span {
  marker: number;
}

/** A PNG or WebP chunk, named by its four-character type. */
interface Chunk extends Span {
  name: string;
}

/** What a walk over a file's segments or chunks found; `complete` when it reached the format's end cleanly. */
interface Walk<T extends Span> {
  spans: T[];
  complete: boolean;
}

/** Each format's magic bytes, as (offset, bytes written one per character) pairs that must all match. */
const signatures: readonly (readonly [ImageType, readonly (readonly [number, string])[]])[] = [
  ['image/jpeg', [[0, '\xff\xd8\xff']]],
  ['image/png', [[0, '\x89PNG\r\n\x1a\n']]],
  ['image/gif', [[0, 'GIF87a']]],
  ['image/gif', [[0, 'GIF89a']]],
  [
    'image/webp',
    [
      [0, 'RIFF'],
      [8, 'WEBP'],
    ],
  ],
];

const exifHeader = 'Exif\0\0';
const jpegMetadataHeaders = [
  exifHeader,
  'http://ns.adobe.com/xap/1.0/\0',
  'http://ns.adobe.com/xmp/extension/\0',
];
const pngMetadataChunks = new Set(['eXIf', 'tEXt', 'iTXt', 'zTXt']);
const webpMetadataChunks = new Set(['EXIF', 'XMP ']);
/** VP8X flag bits that announce an EXIF chunk (0x08) and an XMP chunk (0x04). */
const vp8xMetadataFlags = 0x08 | 0x04;
const orientationTag = 0x0112;

/** The format the bytes really are, from their magic bytes alone (a name or a `type` can lie); null if none of ours. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  for (const [type, checks] of signatures) {
    if (checks.every(([at, magic]) => hasAt(bytes, at, magic))) return type;
  }
  return null;
}

/** The pixel size the header declares (before any EXIF orientation); null when the header is missing or cut short. */
export function readImageSize(bytes: Uint8Array, type: ImageType): ImageSize | null {
  const size = sizeReaders[type](bytes);
  return size && size.width > 0 && size.height > 0 ? size : null;
}

/** The JPEG's EXIF orientation (1..8), which decides whether stripping EXIF would leave the photo turned; 1 if absent. */
export function jpegOrientation(bytes: Uint8Array): number {
  const exif = jpegSegments(bytes).spans.find((span) => isJpegExif(bytes, span));
  return exif ? tiffOrientation(bytes, exif.dataStart + exifHeader.length, exif.dataEnd) : 1;
}

/** The EXIF orientation of any accepted format (PNG eXIf, WebP EXIF, JPEG APP1), as browsers may apply all three. */
export function exifOrientation(bytes: Uint8Array, type: ImageType): number {
  if (type === 'image/jpeg') return jpegOrientation(bytes);
  if (type === 'image/gif') return 1;
  const walk = type === 'image/png' ? pngChunks(bytes) : webpChunks(bytes);
  const exif = walk.spans.find((span) => span.name === (type === 'image/png' ? 'eXIf' : 'EXIF'));
  if (!exif) return 1;
  // Some WebP writers keep the JPEG-style "Exif\0\0" prefix in front of the TIFF header.
  const prefix = hasAt(bytes, exif.dataStart, exifHeader, exif.dataEnd) ? exifHeader.length : 0;
  return tiffOrientation(bytes, exif.dataStart + prefix, exif.dataEnd);
}

/** A copy without EXIF, XMP and text metadata (which can hold GPS location), or the bytes unchanged when unsure. */
export function stripMetadata(bytes: Uint8Array, type: ImageType): Uint8Array<ArrayBuffer> {
  return tryStripMetadata(bytes, type) ?? bytes.slice();
}

/** Like stripMetadata, but null when the structure is broken or cut short, so the caller can re-encode instead. */
export function tryStripMetadata(bytes: Uint8Array, type: ImageType): Uint8Array<ArrayBuffer> | null {
  if (type === 'image/jpeg') return stripJpeg(bytes);
  if (type === 'image/png') return stripPng(bytes);
  if (type === 'image/webp') return stripWebp(bytes);
  return bytes.slice();
}

// ---- Size readers ----

const sizeReaders: Record<ImageType, (bytes: Uint8Array) => ImageSize | null> = {
  'image/jpeg': readJpegSize,
  'image/png': (bytes) =>
    hasAt(bytes, 12, 'IHDR') && fits(bytes, 16, 8)
      ? { width: be32(bytes, 16), height: be32(bytes, 20) }
      : null,
  'image/gif': (bytes) => (fits(bytes, 6, 4) ? { width: le16(bytes, 6), height: le16(bytes, 8) } : null),
  'image/webp': readWebpSize,
};

/** The size in the first SOFn (start of frame) segment; DHT, JPG and DAC share the 0xC_ range but are not frames. */
function readJpegSize(bytes: Uint8Array): ImageSize | null {
  const frame = jpegSegments(bytes).spans.find((span) => isStartOfFrame(span.marker));
  if (!frame || frame.dataEnd - frame.dataStart < 5) return null;
  return { width: be16(bytes, frame.dataStart + 3), height: be16(bytes, frame.dataStart + 1) };
}

function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/** The size from the first chunk, which must be VP8X (extended), VP8 (lossy) or VP8L (lossless); read even if cut short later. */
function readWebpSize(bytes: Uint8Array): ImageSize | null {
  const data = 20;
  if (hasAt(bytes, 12, 'VP8X') && fits(bytes, data, 10)) {
    return { width: le24(bytes, data + 4) + 1, height: le24(bytes, data + 7) + 1 };
  }
  if (hasAt(bytes, 12, 'VP8 ') && hasAt(bytes, data + 3, '\x9d\x01\x2a') && fits(bytes, data, 10)) {
    return { width: le16(bytes, data + 6) & 0x3fff, height: le16(bytes, data + 8) & 0x3fff };
  }
  if (hasAt(bytes, 12, 'VP8L') && hasAt(bytes, data, '\x2f') && fits(bytes, data, 5)) {
    const bits = le32(bytes, data + 1);
    return { width: (bits & 0x3fff) + 1, height: (Math.floor(bits / 0x4000) & 0x3fff) + 1 };
  }
  return null;
}

// ---- EXIF (TIFF) ----

interface TiffReader {
  u16(at: number): number;
  u32(at: number): number;
}

/** The orientation tag in IFD0 of the TIFF structure at `tiff`, reading nothing at or past `end`; 1 when unsure. */
function tiffOrientation(bytes: Uint8Array, tiff: number, end: number): number {
  const read = tiffReader(bytes, tiff);
  if (!read || tiff + 8 > end || read.u16(tiff + 2) !== 42) return 1;
  const ifd = tiff + read.u32(tiff + 4);
  if (ifd + 2 > end) return 1;
  const count = read.u16(ifd);
  for (let index = 0; index < count; index += 1) {
    const entry = ifd + 2 + index * 12;
    if (entry + 12 > end) return 1;
    if (read.u16(entry) === orientationTag) return orientationValue(read, entry);
  }
  return 1;
}

/** Reads the TIFF byte order mark: "II" is little-endian (Intel), "MM" big-endian (Motorola). */
function tiffReader(bytes: Uint8Array, tiff: number): TiffReader | null {
  if (hasAt(bytes, tiff, 'II')) return { u16: (at) => le16(bytes, at), u32: (at) => le32(bytes, at) };
  if (hasAt(bytes, tiff, 'MM')) return { u16: (at) => be16(bytes, at), u32: (at) => be32(bytes, at) };
  return null;
}

/** The value of an orientation IFD entry: a SHORT (type 3) as the spec says, or a LONG (type 4) some writers use. */
function orientationValue(read: TiffReader, entry: number): number {
  const fieldType = read.u16(entry + 2);
  const value = fieldType === 3 ? read.u16(entry + 8) : fieldType === 4 ? read.u32(entry + 8) : 1;
  return value >= 1 && value <= 8 ? value : 1;
}

// ---- JPEG ----

/** The JPEG's segments in order, each SOS carrying its entropy-coded data; complete when EOI was reached. */
function jpegSegments(bytes: Uint8Array): Walk<Segment> {
  const spans: Segment[] = [];
  if (!hasAt(bytes, 0, '\xff\xd8')) return { spans, complete: false };
  spans.push({ marker: 0xd8, start: 0, dataStart: 2, dataEnd: 2, end: 2 });
  let at = 2;
  while (at < bytes.length) {
    const segment = jpegSegmentAt(bytes, at);
    if (!segment) break;
    spans.push(segment);
    if (segment.marker === 0xd9) return { spans, complete: true };
    at = segment.end;
  }
  return { spans, complete: false };
}

/** The segment starting at `at` (fill bytes included); null on a bad marker or a length past the end. */
function jpegSegmentAt(bytes: Uint8Array, at: number): Segment | null {
  let ff = at;
  if (u8(bytes, ff) !== 0xff) return null;
  while (u8(bytes, ff + 1) === 0xff) ff += 1;
  const marker = u8(bytes, ff + 1);
  if (!fits(bytes, ff, 2) || marker === 0) return null;
  if (isStandaloneMarker(marker))
    return { marker, start: at, dataStart: ff + 2, dataEnd: ff + 2, end: ff + 2 };
  const length = fits(bytes, ff + 2, 2) ? be16(bytes, ff + 2) : 0;
  const dataEnd = ff + 2 + length;
  if (length < 2 || dataEnd > bytes.length) return null;
  const end = marker === 0xda ? entropyEnd(bytes, dataEnd) : dataEnd;
  return end < 0 ? null : { marker, start: at, dataStart: ff + 4, dataEnd, end };
}

/** Markers without a length: TEM, RST0-7, SOI and EOI. */
function isStandaloneMarker(code: number): boolean {
  return code === 0x01 || (code >= 0xd0 && code <= 0xd9);
}

/** Where the entropy-coded data after SOS ends: the next 0xFF not followed by a stuffed 0x00, RSTn or fill; -1 if none. */
function entropyEnd(bytes: Uint8Array, from: number): number {
  for (let index = from; index + 1 < bytes.length; index += 1) {
    if (u8(bytes, index) !== 0xff) continue;
    const next = u8(bytes, index + 1);
    if (next !== 0x00 && next !== 0xff && !(next >= 0xd0 && next <= 0xd7)) return index;
  }
  return -1;
}

function isJpegExif(bytes: Uint8Array, span: Segment): boolean {
  return span.marker === 0xe1 && hasAt(bytes, span.dataStart, exifHeader, span.dataEnd);
}

/** APP1 Exif and XMP segments, and APP2 MPF (which only points at images appended after EOI, dropped too). */
function isJpegMetadata(bytes: Uint8Array, span: Segment): boolean {
  if (span.marker === 0xe2) return hasAt(bytes, span.dataStart, 'MPF\0', span.dataEnd);
  if (span.marker !== 0xe1) return false;
  return jpegMetadataHeaders.some((header) => hasAt(bytes, span.dataStart, header, span.dataEnd));
}

/** Drops the metadata segments and anything after EOI (a motion photo's video or extra images carry their own EXIF). */
function stripJpeg(bytes: Uint8Array): Uint8Array<ArrayBuffer> | null {
  const walk = jpegSegments(bytes);
  if (!walk.complete) return null;
  return concat(walk.spans.filter((span) => !isJpegMetadata(bytes, span)).map((span) => slice(bytes, span)));
}

// ---- PNG ----

/** The PNG's chunks after the signature; complete when IEND was reached. */
function pngChunks(bytes: Uint8Array): Walk<Chunk> {
  const spans: Chunk[] = [];
  if (sniffImageType(bytes) !== 'image/png') return { spans, complete: false };
  let at = 8;
  while (fits(bytes, at, 12)) {
    const dataStart = at + 8;
    const dataEnd = dataStart + be32(bytes, at);
    if (dataEnd + 4 > bytes.length) break;
    const name = ascii(bytes, at + 4, 4);
    spans.push({ name, start: at, dataStart, dataEnd, end: dataEnd + 4 });
    if (name === 'IEND') return { spans, complete: true };
    at = dataEnd + 4;
  }
  return { spans, complete: false };
}

/** Drops eXIf and the text chunks, and anything after IEND. */
function stripPng(bytes: Uint8Array): Uint8Array<ArrayBuffer> | null {
  const walk = pngChunks(bytes);
  if (!walk.complete) return null;
  const kept = walk.spans.filter((span) => !pngMetadataChunks.has(span.name));
  return concat([bytes.subarray(0, 8), ...kept.map((span) => slice(bytes, span))]);
}

// ---- WebP ----

/** The WebP's chunks inside the RIFF container; complete when they fill it exactly and it fits in the bytes. */
function webpChunks(bytes: Uint8Array): Walk<Chunk> {
  const spans: Chunk[] = [];
  if (sniffImageType(bytes) !== 'image/webp') return { spans, complete: false };
  const riffEnd = 8 + le32(bytes, 4);
  const limit = Math.min(riffEnd, bytes.length);
  let at = 12;
  while (at + 8 <= limit) {
    const size = le32(bytes, at + 4);
    const dataEnd = at + 8 + size;
    if (dataEnd > limit) break;
    // Chunks are padded to an even size; tolerate a missing pad byte on the last one.
    const end = Math.min(dataEnd + (size % 2), limit);
    spans.push({ name: ascii(bytes, at, 4), start: at, dataStart: at + 8, dataEnd, end });
    at = end;
  }
  return { spans, complete: riffEnd <= bytes.length && at === riffEnd };
}

/** Drops the EXIF and XMP chunks, clears their VP8X flags and rewrites the RIFF size. */
function stripWebp(bytes: Uint8Array): Uint8Array<ArrayBuffer> | null {
  const walk = webpChunks(bytes);
  if (!walk.complete) return null;
  const kept = walk.spans.filter((span) => !webpMetadataChunks.has(span.name));
  const out = concat([bytes.subarray(0, 12), ...kept.map((span) => slice(bytes, span))]);
  writeLe32(out, 4, out.length - 8);
  const vp8x = out.length >= 21 && hasAt(out, 12, 'VP8X') ? 20 : -1;
  if (vp8x >= 0) out[vp8x] = u8(out, vp8x) & ~vp8xMetadataFlags;
  return out;
}

// ---- Bytes ----

function fits(bytes: Uint8Array, at: number, length: number): boolean {
  return at >= 0 && at + length <= bytes.length;
}

/** Whether `text` (one byte per character) is at `at`, entirely before `end`. */
function hasAt(bytes: Uint8Array, at: number, text: string, end = bytes.length): boolean {
  if (at < 0 || at + text.length > Math.min(end, bytes.length)) return false;
  for (let index = 0; index < text.length; index += 1) {
    if (bytes[at + index] !== text.charCodeAt(index)) return false;
  }
  return true;
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

/** A byte, 0 past the end: callers check bounds first, this only keeps a slip from throwing. */
function u8(bytes: Uint8Array, at: number): number {
  return bytes[at] ?? 0;
}

function be16(bytes: Uint8Array, at: number): number {
  return u8(bytes, at) * 0x100 + u8(bytes, at + 1);
}

function be32(bytes: Uint8Array, at: number): number {
  return be16(bytes, at) * 0x10000 + be16(bytes, at + 2);
}

function le16(bytes: Uint8Array, at: number): number {
  return u8(bytes, at) + u8(bytes, at + 1) * 0x100;
}

function le24(bytes: Uint8Array, at: number): number {
  return le16(bytes, at) + u8(bytes, at + 2) * 0x10000;
}

function le32(bytes: Uint8Array, at: number): number {
  return le16(bytes, at) + le16(bytes, at + 2) * 0x10000;
}

function writeLe32(bytes: Uint8Array, at: number, value: number): void {
  for (let index = 0; index < 4; index += 1) bytes[at + index] = Math.floor(value / 0x100 ** index) % 0x100;
}

function slice(bytes: Uint8Array, span: Span): Uint8Array {
  return bytes.subarray(span.start, span.end);
}

function concat(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
