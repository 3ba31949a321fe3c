/**
 * A carousel's PDF checked against its limits (shared/carousel-limits.ts), by the browser before
 * the PDF is stored and by the publisher before it is uploaded to LinkedIn. Web APIs only, so the
 * same under Node, Deno and the browser.
 */
import { linkedinMaxDocumentBytes, linkedinMaxDocumentPages, maxCarouselBytes } from './carousel-limits.ts';

export * from './carousel-limits.ts';

const megabytes = (bytes: number) =>
  `${(bytes / (1024 * 1024)).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;

/** Whether the bytes are a PDF: its header (`%PDF-`) within the first kilobyte, as readers accept it. */
export function isPdf(bytes: Uint8Array): boolean {
  const head = latin1(bytes.subarray(0, 1024));
  return head.includes('%PDF-');
}

/**
 * Why a carousel PDF cannot go out, in the author's words, or null when it can. `maxBytes` is the
 * limit that applies where it is checked: the bucket's before storing, LinkedIn's before uploading.
 * A page count that cannot be read is no reason to refuse (LinkedIn then says what it thinks).
 */
export async function carouselPdfProblem(
  bytes: Uint8Array,
  maxBytes: number = maxCarouselBytes,
): Promise<string | null> {
  if (bytes.length === 0 || !isPdf(bytes)) {
    return 'The carousel file is not a PDF. Export the carousel again, then publish.';
  }
  if (bytes.length > maxBytes) {
    const whose = maxBytes >= linkedinMaxDocumentBytes ? 'LinkedIn takes documents of' : 'a carousel can be';
    return (
      `The carousel PDF is ${megabytes(bytes.length)}; ${whose} at most ${megabytes(maxBytes)}. ` +
      'Use fewer slides or smaller pictures, then export it again.'
    );
  }
  const pages = await countPdfPages(bytes);
  if (pages !== null && pages > linkedinMaxDocumentPages) {
    return (
      `The carousel has ${pages.toLocaleString('en-US')} pages; LinkedIn takes documents of at most ` +
      `${linkedinMaxDocumentPages} pages. Remove some slides, then export it again.`
    );
  }
  return null;
}

/** Inflated object streams are read up to this much each (page dictionaries are small). */
const maxInflatedBytes = 16 * 1024 * 1024;

/**
 * How many pages a PDF has: its page objects (`/Type /Page`), in the file itself and in its
 * compressed object streams (PDF 1.5, what pdf-lib writes by default). Null when none is found.
 */
export async function countPdfPages(bytes: Uint8Array): Promise<number | null> {
  const text = latin1(bytes);
  let pages = countPageObjects(text);
  for (const stream of compressedObjectStreams(bytes, text)) {
    const inflated = await inflate(stream);
    if (inflated) pages += countPageObjects(latin1(inflated));
  }
  return pages > 0 ? pages : null;
}

const pageObject = /\/Type\s*\/Page(?![A-Za-z0-9])/g;

function countPageObjects(text: string): number {
  return [...text.matchAll(pageObject)].length;
}

/** The data of every FlateDecode object stream (`/Type /ObjStm`) in the file. */
function compressedObjectStreams(bytes: Uint8Array, text: string): Uint8Array[] {
  const streams: Uint8Array[] = [];
  const marker = /\/Type\s*\/ObjStm(?![A-Za-z0-9])/g;
  const streamStart = />>\s*stream(?:\r\n|\n|\r)/g;
  for (const found of text.matchAll(marker)) {
    streamStart.lastIndex = found.index;
    const start = streamStart.exec(text);
    if (!start) continue;
    const dataStart = start.index + start[0].length;
    const dictionary = text.slice(text.lastIndexOf('obj', found.index), start.index);
    if (!/\/Filter\s*(?:\[\s*)?\/FlateDecode/.test(dictionary)) continue;
    const direct = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary);
    let dataEnd: number;
    if (direct) dataEnd = dataStart + Number(direct[1]);
    else {
      const end = text.indexOf('endstream', dataStart);
      if (end < 0) continue;
      dataEnd = end;
      while (dataEnd > dataStart && (text[dataEnd - 1] === '\n' || text[dataEnd - 1] === '\r')) dataEnd -= 1;
    }
    if (dataEnd > dataStart && dataEnd <= bytes.length) streams.push(bytes.subarray(dataStart, dataEnd));
  }
  return streams;
}

/** zlib-inflated bytes, or null when they are not zlib data or would be too large. */
async function inflate(data: Uint8Array): Promise<Uint8Array | null> {
  try {
    const copy = new Uint8Array(data);
    const reader = new Blob([copy]).stream().pipeThrough(new DecompressionStream('deflate')).getReader();
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > maxInflatedBytes) {
        await reader.cancel();
        return null;
      }
      chunks.push(value);
    }
    const inflated = new Uint8Array(total);
    let offset = 0;
    for (const chunk of chunks) {
      inflated.set(chunk, offset);
      offset += chunk.length;
    }
    return inflated;
  } catch {
    return null;
  }
}

/** Bytes as text, one character a byte (PDF syntax is ASCII). */
function latin1(bytes: Uint8Array): string {
  return new TextDecoder('latin1').decode(bytes);
}
