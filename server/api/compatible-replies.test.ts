import { describe, expect, it } from 'vitest';
import { endAtBrokenChunk } from './broken-chunk-guard.ts';
import { adaptedBody, completionAsEventStream } from './compatible-replies.ts';

const key = 'local-proxy-key-kept-on-the-server';
const errors = { label: 'Ollama', secrets: [key] };
const encoder = new TextEncoder();
const decoder = new TextDecoder();

const sent = {
  model: 'o3-mini',
  messages: [{ role: 'user', content: 'Write a post' }],
  temperature: 0.7,
  top_p: 0.9,
  max_tokens: 1500,
  seed: 7,
  stop: ['\n\n\n'],
  stream: true,
};
const refusal = (message: string) =>
  JSON.stringify({
    error: { message, type: 'invalid_request_error', param: null, code: 'unsupported_parameter' },
  });

describe('adaptedBody', () => {
  it('renames max_tokens to max_completion_tokens when OpenAI asks for it', () => {
    const adapted = adaptedBody(
      sent,
      refusal(
        "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      ),
    );
    const { max_tokens: _maxTokens, ...rest } = sent;
    expect(adapted).toEqual({ ...rest, max_completion_tokens: 1500 });
  });

  it('drops a temperature, top_p, seed or stop the server says it does not support', () => {
    const cases: [string, string][] = [
      [
        'temperature',
        "Unsupported value: 'temperature' does not support 0.7 with this model. Only the default (1) value is supported.",
      ],
      ['top_p', "Unsupported parameter: 'top_p' is not supported with this model."],
      ['seed', 'The `seed` parameter is not supported by this server.'],
      ['stop', "Unsupported parameter: 'stop' is not supported with this model."],
    ];
    for (const [field, message] of cases) {
      const adapted = adaptedBody(sent, refusal(message));
      expect(adapted).not.toHaveProperty(field);
      expect(Object.keys(adapted ?? {})).toHaveLength(Object.keys(sent).length - 1);
    }
  });

  it('reads the message where servers other than OpenAI put it (vLLM: a top-level message)', () => {
    const vllm = JSON.stringify({
      object: 'error',
      message: "Unsupported parameter: 'seed' is not supported.",
      type: 'BadRequestError',
      param: null,
      code: 400,
    });
    expect(adaptedBody(sent, vllm)).not.toHaveProperty('seed');
  });

  it('leaves any other 400 alone: nothing to drop, or nothing of ours named', () => {
    const { max_tokens: _maxTokens, temperature: _temperature, ...bare } = sent;
    expect(
      adaptedBody(
        bare,
        refusal("Unsupported parameter: 'max_tokens' is not supported. Use 'max_completion_tokens' instead."),
      ),
    ).toBeNull();
    expect(
      adaptedBody(bare, refusal("Unsupported value: 'temperature' does not support 0.7 with this model.")),
    ).toBeNull();
    expect(adaptedBody(sent, refusal("Invalid 'messages[0].content': string too long."))).toBeNull();
    expect(
      adaptedBody(sent, refusal("Unsupported parameter: 'logit_bias' is not supported with this model.")),
    ).toBeNull();
    expect(adaptedBody(sent, '<html><body>400 Bad Request</body></html>')).toBeNull();
    expect(adaptedBody(sent, '{"detail":"Bad Request"}')).toBeNull();
    expect(adaptedBody(sent, '')).toBeNull();
  });
});

async function read(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

/** The data of each event, in order. */
function eventData(raw: string): string[] {
  return raw
    .split('\n\n')
    .filter((event) => event.trim() !== '')
    .map((event) => event.replace(/^data: /, ''));
}

describe('completionAsEventStream', () => {
  const completion = {
    id: 'chatcmpl-42',
    object: 'chat.completion',
    created: 1_735_689_600,
    model: 'no-stream-model',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: 'The whole post.\n\nWith an emoji 🚀',
          reasoning_content: 'Thinking',
        },
        finish_reason: 'length',
      },
    ],
  };

  it('sends the whole text as one chunk, then the finish reason, then [DONE]', async () => {
    const events = eventData(
      await read(completionAsEventStream(JSON.stringify(completion), 'asked-model', errors)),
    );
    expect(events).toEqual([
      JSON.stringify({
        id: 'chatcmpl-42',
        object: 'chat.completion.chunk',
        created: 1_735_689_600,
        model: 'asked-model',
        choices: [
          {
            index: 0,
            delta: { role: 'assistant', content: 'The whole post.\n\nWith an emoji 🚀' },
            finish_reason: null,
          },
        ],
      }),
      JSON.stringify({
        id: 'chatcmpl-42',
        object: 'chat.completion.chunk',
        created: 1_735_689_600,
        model: 'asked-model',
        choices: [{ index: 0, delta: {}, finish_reason: 'length' }],
      }),
      '[DONE]',
    ]);
  });

  it('fills in what a sparse completion leaves out (id, created, finish reason)', async () => {
    const before = Math.floor(Date.now() / 1000);
    const events = eventData(
      await read(
        completionAsEventStream(JSON.stringify({ choices: [{ message: { content: 'Hi' } }] }), 'm', errors),
      ),
    );
    const [first, last] = events.slice(0, 2).map((event) => JSON.parse(event) as Record<string, unknown>);
    expect(first).toMatchObject({ id: 'chatcmpl-unstreamed', model: 'm' });
    expect(first?.created).toBeGreaterThanOrEqual(before);
    expect(last).toMatchObject({ choices: [{ delta: {}, finish_reason: 'stop' }] });
    expect(events[2]).toBe('[DONE]');
  });

  it('ends with our stream_interrupted event when the completion was cut off (null)', async () => {
    expect(eventData(await read(completionAsEventStream(null, 'm', errors)))).toEqual([
      JSON.stringify({
        error: {
          message: 'Ollama API error: The connection to Ollama was cut before the post was finished.',
          type: 'api_error',
          code: 'stream_interrupted',
        },
      }),
    ]);
  });

  it('ends with our error event, its message sanitised, when the JSON holds no reply', async () => {
    const cases: [string, string][] = [
      [
        JSON.stringify({ error: { message: `Model crashed while serving key ${key}` } }),
        'Ollama answered without a reply (Model crashed while serving key [redacted]).',
      ],
      [
        JSON.stringify({ choices: [{ message: { content: null, tool_calls: [] } }] }),
        'Ollama answered without a reply.',
      ],
      ['{"choices": [', 'Ollama answered without a reply.'],
    ];
    for (const [body, message] of cases) {
      const events = eventData(await read(completionAsEventStream(body, 'm', errors)));
      expect(events).toEqual([
        JSON.stringify({ error: { message, type: 'api_error', code: 'stream_interrupted' } }),
      ]);
    }
  });
});

/** A stream that gives `parts` one read at a time. */
function streamOf(parts: string[]): ReadableStream<Uint8Array> {
  const queue = parts.map((part) => encoder.encode(part));
  return new ReadableStream({
    pull(controller) {
      const next = queue.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
}

/** Every read of the stream, decoded. */
async function reads(stream: ReadableStream<Uint8Array>): Promise<string[]> {
  const reader = stream.getReader();
  const out: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out;
    out.push(decoder.decode(value));
  }
}

const chunk = (content: string) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] })}\n\n`;
const interrupted = `data: ${JSON.stringify({
  error: {
    message: 'Ollama API error: Ollama sent a part of the post that could not be read, so it is unfinished.',
    type: 'api_error',
    code: 'stream_interrupted',
  },
})}`;

describe('endAtBrokenChunk', () => {
  it('passes whole events on as they come, one write per read', async () => {
    const parts = [chunk('Hel') + chunk('lo'), ': keep-alive\n\n', chunk('!'), 'data: [DONE]\n\n'];
    expect(await reads(endAtBrokenChunk(streamOf(parts), errors))).toEqual(parts);
  });

  it('holds a line cut across reads until its end, and passes CRLF endings as they are', async () => {
    const whole = chunk('café').replace(/\n/g, '\r\n');
    const cut = encoder.encode(whole.slice(0, whole.indexOf('caf') + 4)).length - 1; // inside "é"
    const cr = whole.indexOf('\r');
    const bytes = encoder.encode(`${whole}data: [DONE]\r`);
    const crAt = encoder.encode(whole.slice(0, cr)).length;
    const pieces = [bytes.slice(0, cut), bytes.slice(cut, crAt + 1), bytes.slice(crAt + 1)];
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = pieces.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    const out = await reads(endAtBrokenChunk(source, errors));
    // Nothing of the first line before its end; then the line, then the rest as it came.
    expect(out).toEqual([whole.slice(0, cr + 1), `${whole.slice(cr + 1)}data: [DONE]\r`]);
  });

  it('replaces a chunk whose JSON is cut off with our stream_interrupted event and ends there', async () => {
    const parts = [
      chunk('Hel'),
      chunk('lo'),
      'data: {"id":"chatcmpl-x","choices":[{"delta":{"content":"oops\n\n',
      chunk('never'),
    ];
    const out = (await reads(endAtBrokenChunk(streamOf(parts), errors))).join('');
    expect(out).toBe(`${chunk('Hel')}${chunk('lo')}\n\n${interrupted}\n\n`);
  });

  it('catches a broken last line that has no line ending', async () => {
    const out = (
      await reads(endAtBrokenChunk(streamOf([chunk('Hel'), 'data: {"id":"chatcmpl-x","cho']), errors))
    ).join('');
    expect(out).toBe(`${chunk('Hel')}\n\n${interrupted}\n\n`);
  });

  it('lets a data line that is not JSON by design pass (the guard has redacted it already)', async () => {
    const parts = ['data: keep-alive\n\n', chunk('Hi'), 'data: [DONE]\n\n'];
    expect((await reads(endAtBrokenChunk(streamOf(parts), errors))).join('')).toBe(parts.join(''));
  });

  it('cancels the source when the browser leaves', async () => {
    let cancelled: unknown = null;
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(chunk('Hi')));
      },
      cancel(reason) {
        cancelled = reason;
      },
    });
    const reader = endAtBrokenChunk(source, errors).getReader();
    await reader.read();
    await reader.cancel('gone');
    expect(cancelled).toBe('gone');
  });
});
