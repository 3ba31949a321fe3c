import type { ProviderErrorOptions } from './provider-error-response.ts';

const encoder = new TextEncoder();
const LF = 0x0a;
const CR = 0x0d;
const dataField = encoder.encode('data:');

/**
 * A guarded stream (guardOpenAiStream) with its first event whose JSON is cut off or garbled (a
 * server or a proxy that mangled a chunk) replaced by our `stream_interrupted` error event, which
 * ends it: the browser keeps the words so far and says the post is unfinished, where it would
 * otherwise fail to parse the chunk. Each line is held until its end, which costs nothing in
 * practice (a server writes its events whole), and the lines of one read stay one write.
 */
export function endAtBrokenChunk(
  source: ReadableStream<Uint8Array>,
  errors: ProviderErrorOptions,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let held = new Uint8Array(0);
  const interrupted = encoder.encode(
    `\n\ndata: ${JSON.stringify({
      error: {
        message: `${errors.label} API error: ${errors.label} sent a part of the post that could not be read, so it is unfinished.`,
        type: 'api_error',
        code: 'stream_interrupted',
      },
    })}\n\n`,
  );
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        let read: ReadableStreamReadResult<Uint8Array>;
        try {
          read = await reader.read();
        } catch {
          read = { done: true, value: undefined };
        }
        // At the end, a last line without its line ending is checked like any other.
        const bytes = read.done ? held : joined(held, read.value);
        const complete = read.done ? bytes.length : lastLineEnd(bytes) + 1;
        held = bytes.slice(complete);
        const lines = bytes.subarray(0, complete);
        const broken = brokenLineAt(lines);
        if (broken !== -1) {
          controller.enqueue(joined(lines.subarray(0, broken), interrupted));
          controller.close();
          void reader.cancel().catch(() => {});
          return;
        }
        if (lines.length > 0) controller.enqueue(lines);
        if (read.done) controller.close();
        if (read.done || lines.length > 0) return;
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/** Where the first `data:` line whose value starts as JSON but does not parse begins, or -1. */
function brokenLineAt(bytes: Uint8Array): number {
  let start = 0;
  while (start < bytes.length) {
    let end = start;
    while (end < bytes.length && bytes[end] !== LF && bytes[end] !== CR) end += 1;
    if (dataField.every((byte, index) => bytes[start + index] === byte)) {
      const value = new TextDecoder().decode(bytes.subarray(start + dataField.length, end)).replace(/^ /, '');
      if (value.startsWith('{') && !parses(value)) return start;
    }
    start = end + 1;
  }
  return -1;
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function lastLineEnd(bytes: Uint8Array): number {
  for (let index = bytes.length - 1; index >= 0; index -= 1) {
    if (bytes[index] === LF || bytes[index] === CR) return index;
  }
  return -1;
}

function joined(first: Uint8Array, second: Uint8Array): Uint8Array {
  if (first.length === 0) return second;
  const bytes = new Uint8Array(first.length + second.length);
  bytes.set(first);
  bytes.set(second, first.length);
  return bytes;
}
