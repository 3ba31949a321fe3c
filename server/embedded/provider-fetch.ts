import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { readAheadBytes, readsAhead } from '../api/read-ahead.ts';

// Connections to a provider stay open between calls: a new TCP (and TLS) handshake per call is
// the largest part of what a call costs before the provider starts to answer.
const agentOptions = { keepAlive: true, keepAliveMsecs: 10_000, maxFreeSockets: 16 };
const httpAgent = new http.Agent(agentOptions);
const httpsAgent = new https.Agent(agentOptions);

// Statuses whose Response cannot carry a body.
const bodilessStatuses = new Set([101, 103, 204, 205, 304]);

/**
 * `fetch` for the AI providers' calls under Node (createApiApp's `aiFetch`, docs/decisions/027):
 * node:http with kept-alive connections, which costs a fraction of what Node's fetch (undici)
 * spends per request before the first byte. The answer is a web Response as fetch gives it
 * (content-encoding decoded), its body read ahead up to `readAheadBytes` from the moment it
 * arrives, and every byte received before a cut connection passed on before the failure
 * (read-ahead.ts; counted-call.ts leaves such a body as it is). What it cannot send as fetch would
 * (a body that is not text or bytes, a redirect to follow, a scheme other than http(s)) goes to
 * the global fetch instead. Connection failures reject with TypeError('fetch failed', {cause}), as
 * fetch does; an abort rejects with the signal's reason.
 */
export function providerFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const url = typeof input === 'string' ? new URL(input) : input instanceof URL ? input : null;
  const body = init.body ?? null;
  if (
    url === null ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    (body !== null && typeof body !== 'string' && !(body instanceof Uint8Array)) ||
    (init.redirect !== undefined && init.redirect !== 'manual')
  ) {
    return globalThis.fetch(input, init);
  }
  const signal = init.signal ?? null;
  if (signal?.aborted) return Promise.reject(signal.reason as Error);
  const method = (init.method ?? 'GET').toUpperCase();
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => {
    headers[name] = value;
  });
  if (body !== null) headers['content-length'] = String(Buffer.byteLength(body));
  const secure = url.protocol === 'https:';

  return new Promise<Response>((resolve, reject) => {
    let answered = false;
    const request = (secure ? https : http).request(url, {
      method,
      headers,
      agent: secure ? httpsAgent : httpAgent,
    });
    const onAbort = () => request.destroy(signal?.reason as Error);
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    request.on('error', (error) => {
      if (answered) return;
      done();
      reject(signal?.aborted ? (signal.reason as Error) : new TypeError('fetch failed', { cause: error }));
    });
    request.once('response', (incoming) => {
      answered = true;
      const status = incoming.statusCode ?? 0;
      if (
        status >= 300 &&
        status < 400 &&
        incoming.headers.location !== undefined &&
        init.redirect === undefined
      ) {
        // fetch would follow it; a provider never redirects an API call, so this is the rare path.
        incoming.destroy();
        done();
        resolve(globalThis.fetch(input, init));
        return;
      }
      const responseHeaders = new Headers();
      const raw = incoming.rawHeaders;
      for (let index = 0; index + 1 < raw.length; index += 2) {
        responseHeaders.append(raw[index]!, raw[index + 1]!);
      }
      const hasBody = method !== 'HEAD' && !bodilessStatuses.has(status);
      if (!hasBody) {
        incoming.resume();
        incoming.once('close', done);
      }
      resolve(
        new Response(hasBody ? webBody(decoded(incoming), done, signal) : null, {
          status,
          statusText: incoming.statusMessage ?? '',
          headers: responseHeaders,
        }),
      );
    });
    request.end(body ?? undefined);
  });
}

/** The body as fetch hands it out: gzip, deflate and br decoded (content-encoding stays in the headers, as with fetch). */
function decoded(incoming: IncomingMessage): Readable {
  const encoding = incoming.headers['content-encoding']?.trim().toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : null;
  if (decoder === null) return incoming;
  incoming.on('error', (error) => decoder.destroy(error));
  // A cut connection ends the IncomingMessage with 'aborted'/'close' rather than 'end'.
  incoming.once('close', () => {
    if (!incoming.complete) decoder.destroy(new Error('aborted'));
  });
  return incoming.pipe(decoder);
}

/**
 * A web stream over a Node one, read ahead: the source flows into a queue of ours until it holds
 * `readAheadBytes`, and a failure is handed out only after every byte that came before it (a web
 * stream's own queue would drop them on error). Cancelling destroys the source.
 */
function webBody(
  source: Readable,
  finished: () => void,
  signal: AbortSignal | null,
): ReadableStream<Uint8Array> {
  // As fetch fails a body: the abort's reason, or TypeError('terminated') for a cut connection.
  const cut = (cause: unknown) => (signal?.aborted ? signal.reason : new TypeError('terminated', { cause }));
  const queue: Uint8Array[] = [];
  let queuedBytes = 0;
  let ended = false;
  let failure: { error: unknown } | null = null;
  // The pull under way while the queue is empty: settled by the next byte, end or failure.
  let waiting: (() => void) | null = null;

  const settle = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    const next = queue.shift();
    if (next !== undefined) {
      queuedBytes -= next.byteLength;
      controller.enqueue(next);
      if (queuedBytes < readAheadBytes) source.resume();
    } else if (failure !== null) {
      controller.error(failure.error);
    } else if (ended) {
      controller.close();
    } else {
      return false;
    }
    return true;
  };
  const wake = () => waiting?.();

  source.on('data', (chunk: Buffer) => {
    queue.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    queuedBytes += chunk.byteLength;
    if (queuedBytes >= readAheadBytes) source.pause();
    wake();
  });
  source.once('end', () => {
    ended = true;
    finished();
    wake();
  });
  source.on('error', (error) => {
    failure ??= { error: cut(error) };
    finished();
    wake();
  });
  source.once('close', () => {
    // Closed without its end: the connection was cut (or the body cancelled).
    if (!ended) failure ??= { error: cut(new Error('aborted')) };
    finished();
    wake();
  });

  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (settle(controller)) return undefined;
        return new Promise<void>((resolve) => {
          waiting = () => {
            if (!settle(controller)) return;
            waiting = null;
            resolve();
          };
        });
      },
      cancel() {
        // Nothing is handed out after a cancel: a pull under way is dropped with the stream.
        waiting = null;
        ended = true;
        queue.length = 0;
        source.destroy();
      },
    },
    { highWaterMark: 0 },
  );
  return readsAhead(body);
}
