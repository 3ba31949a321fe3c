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
