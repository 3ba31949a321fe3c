import { HttpResponse } from 'msw';

/**
 * An OpenAI-style event stream as a provider route sends it, for MSW: each string part is sent
 * when its turn comes, each promise is waited for (a model loading or thinking), then `[DONE]`.
 * The browser giving up (`signal`) errors the stream, as a closed connection would.
 */
export function eventStreamReply(parts: readonly (string | Promise<void>)[], signal: AbortSignal): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      signal.addEventListener('abort', () => controller.error(signal.reason));
      for (const part of parts) {
        if (typeof part === 'string') controller.enqueue(encoder.encode(part));
        else await part;
      }
      controller.enqueue(encoder.encode('data: [DONE]\n\n'));
      controller.close();
    },
  });
  return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
}

/** One `chat.completion.chunk` event carrying `delta`, as an OpenAI-compatible server streams it. */
export const completionChunk = (delta: Record<string, unknown>, model = 'llama3.2:3b'): string =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 0,
    model,
    choices: [{ index: 0, delta, finish_reason: null }],
  })}\n\n`;

/** A promise a test resolves when it chooses (`open`): a model's head or next word held back. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/** Our /api's answer to a provider's 500 (code provider_error), sent once `held` resolves. */
export async function heldProviderFailure(held: Promise<void>, label = 'Ollama'): Promise<Response> {
  await held;
  return Response.json(
    {
      error: {
        message: `${label} API error: 500 Internal Server Error`,
        type: 'api_error',
        code: 'provider_error',
      },
    },
    { status: 502 },
  );
}
