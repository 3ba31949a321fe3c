/** An entry of a ZIP file's central directory: its name and sizes, read without unpacking anything. */
export interface ZipEntrySize {
  name: string;
  compressed: number;
  original: number;
}

const endSignature = 0x06054b50;
const entrySignature = 0x02014b50;

/**
 * The entries a ZIP file lists in its central directory, or null when it has none to read (not a
 * ZIP, or cut short). An .xlsx workbook is a ZIP of XML files.
 */
export function zipEntrySizes(bytes: Uint8Array): ZipEntrySize[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record is in the last 22 bytes, plus a comment of at most 65,535.
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65_535); at -= 1) {
    if (view.getUint32(at, true) === endSignature) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries: ZipEntrySize[] = [];
  const decoder = new TextDecoder();
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== entrySignature) return null;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    entries.push({
      name: decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      compressed: view.getUint32(at + 20, true),
      original: view.getUint32(at + 24, true),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
