import { importAnalyticsFile, type ExportImportResult } from './import-analytics-file';

/** The worker's side of read-analytics-export.ts: a picked File in, its ExportImportResult out. */
interface ExportWorkerScope {
  onmessage: ((event: MessageEvent<File>) => void) | null;
  postMessage: (result: ExportImportResult) => void;
}

// The app's TypeScript knows the page's globals, not a worker's: this is how the worker sees `self`.
const scope = self as unknown as ExportWorkerScope;

scope.onmessage = (event) => {
  void importAnalyticsFile(event.data).then((result) => scope.postMessage(result));
};
