import { describe, expect, it } from 'vitest';
import { providerDisconnectMessage, translateAnthropicStream } from './anthropic-stream.ts';

const encoder = new TextEncoder();

function streamOf(
  chunks: (string | Uint8Array)[],
  options: { fail?: boolean } = {},
): ReadableStream<Uint8Array> {
  const queue = chunks.map((chunk) => (typeof chunk === 'string' ? encoder.encode(chunk) : chunk));
  // Pull-based, so a failure comes after the chunks (an error in start() would discard them).
  return new ReadableStream({
    pull(controller) {
      const next = queue.shift();
      if (next) controller.enqueue(next);
      else if (options.fail) controller.error(new Error('socket hang up'));
      else controller.close();
    },
  });
}

async function translate(chunks: (string | Uint8Array)[], options: { fail?: boolean } = {}): Promise<string> {
  return new Response(translateAnthropicStream(streamOf(chunks, options))).text();
}

const delta = (text: string, eol = '\n') =>
  `event: content_block_delta${eol}data: ${JSON.stringify({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } })}${eol}${eol}`;
const stop = 'event: message_stop\ndata: {"type":"message_stop"}\n\n';
const out = (...payloads: unknown[]) =>
  payloads.map((payload) => `data: ${JSON.stringify(payload)}\n\n`).join('') + 'data: [DONE]\n\n';

/** Every way of cutting `text` into two chunks, by bytes (so UTF-8 characters get cut too). */
function everySplit(text: string): Uint8Array[][] {
  const bytes = encoder.encode(text);
  return Array.from({ length: bytes.length - 1 }, (_, index) => [
    bytes.slice(0, index + 1),
    bytes.slice(index + 1),
  ]);
}

describe('translateAnthropicStream', () => {
  it('emits one content line per text delta and [DONE] at message_stop', async () => {
    const text =
      'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_1","content":[]}}\n\n' +
      'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n' +
      'event: ping\ndata: {"type": "ping"}\n\n' +
      delta('Hello') +
      delta(' world') +
      'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n' +
      'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":2}}\n\n' +
      stop;
    expect(await translate([text])).toBe(out({ content: 'Hello' }, { content: ' world' }));
  });

  it('gives the same result wherever the network cuts the bytes, with LF, CRLF or CR endings', async () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      const text =
        delta('Grüße 👋', eol) +
        `event: ping${eol}data: {}${eol}${eol}` +
        delta('"quoted"\n', eol) +
        stop.replaceAll('\n', eol);
      const expected = out({ content: 'Grüße 👋' }, { content: '"quoted"\n' });
      for (const chunks of everySplit(text)) expect(await translate(chunks)).toBe(expected);
    }
  });

  it('handles one byte per chunk', async () => {
    const bytes = encoder.encode(delta('a→b', '\r\n') + stop);
    const chunks = Array.from(bytes, (byte) => new Uint8Array([byte]));
    expect(await translate(chunks)).toBe(out({ content: 'a→b' }));
  });

  it('stops at an error event with its message', async () => {
    const error =
      'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n';
    expect(await translate([delta('Hi'), error, delta('ignored'), stop])).toBe(
      out({ content: 'Hi' }, { error: 'Overloaded' }),
    );
  });

  it('redacts the server keys and anything key-shaped from an error event message', async () => {
    const key = 'sk-ant-server-test-key';
    const message = `Overloaded for ${key}\n(x-api-key: ${key}, also sk-ant-api03-${'Ab9_'.repeat(10)})`;
    const error = `event: error\ndata: ${JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message } })}\n\n`;
    const result = await new Response(translateAnthropicStream(streamOf([error]), [key])).text();
    expect(result).toBe(out({ error: 'Overloaded for [redacted] (x-api-key: [redacted], also [redacted])' }));
  });

  it('uses a generic message for an error event without one', async () => {
    const result = await translate(['event: error\ndata: not json\n\n']);
    expect(result).toBe(out({ error: 'The AI provider reported an error. Please try again.' }));
  });

  it('reports a stream that ends before message_stop, or fails, as a disconnect', async () => {
    expect(await translate([delta('Half')])).toBe(
      out({ content: 'Half' }, { error: providerDisconnectMessage }),
    );
    expect(await translate([delta('Half')], { fail: true })).toBe(
      out({ content: 'Half' }, { error: providerDisconnectMessage }),
    );
    expect(await translate([])).toBe(out({ error: providerDisconnectMessage }));
    // message_stop without its closing blank line was cut off too.
    expect(await translate([delta('A'), 'event: message_stop\ndata: {"type":"message_stop"}'])).toBe(
      out({ content: 'A' }, { error: providerDisconnectMessage }),
    );
  });

  it('reports a missing body as a disconnect', async () => {
    expect(await new Response(translateAnthropicStream(null)).text()).toBe(
      out({ error: providerDisconnectMessage }),
    );
  });

  it('ignores unknown events, thinking deltas, comments and malformed data', async () => {
    const text =
      ': a comment\n\n' +
      'event: future_event\ndata: {"type":"future_event","text":"no"}\n\n' +
      'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"hmm"}}\n\n' +
      'event: content_block_delta\ndata: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{"}}\n\n' +
      'event: content_block_delta\ndata: {broken\n\n' +
      delta('') +
      delta('kept') +
      stop;
    expect(await translate([text])).toBe(out({ content: 'kept' }));
  });

  it('reads the event type from the data when the event: line is missing', async () => {
    const text =
      'data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"x"}}\n\ndata: {"type":"message_stop"}\n\n';
    expect(await translate([text])).toBe(out({ content: 'x' }));
  });

  it('cancels the upstream when the reader cancels', async () => {
    let cancelled: unknown = null;
    const upstream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(delta('first')));
      },
      cancel(reason) {
        cancelled = reason;
      },
    });
    const reader = translateAnthropicStream(upstream).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('data: {"content":"first"}\n\n');
    await reader.cancel('browser left');
    expect(cancelled).toBe('browser left');
  });
});
