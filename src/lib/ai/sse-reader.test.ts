import { describe, expect, it } from 'vitest';
import { readSseData } from './sse-reader';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect(chunks: string[]): Promise<string[]> {
  const out: string[] = [];
  for await (const data of readSseData(streamOf(chunks))) out.push(data);
  return out;
}

describe('readSseData', () => {
  it('yields each data payload, including [DONE]', async () => {
    expect(await collect(['data: {"a":1}\n\ndata: {"b":2}\n\ndata: [DONE]\n\n'])).toEqual([
      '{"a":1}',
      '{"b":2}',
      '[DONE]',
    ]);
  });

  it('reassembles lines split across network chunks, even inside a multi-byte character', async () => {
    const bytes = new TextEncoder().encode('data: {"content":"héllo 👋"}\n\n');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(new Uint8Array([byte]));
        controller.close();
      },
    });
    const out: string[] = [];
    for await (const data of readSseData(stream)) out.push(data);
    expect(out).toEqual(['{"content":"héllo 👋"}']);
  });

  it('accepts CRLF and lone CR line endings', async () => {
    expect(await collect(['data: one\r\n\r\ndata: two\r', '\rdata: three\n'])).toEqual([
      'one',
      'two',
      'three',
    ]);
  });

  it('skips comments, event and id fields, and blank lines', async () => {
    expect(await collect([': keep-alive\n', 'event: ping\nid: 7\n', 'data: x\n\n', '\n'])).toEqual(['x']);
  });

  it('reads "data:" without a space and a last line without a newline', async () => {
    expect(await collect(['data:tight\n', 'data: tail'])).toEqual(['tight', 'tail']);
  });

  it('passes malformed JSON through untouched: the caller decides to skip it', async () => {
    expect(await collect(['data: {not json\n\ndata: {"ok":true}\n\n'])).toEqual(['{not json', '{"ok":true}']);
  });
});
