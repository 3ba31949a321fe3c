import { describe, expect, it } from 'vitest';
import { createLineGuard, guardOpenAiStream } from './openai-stream-guard.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const key = 'gsk_server_test_key';
const options = { label: 'Groq', secrets: [key] };

/** What any data line of an error event becomes when it carries no message of its own. */
const streamFailed = `data: ${JSON.stringify({ error: { message: 'Groq API error: The response stream failed.', type: 'api_error', code: 'provider_error' } })}`;

const chunk = (content: string, eol = '\n') =>
  `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}${eol}${eol}`;

/** Pieces of bytes, joined. */
function concat(parts: Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(parts.reduce((total, part) => total + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}

/** Runs bytes through a fresh guard, cut into the given pieces. */
function guarded(pieces: Uint8Array[]): string {
  const guard = createLineGuard(options);
  return decoder.decode(concat([...pieces.flatMap((piece) => guard.push(piece)), ...guard.end()]));
}

/** Every way of cutting `text` into two pieces, by bytes (UTF-8 characters and CRLF pairs get cut too). */
function everySplit(text: string): Uint8Array[][] {
  const bytes = encoder.encode(text);
  return Array.from({ length: bytes.length - 1 }, (_, index) => [
    bytes.slice(0, index + 1),
    bytes.slice(index + 1),
  ]);
}

describe('createLineGuard (Groq stream on its way to the browser)', () => {
  it('passes an ordinary stream byte for byte wherever it is cut, with LF, CRLF or CR endings', () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      const text =
        chunk('Grüße 👋', eol) +
        `: keep-alive${eol}${eol}` +
        chunk('"quoted"\n', eol) +
        `data: [DONE]${eol}${eol}`;
      for (const pieces of everySplit(text)) expect(guarded(pieces)).toBe(text);
    }
  });

  it('sends the start of a completion chunk before the rest of its line arrives', () => {
    const guard = createLineGuard(options);
    const start = 'data: {"id":"chatcmpl-1","obj';
    expect(decoder.decode(guard.push(encoder.encode(start))[0])).toBe(start);
    expect(decoder.decode(guard.push(encoder.encode('ect":"x"}\n'))[0])).toBe('ect":"x"}\n');
  });

  it('replaces an error event echoing the key, the same wherever it is cut', () => {
    const text =
      chunk('Hi') +
      `data: ${JSON.stringify({ error: { message: `Bad key ${key}\nsee Bearer abc123`, type: 'internal_server_error' } })}\n\n`;
    const expected =
      chunk('Hi') +
      `data: ${JSON.stringify({ error: { message: 'Groq API error: Bad key [redacted] see Bearer [redacted]', type: 'api_error', code: 'provider_error' } })}\n\n`;
    for (const pieces of everySplit(text)) expect(guarded(pieces)).toBe(expected);
  });

  it('replaces any data after `event: error`, JSON or not, and holds that line even if it looks like a chunk', () => {
    expect(guarded([encoder.encode(`event: error\ndata: ${key} broke\n\n`)])).toBe(
      `event: error\n${streamFailed}\n\n`,
    );
    expect(guarded([encoder.encode(`event: error\ndata: {"id":"${key}"}\n\n`)])).toBe(
      `event: error\n${streamFailed}\n\n`,
    );
    // A blank line ends the error event: the next chunk streams as usual.
    expect(guarded([encoder.encode(`event: error\ndata: x\n\n${chunk('ok')}`)])).toBe(
      `event: error\n${streamFailed}\n\n${chunk('ok')}`,
    );
  });

  it('redacts keys in lines nobody shows (comments, other fields, data that is not JSON)', () => {
    expect(guarded([encoder.encode(`: debug ${key}\nid: ${key}\ndata: plain ${key}\n\n`)])).toBe(
      ': debug [redacted]\nid: [redacted]\ndata: plain [redacted]\n\n',
    );
  });

  it('replaces data after `event: error` with LF, CRLF or CR endings, wherever the stream is cut', () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      const text = `event: error${eol}data: x${eol}${eol}${chunk('ok', eol)}`;
      const expected = `event: error${eol}${streamFailed}${eol}${eol}${chunk('ok', eol)}`;
      for (const pieces of everySplit(text)) expect(guarded(pieces)).toBe(expected);
    }
  });

  it('counts a CRLF once when the next line ends in a bare LF, so a blank line still ends the error event', () => {
    const text = `event: error\r\ndata: x\r\n\n${chunk('ok')}`;
    const expected = `event: error\r\n${streamFailed}\r\n\n${chunk('ok')}`;
    for (const pieces of everySplit(text)) expect(guarded(pieces)).toBe(expected);
  });

  it('replaces only the data lines of an error event: its other fields and `data: [DONE]` pass', () => {
    expect(guarded([encoder.encode('event: error\nid: 7\nretry: 10\ndata: x\n\n')])).toBe(
      `event: error\nid: 7\nretry: 10\n${streamFailed}\n\n`,
    );
    // groq-sdk ends the stream at [DONE] before it looks at the event name.
    expect(guarded([encoder.encode('event: error\ndata: [DONE]\n\n')])).toBe(
      'event: error\ndata: [DONE]\n\n',
    );
  });

  it('reads a line without a colon as a field with an empty value, so a bare `data` in an error event is replaced', () => {
    expect(guarded([encoder.encode('event: error\ndata\n\n')])).toBe(`event: error\n${streamFailed}\n\n`);
    expect(guarded([encoder.encode('data\n\n')])).toBe('data\n\n');
  });

  it('treats only an event named `error` (stray spaces allowed) as an error event', () => {
    expect(
      guarded([encoder.encode(`event: ping\ndata: {"status":"ok"}\n\nevent: message\n${chunk('hi')}`)]),
    ).toBe(`event: ping\ndata: {"status":"ok"}\n\nevent: message\n${chunk('hi')}`);
    expect(guarded([encoder.encode('event: error \ndata: x\n\n')])).toBe(
      `event: error \n${streamFailed}\n\n`,
    );
  });

  it('reads an error message after `data:` without the optional space, keeping the spaces inside it', () => {
    expect(guarded([encoder.encode('data:{"error":{"message":"Rate limit reached for model"}}\n\n')])).toBe(
      `data: ${JSON.stringify({ error: { message: 'Groq API error: Rate limit reached for model', type: 'api_error', code: 'provider_error' } })}\n\n`,
    );
  });

  it('passes JSON data that is not an error unchanged, even model text that looks like a credential', () => {
    // A completion chunk whose keys come in another order is reviewed whole, but left as it is.
    const reordered = `data: ${JSON.stringify({ object: 'chat.completion.chunk', id: 'chatcmpl-1', choices: [{ index: 0, delta: { content: 'Send it as Bearer abc123 in the header' } }] })}\n\n`;
    expect(guarded([encoder.encode(reordered)])).toBe(reordered);
    const others =
      'data: null\n\ndata: 42\n\ndata: ["a b"]\n\ndata: {"error":null}\n\ndata: {"error":false}\n\n';
    expect(guarded([encoder.encode(others)])).toBe(others);
  });

  it('leaves a line with nothing to hide byte for byte, even bytes that are not valid UTF-8', () => {
    const bytes = Uint8Array.from([...encoder.encode(': '), 0xff, 0xfe, 0x0a, 0x0a]);
    const guard = createLineGuard(options);
    const out = [...guard.push(bytes), ...guard.end()];
    expect(out.flatMap((part) => [...part])).toEqual([...bytes]);
  });

  it('sends a completion chunk as soon as its first 12 bytes (`data: {"id":`) are in', () => {
    const guard = createLineGuard(options);
    expect(guard.push(encoder.encode('data: {"id"'))).toEqual([]);
    expect(decoder.decode(concat(guard.push(encoder.encode(':'))))).toBe('data: {"id":');
  });

  it('streams a completion chunk read by read, however many reads its line takes', () => {
    const guard = createLineGuard(options);
    const reads = ['data: {"id":"chatcmpl-1",', '"object":"chat.', 'completion.chunk","choices":', '[]}\n\n'];
    for (const read of reads) expect(decoder.decode(concat(guard.push(encoder.encode(read))))).toBe(read);
    expect(guard.end()).toEqual([]);
  });

  it('checks each line afresh: a chunk after a long comment still streams before its end arrives', () => {
    const guard = createLineGuard(options);
    const text = ': keep-alive from the proxy\ndata: {"id":"chatcmpl-1","obj';
    expect(decoder.decode(concat(guard.push(encoder.encode(text))))).toBe(text);
  });

  it('reviews a last line that has no line ending', () => {
    expect(guarded([encoder.encode(`data: {"error":"${key}"}`)])).toBe(
      `data: ${JSON.stringify({ error: { message: 'Groq API error: [redacted]', type: 'api_error', code: 'provider_error' } })}`,
    );
  });
});

/**
 * Everything the guarded stream writes until it closes. The upstream's data is all in memory, so
 * each read settles within microtasks: one still pending at the next macrotask means the stream
 * stalled, and the test fails at once rather than at its timeout.
 */
async function readAll(stream: ReadableStream<Uint8Array>): Promise<string[]> {
  const reader = stream.getReader();
  const written: string[] = [];
  for (;;) {
    const stalled = new Promise<'stalled'>((resolve) => setImmediate(() => resolve('stalled')));
    const result = await Promise.race([reader.read(), stalled]);
    if (result === 'stalled') return [...written, 'stalled'];
    if (result.done) return written;
    written.push(decoder.decode(result.value));
  }
}

describe('guardOpenAiStream', () => {
  it('writes one chunk per upstream read that completes something, and no empty chunk, then closes', async () => {
    const reads = [
      ': ke',
      'ep-alive\n\n',
      'data: {"id":"chatcmpl-1",',
      '"choices":[]}\n\n',
      'data: [DONE]\n\n',
    ];
    const upstream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const read of reads) controller.enqueue(encoder.encode(read));
        controller.close();
      },
    });
    expect(await readAll(guardOpenAiStream(upstream, options))).toEqual([
      ': keep-alive\n\n',
      'data: {"id":"chatcmpl-1",',
      '"choices":[]}\n\n',
      'data: [DONE]\n\n',
    ]);
  });

  it('sends a last line without its line ending when the upstream ends', async () => {
    const upstream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(`${chunk('a')}: bye ${key}`));
        controller.close();
      },
    });
    expect(await readAll(guardOpenAiStream(upstream, options))).toEqual([chunk('a'), ': bye [redacted]']);
  });

  it('reads the upstream only as fast as the browser reads (backpressure)', async () => {
    let pulls = 0;
    const upstream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulls += 1;
          if (pulls > 100) controller.close();
          else controller.enqueue(encoder.encode(chunk(`part ${pulls}`)));
        },
      },
      { highWaterMark: 0 },
    );
    const reader = guardOpenAiStream(upstream, options).getReader();
    expect(decoder.decode((await reader.read()).value)).toBe(chunk('part 1'));
    // Reading ahead would happen in microtasks, all done before the next macrotask.
    await new Promise((resolve) => setImmediate(resolve));
    // The read the browser took, and the one chunk the guarded stream keeps ready.
    expect(pulls).toBe(2);
    await reader.cancel();
  });

  /** An upstream that sends `reads`, then fails as a cut connection does. */
  const cutAfter = (reads: string[]) =>
    new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          const read = reads.shift();
          if (read === undefined) controller.error(new TypeError('terminated'));
          else controller.enqueue(encoder.encode(read));
        },
      },
      { highWaterMark: 0 },
    );
  const interrupted = `data: ${JSON.stringify({ error: { message: 'Groq API error: The connection to Groq was cut before the post was finished.', type: 'api_error', code: 'stream_interrupted' } })}\n\n`;

  it('ends a cut stream with an error event and closes it, so the text already sent reaches the browser', async () => {
    // Erroring the response would make the Node server destroy the socket and drop unflushed bytes.
    expect(await readAll(guardOpenAiStream(cutAfter([chunk('a'), chunk('b')]), options))).toEqual([
      chunk('a'),
      chunk('b'),
      `\n\n${interrupted}`,
    ]);
  });

  it('ends a line cut half-way before the error event, and sends a held line first', async () => {
    const half = chunk('c').slice(0, 30);
    expect(await readAll(guardOpenAiStream(cutAfter([chunk('a'), half]), options))).toEqual([
      chunk('a'),
      half,
      `\n\n${interrupted}`,
    ]);
    expect(await readAll(guardOpenAiStream(cutAfter([chunk('a'), `: ping ${key}`]), options))).toEqual([
      chunk('a'),
      `: ping [redacted]\n\n${interrupted}`,
    ]);
  });

  it('cancels the upstream when the reader cancels', async () => {
    let cancelled: unknown = null;
    const upstream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(chunk('first')));
      },
      cancel(reason) {
        cancelled = reason;
      },
    });
    const reader = guardOpenAiStream(upstream, options).getReader();
    expect(decoder.decode((await reader.read()).value)).toBe(chunk('first'));
    await reader.cancel('browser left');
    expect(cancelled).toBe('browser left');
  });
});
