import { makeDisplayRendition, type DisplayRendition } from './display-rendition';

/** The worker's side of create-display-rendition.ts: an original's bytes in, its rendition (or null) out. */
interface RenditionWorkerScope {
  onmessage: ((event: MessageEvent<Blob>) => void) | null;
  postMessage: (result: DisplayRendition | null) => void;
}

// The app's TypeScript knows the page's globals, not a worker's: this is how the worker sees `self`.
const scope = self as unknown as RenditionWorkerScope;

scope.onmessage = (event) => {
  void makeDisplayRendition(event.data)
    .catch(() => null)
    .then((rendition) => scope.postMessage(rendition));
};
