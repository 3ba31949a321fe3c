/**
 * Reads a server-sent-event stream and yields the payload of each `data:` line. Lines may be split
 * across network chunks and end in LF or CRLF; comment lines (`:`) and other fields (`event:`,
 * `id:`) are skipped. `[DONE]` is yielded like any payload; the caller decides what it means.
 */
export async function* readSseData(stream: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      let newline = buffer.search(/\r?\n|\r/);
      while (newline >= 0) {
        const line = buffer.slice(0, newline);
        const breakLength = buffer.startsWith('\r\n', newline) ? 2 : 1;
        buffer = buffer.slice(newline + breakLength);
        const data = dataOf(line);
        if (data !== null) yield data;
        newline = buffer.search(/\r?\n|\r/);
      }
      if (done) break;
    }
    const last = dataOf(buffer);
    if (last !== null) yield last;
  } finally {
    reader.releaseLock();
  }
}

function dataOf(line: string): string | null {
  if (!line.startsWith('data:')) return null;
  return line.slice(line.startsWith('data: ') ? 6 : 5);
}
