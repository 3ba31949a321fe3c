import { importArchiveFile, type ArchiveImportResult } from './import-archive';

/** The worker's side of read-archive.ts: a picked File in, its ArchiveImportResult out. */
interface ArchiveWorkerScope {
  onmessage: ((event: MessageEvent<File>) => void) | null;
  postMessage: (result: ArchiveImportResult) => void;
}

// The app's TypeScript knows the page's globals, not a worker's: this is how the worker sees `self`.
const scope = self as unknown as ArchiveWorkerScope;

scope.onmessage = (event) => {
  void importArchiveFile(event.data).then((result) => scope.postMessage(result));
};
