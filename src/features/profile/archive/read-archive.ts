import { readInWorker, type WorkerReading } from '@/lib/async/read-in-worker';
import type { ArchiveImportResult } from './import-archive';

export type ArchiveReading = WorkerReading<ArchiveImportResult>;

/** The same reading on the page itself, loaded only then (fflate and the parser stay out of Settings' code). */
const readHere = async (file: File) => (await import('./import-archive')).importArchiveFile(file);

/**
 * Reads a picked archive off the main thread, so the page stays responsive while a large one is
 * unpacked and parsed: a module worker (bundled by Vite) runs the same importArchiveFile that tests
 * call directly; where there is no worker, the page reads the file itself.
 */
export const readArchive = (file: File): ArchiveReading =>
  readInWorker(
    file,
    () => new Worker(new URL('./archive-import.worker.ts', import.meta.url), { type: 'module' }),
    readHere,
  );
