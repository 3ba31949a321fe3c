import { sanitiseProviderMessage } from './redact-secrets.ts';
import { createSseEventParser, type SseEvent } from './sse-event-parser.ts';

export const providerDisconnectMessage =
  'The AI provider closed the connection before finishing. Please try again.';
const providerErrorMessage = 'The AI provider reported an error. Please try again.';

type Outcome = { content: string } | { error: string } | { stop: true } | null;

/**
 * Turns Anthropic's Messages stream (`event:` + `data:` JSON, docs/wire-formats.md §7) into the product's own
 * stream (docs/wire-formats.md §6.4): `data: {"content":…}` per text delta, `data: {"error":…}` on failure, and
 * always `data: [DONE]` last. A stream that ends before `message_stop` was cut off, which the
 * browser is told as an error instead of showing half a post as if it were complete.
 * The message of an error event reaches the user, so it is sanitised first (`secrets`: the server's
 * keys, hidden by value; anything key-shaped is hidden too).
 * Pull-based, so a slow reader slows the upstream read; cancelling the result cancels the upstream.
 */
export function translateAnthropicStream(
  source: ReadableStream<Uint8Array> | null,
  secrets: readonly string[] = [],
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const parser = createSseEventParser();
  const reader = source?.getReader() ?? null;
  let finished = false;

  const dataLine = (payload: unknown) => encoder.encode(`data: ${JSON.stringify(payload)}\n\n`);

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const finish = (error?: string) => {
        finished = true;
        if (error !== undefined) controller.enqueue(dataLine({ error }));
        controller.enqueue(encoder.encode('data: [DONE]\n\n'));
        controller.close();
        void reader?.cancel().catch(() => {});
      };
      /** Applies parsed events; true when something was sent or the stream is over. */
      const apply = (events: SseEvent[]) => {
        let sent = false;
        for (const event of events) {
          const outcome = interpret(event, secrets);
          if (!outcome) continue;
          if ('content' in outcome) {
            controller.enqueue(dataLine({ content: outcome.content }));
            sent = true;
          } else {
            finish('error' in outcome ? outcome.error : undefined);
            return true;
          }
        }
        return sent;
      };

      if (!reader) return finish(providerDisconnectMessage);
      while (!finished) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch {
          return finish(providerDisconnectMessage);
        }
        if (chunk.done) {
          apply([...parser.push(decoder.decode()), ...parser.end()]);
          if (!finished) finish(providerDisconnectMessage);
          return;
        }
        if (apply(parser.push(decoder.decode(chunk.value, { stream: true })))) return;
      }
    },
    cancel(reason) {
      finished = true;
      void reader?.cancel(reason).catch(() => {});
    },
  });
}

function interpret(event: SseEvent, secrets: readonly string[]): Outcome {
  let data: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(event.data);
    if (typeof parsed !== 'object' || parsed === null) return null;
    data = parsed as Record<string, unknown>;
  } catch {
    return event.event === 'error' ? { error: providerErrorMessage } : null;
  }
  const type = event.event !== 'message' ? event.event : data.type;
  switch (type) {
    case 'content_block_delta': {
      const delta = data.delta as { type?: unknown; text?: unknown } | undefined;
      if (delta?.type === 'text_delta' && typeof delta.text === 'string' && delta.text !== '')
        return { content: delta.text };
      return null;
    }
    case 'error': {
      const message = (data.error as { message?: unknown } | undefined)?.message;
      const sanitised = typeof message === 'string' ? sanitiseProviderMessage(message, secrets) : '';
      return { error: sanitised !== '' ? sanitised : providerErrorMessage };
    }
    case 'message_stop':
      return { stop: true };
    default:
      // message_start, content_block_start/stop, message_delta, ping, thinking deltas and future events.
      return null;
  }
}
