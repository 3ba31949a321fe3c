import { readInWorker, type WorkerReading } from '@/lib/async/read-in-worker';
import type { ExportImportResult } from './import-analytics-file';

export type ExportReading = WorkerReading<ExportImportResult>;

/** The same reading on the page itself, loaded only then (the XLSX reader stays out of the page's code). */
const readHere = async (file: File) => (await import('./import-analytics-file')).importAnalyticsFile(file);

/**
 * Reads a picked analytics export off the main thread (a module worker bundled by Vite runs the same
 * importAnalyticsFile the tests call), or on the page where there is no worker, as the archive
 * import does (docs/decisions/023).
 */
export const readAnalyticsExport = (file: File): ExportReading =>
  readInWorker(
    file,
    () => new Worker(new URL('./analytics-export.worker.ts', import.meta.url), { type: 'module' }),
    readHere,
  );
