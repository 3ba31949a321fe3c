/** How much of a provider's answer is read before the browser asks for it. */
export const readAheadBytes = 64 * 1024;

// Statuses whose Response cannot carry a body: passed on as they are.
const bodilessStatuses = new Set([101, 204, 205, 304]);

// Bodies that already read ahead on their own (a provider client that queues as this does).
const alreadyReadAhead = new WeakSet<ReadableStream<Uint8Array>>();

/**
 * Marks a body that reads ahead by itself, as readingAhead would (up to `readAheadBytes` from the
 * moment it arrives, every byte before a failure handed out first): readingAhead leaves it as it is.
 */
export function readsAhead(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  alreadyReadAhead.add(body);
  return body;
}

/**
 * The provider's answer with its body read ahead, up to `readAheadBytes`, into a queue of our
 * own. A fetch body that fails (the provider cut the connection) drops the bytes it held but had
 * not yet handed out; read ahead, every byte that arrived before the cut is passed on first, then
 * the failure. Reading from the moment the answer arrives also covers the time the request is
 * still being counted (counted-call.ts). Cancelling the result cancels the provider's body.
 */
export function readingAhead(response: Response): Response {
  if (!response.body || bodilessStatuses.has(response.status) || alreadyReadAhead.has(response.body)) {
    return response;
  }
  const reader = response.body.getReader();
  const queue: Uint8Array[] = [];
  let queuedBytes = 0;
  let ended = false;
  let failure: { error: unknown } | null = null;
  let pumping = false;
  let wake: (() => void) | null = null;

  const notify = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };

  const pump = async () => {
    if (pumping) return;
    pumping = true;
    try {
      while (!ended && failure === null && queuedBytes < readAheadBytes) {
        let read: ReadableStreamReadResult<Uint8Array>;
        try {
          read = await reader.read();
        } catch (error) {
          failure = { error };
          break;
        }
        if (read.done) {
          ended = true;
          break;
        }
        queue.push(read.value);
        queuedBytes += read.value.byteLength;
        notify();
      }
    } finally {
      pumping = false;
      notify();
    }
  };
  void pump();

  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        while (queue.length === 0 && !ended && failure === null) {
          await new Promise<void>((resolve) => {
            wake = resolve;
            void pump();
          });
        }
        const next = queue.shift();
        if (next !== undefined) {
          queuedBytes -= next.byteLength;
          controller.enqueue(next);
          void pump();
        } else if (failure !== null) {
          controller.error(failure.error);
        } else {
          controller.close();
        }
      },
      cancel(reason) {
        ended = true;
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
