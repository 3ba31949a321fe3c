import { unzipSync, type UnzipFileInfo } from 'fflate';
import { archiveErrors, maxSharesBytes, type ArchiveError } from './archive-error';

// The one module that imports fflate (STYLE.md: one module owns each library).

export type SharesText = { ok: true; text: string } | { ok: false; error: ArchiveError };

/** Shares.csv at any depth, also as the "complete" archive names it (Shares_123456.csv); not macOS's ._ copies. */
const sharesName = /(?:^|\/)Shares(?:_\d+)?\.csv$/i;

const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 &&
  bytes[1] === 0x4b &&
  (bytes[2] === 0x03 || bytes[2] === 0x05) &&
  bytes[3] === bytes[2] + 1;

/** Binary files (images, PDFs, office documents) hold NUL bytes early; text never does. */
const looksBinary = (bytes: Uint8Array) => bytes.subarray(0, 4096).includes(0);

/**
 * The text of Shares.csv from what the author picked: LinkedIn's ZIP (only Shares.csv is unpacked,
 * and only when its stated size is sensible) or the CSV itself. The text must be UTF-8, as LinkedIn
 * writes it; UTF-16 with a byte-order mark (a spreadsheet's "Unicode text") is read too.
 */
export function readSharesText(bytes: Uint8Array, fileName: string): SharesText {
  if (bytes.length === 0) return { ok: false, error: archiveErrors.emptyFile() };
  if (isZip(bytes)) return readFromZip(bytes);
  if (/\.zip$/i.test(fileName)) return { ok: false, error: archiveErrors.damagedZip() };
  return decodeText(bytes, fileName);
}

function readFromZip(bytes: Uint8Array): SharesText {
  try {
    // First the directory only (the filter unpacks nothing), then the one file wanted.
    const found: UnzipFileInfo[] = [];
    unzipSync(bytes, {
      filter: (file) => {
        if (sharesName.test(file.name) && !file.name.startsWith('__MACOSX/')) found.push(file);
        return false;
      },
    });
    const [shares] = found.toSorted((a, b) => a.name.split('/').length - b.name.split('/').length);
    if (!shares) return { ok: false, error: archiveErrors.noSharesCsv() };
    if (shares.originalSize > maxSharesBytes)
      return { ok: false, error: archiveErrors.sharesTooLarge(shares.originalSize) };
    // fflate inflates into a buffer of the stated size, so a file that lies about it cannot grow past it.
    const unpacked = unzipSync(bytes, { filter: (file) => file.name === shares.name })[shares.name];
    if (!unpacked) return { ok: false, error: archiveErrors.damagedZip() };
    return decodeText(unpacked, shares.name);
  } catch {
    return { ok: false, error: archiveErrors.damagedZip() };
  }
}

function decodeText(bytes: Uint8Array, fileName: string): SharesText {
  if (bytes.length > maxSharesBytes) return { ok: false, error: archiveErrors.sharesTooLarge(bytes.length) };
  const utf16 =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? 'utf-16le'
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? 'utf-16be'
        : null;
  if (utf16) return { ok: true, text: new TextDecoder(utf16).decode(bytes) };
  const isCsv = /\.csv$/i.test(fileName);
  if (looksBinary(bytes) && !isCsv) return { ok: false, error: archiveErrors.notAnArchive() };
  try {
    // fatal: a byte that is not UTF-8 is an error, not a silent U+FFFD in the author's words.
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, error: isCsv ? archiveErrors.notUtf8() : archiveErrors.notAnArchive() };
  }
}
