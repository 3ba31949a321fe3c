import type { ArchiveImportResult } from './import-archive';

export interface ArchiveReading {
  result: Promise<ArchiveImportResult>;
  /** Stops reading (another file was picked, or the panel closed); `result` then never settles. */
  cancel: () => void;
}

/** The same reading on the page itself, loaded only then (fflate and the parser stay out of Settings' code). */
const readHere = async (file: File) => (await import('./import-archive')).importArchiveFile(file);

/**
 * Reads a picked archive off the main thread, so the page stays responsive while a large one is
 * unpacked and parsed: a module worker (bundled by Vite) runs the same importArchiveFile that tests
 * call directly. Where there is no Worker (jsdom), or the worker cannot start, the page reads the
 * file itself.
 */
export function readArchive(file: File): ArchiveReading {
  if (typeof Worker === 'undefined') return { result: readHere(file), cancel: () => {} };
  const worker = new Worker(new URL('./archive-import.worker.ts', import.meta.url), { type: 'module' });
  let cancelled = false;
  const result = new Promise<ArchiveImportResult>((resolve) => {
    worker.onmessage = (event: MessageEvent<ArchiveImportResult>) => {
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
