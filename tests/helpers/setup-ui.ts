import '@testing-library/jest-dom/vitest';
import { URL as NodeURL } from 'node:url';
import WebSocket from 'ws';
import { guardConsole } from './console-guard.ts';

// The embedded backend runs in this process: Node's own URL, because node:fs and worker_threads
// accept only theirs (jsdom's URL is a different class), and it is the same WHATWG URL for the page.
globalThis.URL = NodeURL as unknown as typeof URL;
// jsdom's WebSocket (undici's) dispatches Node events through jsdom's Event class and throws; the
// realtime client gets `ws`, as supabase-js does on Node.
globalThis.WebSocket = WebSocket as unknown as typeof globalThis.WebSocket;

// react-hot-toast asks for the reduced-motion preference, which jsdom does not implement.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

// Pages are unmounted by setupApp (tests/helpers/render-app.tsx) before it resets the stores.
guardConsole(['error', 'warn']);
