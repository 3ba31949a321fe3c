import type { ExportImportResult } from './import-analytics-file';

export interface ExportReading {
  result: Promise<ExportImportResult>;
  /** Stops reading (another file was picked, or the page closed); `result` then never settles. */
  cancel: () => void;
}

/** The same reading on the page itself, loaded only then (the XLSX reader stays out of the page's code). */
const readHere = async (file: File) => (await import('./import-analytics-file')).importAnalyticsFile(file);

/**
 * Reads a picked analytics export off the main thread (a module worker bundled by Vite runs the same
 * importAnalyticsFile the tests call); where there is no Worker (jsdom) or it cannot start, the page
 * reads the file itself. As the archive import does (docs/decisions/023).
 */
export function readAnalyticsExport(file: File): ExportReading {
  if (typeof Worker === 'undefined') return { result: readHere(file), cancel: () => {} };
  const worker = new Worker(new URL('./analytics-export.worker.ts', import.meta.url), { type: 'module' });
  let cancelled = false;
  const result = new Promise<ExportImportResult>((resolve) => {
    worker.onmessage = (event: MessageEvent<ExportImportResult>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      if (!cancelled) resolve(readHere(file));
    };
  });
  worker.postMessage(file);
  return {
    result,
    cancel: () => {
      cancelled = true;
      worker.terminate();
    },
  };
}
