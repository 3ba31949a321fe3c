import { makeDisplayRendition, type DisplayRendition } from './display-rendition';

/** Long enough for a 4,096 px photo on a slow phone; a worker that says nothing by then is given up. */
const workerTimeoutMs = 30_000;

/**
 * Makes an original's display rendition off the main thread, in a module worker (bundled by Vite)
 * that runs the same makeDisplayRendition tests call directly, so decoding a large photo never
 * blocks typing. Where there is no Worker or OffscreenCanvas (jsdom, older Safari), or the worker
 * cannot start, the page makes it itself. Null when the image cannot have one.
 */
export async function createDisplayRendition(source: Blob): Promise<DisplayRendition | null> {
  if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined')
    return makeDisplayRendition(source);
  const fromWorker = await inWorker(source);
  return fromWorker === 'failed' ? makeDisplayRendition(source) : fromWorker;
}

function inWorker(source: Blob): Promise<DisplayRendition | null | 'failed'> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./display-rendition.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      resolve('failed');
      return;
    }
    const timer = setTimeout(() => finish(null), workerTimeoutMs);
    function finish(result: DisplayRendition | null | 'failed'): void {
      clearTimeout(timer);
      worker.terminate();
      resolve(result);
    }
    worker.onmessage = (event: MessageEvent<DisplayRendition | null>) => finish(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      finish('failed');
    };
    worker.postMessage(source);
  });
}
