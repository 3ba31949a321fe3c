import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A provider on 127.0.0.1 that takes a request and never finishes its answer. */
export interface HangingProvider {
  /** The base URL to give the server as a provider's (e.g. GROQ_BASE_URL). */
  url: string;
  /** Resolves when a request has arrived. */
  entered: Promise<void>;
  /** Resolves when the connection of that request has been closed by the caller. */
  closed: Promise<void>;
  close(): Promise<void>;
}

/**
 * A real HTTP server standing in for a provider still generating: with `firstBytes`, it sends its
 * headers and those bytes, else nothing at all. Whether /api hangs up on it (the browser left) is
 * seen on the connection itself, whichever HTTP client /api uses (MSW cannot see it through
 * node:http).
 */
export async function startHangingProvider(firstBytes?: string): Promise<HangingProvider> {
  let enter!: () => void;
  let hangUp!: () => void;
  const entered = new Promise<void>((resolve) => (enter = resolve));
  const closed = new Promise<void>((resolve) => (hangUp = resolve));
  const server = createServer((req, res) => {
    req.resume();
    res.once('close', () => hangUp());
    if (firstBytes !== undefined) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(firstBytes);
    }
    enter();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    entered,
    closed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
