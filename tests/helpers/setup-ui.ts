import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { URL as NodeURL } from 'node:url';
import { beforeEach } from 'vitest';
import WebSocket from 'ws';
import { guardConsole } from './console-guard.ts';
import { freshPage } from './fresh-page.ts';
import { stubMatchMedia } from './match-media.ts';

// The embedded backend runs in this process: Node's own URL, because node:fs and worker_threads
// accept only theirs (jsdom's URL is a different class), and it is the same WHATWG URL for the page.
globalThis.URL = NodeURL as unknown as typeof URL;
// jsdom's WebSocket (undici's) dispatches Node events through jsdom's Event class and throws; the
// realtime client gets `ws`, as supabase-js does on Node.
globalThis.WebSocket = WebSocket as unknown as typeof globalThis.WebSocket;

stubMatchMedia();

// As in a browser: answers from the real backend update the page whenever they arrive, not inside
// act(). Testing Library's render, user-event and findBy*/waitFor still wrap what they do in act.
beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

// Pages here wait for a real server (in this process, on a possibly busy 2-core machine): findBy*
// and waitFor wait for the condition up to 30 s instead of Testing Library's 1 s. A passing test
// takes no longer for it; only a failing one waits the whole time.
configure({ asyncUtilTimeout: 30_000 });

// Pages are unmounted by setupApp (tests/helpers/render-app.tsx) before it resets the stores.
guardConsole(['error', 'warn']);
freshPage();
