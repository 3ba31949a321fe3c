import readXlsxFile from 'read-excel-file/universal';
import { exportErrors, maxExportBytes, type ExportError } from './export-error';
import { parseAnalyticsExport, type ExportRow } from './parse-analytics-export';
import { zipEntrySizes } from './zip-entry-sizes';

// The one module that imports the XLSX reader (STYLE.md: one module owns each library).

export type ExportImportResult =
  { ok: true; rows: ExportRow[]; sheet: string } | { ok: false; error: ExportError };

/**
 * The XLSX reader unzips with fflate, which hands an entry of 320,000 compressed bytes or more to
 * a worker of its own started from a blob: URL, which the app's Content-Security-Policy refuses.
 * LinkedIn's export is tens of kilobytes; a workbook with a part that large is not it.
 */
const maxPartCompressed = 300_000;
/** What all the parts may take once unpacked (a ZIP bomb is refused before it is inflated). */
const maxUnpackedBytes = 100 * 1000 * 1000;

/**
 * The posts of a picked analytics export (LinkedIn's .xlsx): refused before anything is read when
 * the file is too large, not a workbook, or lists parts too large to be LinkedIn's; then read with
 * read-excel-file and parsed (parseAnalyticsExport). Never throws: every refusal is a value in the
 * author's words.
 */
export async function importAnalyticsBytes(bytes: Uint8Array): Promise<ExportImportResult> {
  if (bytes.length === 0) return { ok: false, error: exportErrors.emptyFile() };
  if (bytes.length > maxExportBytes) return { ok: false, error: exportErrors.fileTooLarge(bytes.length) };
  const entries = zipEntrySizes(bytes);
  if (!entries || !entries.some((entry) => entry.name === '[Content_Types].xml'))
    return { ok: false, error: exportErrors.notAWorkbook() };
  const unpacked = entries.reduce((sum, entry) => sum + entry.original, 0);
  if (entries.some((entry) => entry.compressed >= maxPartCompressed) || unpacked > maxUnpackedBytes)
    return { ok: false, error: exportErrors.fileTooLarge(Math.max(bytes.length, unpacked)) };
  let sheets;
  try {
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    sheets = await readXlsxFile(buffer);
  } catch {
    return { ok: false, error: exportErrors.notAWorkbook() };
  }
  return parseAnalyticsExport(sheets);
}

/** The same for a picked file; its size is checked before it is read. */
export async function importAnalyticsFile(file: Blob): Promise<ExportImportResult> {
  if (file.size > maxExportBytes) return { ok: false, error: exportErrors.fileTooLarge(file.size) };
  try {
    return await importAnalyticsBytes(new Uint8Array(await file.arrayBuffer()));
  } catch {
    return { ok: false, error: exportErrors.unreadable() };
  }
}
