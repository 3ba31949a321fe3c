import { describe, expect, it } from 'vitest';
import { createLineGuard, guardOpenAiStream } from './openai-stream-guard.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const key = 'gsk_server_test_key';
const options = { label: 'Groq', secrets: [key] };

const chunk = (content: string, eol = '\n') =>
  `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}${eol}${eol}`;

/** Runs bytes through a fresh guard, cut into the given pieces. */
function guarded(pieces: Uint8Array[]): string {
  const guard = createLineGuard(options);
  const out = [...pieces.flatMap((piece) => guard.push(piece)), ...guard.end()];
  const size = out.reduce((total, part) => total + part.byteLength, 0);
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const part of out) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return decoder.decode(bytes);
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
    const generic = `data: ${JSON.stringify({ error: { message: 'Groq API error: The response stream failed.', type: 'api_error', code: 'provider_error' } })}`;
    expect(guarded([encoder.encode(`event: error\ndata: ${key} broke\n\n`)])).toBe(
      `event: error\n${generic}\n\n`,
    );
    expect(guarded([encoder.encode(`event: error\ndata: {"id":"${key}"}\n\n`)])).toBe(
      `event: error\n${generic}\n\n`,
    );
    // A blank line ends the error event: the next chunk streams as usual.
    expect(guarded([encoder.encode(`event: error\ndata: x\n\n${chunk('ok')}`)])).toBe(
      `event: error\n${generic}\n\n${chunk('ok')}`,
    );
  });

  it('redacts keys in lines nobody shows (comments, other fields, data that is not JSON)', () => {
    expect(guarded([encoder.encode(`: debug ${key}\nid: ${key}\ndata: plain ${key}\n\n`)])).toBe(
      ': debug [redacted]\nid: [redacted]\ndata: plain [redacted]\n\n',
    );
  });

  it('reviews a last line that has no line ending', () => {
    expect(guarded([encoder.encode(`data: {"error":"${key}"}`)])).toBe(
      `data: ${JSON.stringify({ error: { message: 'Groq API error: [redacted]', type: 'api_error', code: 'provider_error' } })}`,
    );
  });
});

describe('guardOpenAiStream', () => {
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
