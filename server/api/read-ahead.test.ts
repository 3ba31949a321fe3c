import { describe, expect, it } from 'vitest';
import { readAheadBytes, readingAhead } from './read-ahead.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A body that hands out `pieces` when pulled, then fails as a cut connection does. */
function cutAfter(pieces: string[]) {
  let pulls = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        pulls += 1;
        const piece = pieces.shift();
        if (piece === undefined) controller.error(new TypeError('terminated'));
        else controller.enqueue(encoder.encode(piece));
      },
    },
    { highWaterMark: 0 },
  );
  return { body, pulls: () => pulls };
}

async function readUntilFailure(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  let text = '';
  for (;;) {
    try {
      const { done, value } = await reader.read();
      if (done) return { text, failure: null };
      text += decoder.decode(value);
    } catch (error) {
      return { text, failure: error };
    }
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('readingAhead', () => {
  it('passes on every byte that arrived before the connection was cut, then the failure', async () => {
    const source = cutAfter(['data: one\n\n', 'data: two\n\n']);
    const response = readingAhead(new Response(source.body, { status: 200, headers: { 'x-a': '1' } }));
    // Nobody reads yet (the request is still being counted): the body is read all the same.
    await settle();
    expect(source.pulls()).toBe(3);
    expect(response.headers.get('x-a')).toBe('1');
    const { text, failure } = await readUntilFailure(response.body!);
    expect(text).toBe('data: one\n\ndata: two\n\n');
    expect(failure).toBeInstanceOf(TypeError);
  });

  it('reads ahead no more than its limit while nobody reads', async () => {
    let pulls = 0;
    const piece = new Uint8Array(8 * 1024);
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulls += 1;
          controller.enqueue(piece);
        },
      },
      { highWaterMark: 0 },
    );
    const response = readingAhead(new Response(body));
    await settle();
    expect(pulls).toBe(readAheadBytes / piece.byteLength);
    const reader = response.body!.getReader();
    await reader.read();
    await settle();
    expect(pulls).toBe(readAheadBytes / piece.byteLength + 1);
    await reader.cancel();
  });

  it('ends when the body ends, and cancelling it cancels the body', async () => {
    const done = readingAhead(new Response('whole answer', { status: 201, statusText: 'Created' }));
    expect(done.status).toBe(201);
    expect(done.statusText).toBe('Created');
    expect(await done.text()).toBe('whole answer');

    let cancelled: unknown = null;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(encoder.encode('x'));
      },
      cancel(reason) {
        cancelled = reason;
      },
    });
    await readingAhead(new Response(body)).body!.cancel('browser left');
    expect(cancelled).toBe('browser left');
  });

  it('passes an answer without a body as it is', () => {
    const empty = new Response(null, { status: 204 });
    expect(readingAhead(empty)).toBe(empty);
  });
});
