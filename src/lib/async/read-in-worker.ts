export interface WorkerReading<T> {
  result: Promise<T>;
  /** Stops reading (another file was picked, or the page closed); `result` then never settles. */
  cancel: () => void;
}

/**
 * Reads a picked file off the main thread, so the page stays responsive while a large one is
 * unpacked and parsed: `startWorker` starts a module worker (written as
 * `new Worker(new URL('./x.worker.ts', import.meta.url), { type: 'module' })` where it is called,
 * so Vite bundles it) that posts back one answer. Where there is no Worker (jsdom), or the worker
 * cannot start, `readHere` reads the file on the page (loading its parser only then).
 */
export function readInWorker<T>(
  file: File,
  startWorker: () => Worker,
  readHere: (file: File) => Promise<T>,
): WorkerReading<T> {
  if (typeof Worker === 'undefined') return { result: readHere(file), cancel: () => {} };
  const worker = startWorker();
  let cancelled = false;
  const result = new Promise<T>((resolve) => {
    worker.onmessage = (event: MessageEvent<T>) => {
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
