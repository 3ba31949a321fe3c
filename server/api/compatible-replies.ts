import type { ProviderErrorOptions } from './provider-error-response.ts';
import { errorMessageIn } from './provider-error-response.ts';
import { sanitiseProviderMessage } from './redact-secrets.ts';

/**
 * The request again without what an OpenAI-compatible server said it does not take, or null when
 * its 400 is about something else. OpenAI's reasoning models refuse `max_tokens` ("use
 * max_completion_tokens instead") and any temperature but the default; other servers refuse `seed`,
 * `top_p` or `stop` by name.
 */
export function adaptedBody(
  sent: Record<string, unknown>,
  errorText: string,
): Record<string, unknown> | null {
  let message: string | null;
  try {
    message = errorMessageIn(JSON.parse(errorText));
  } catch {
    return null;
  }
  if (!message) return null;
  const { max_tokens: maxTokens, ...rest } = sent;
  if (/max_completion_tokens/.test(message) && maxTokens !== undefined) {
    return { ...rest, max_completion_tokens: maxTokens };
  }
  for (const field of ['temperature', 'top_p', 'seed', 'stop']) {
    if (field in sent && new RegExp(`['"\`]?${field}['"\`]?`).test(message) && /support/i.test(message)) {
      const { [field]: _dropped, ...without } = sent;
      return without;
    }
  }
  return null;
}

const encoder = new TextEncoder();

/**
 * A whole `chat.completion` sent as the stream the browser asked for: one chunk with the reply's
 * text, a last chunk with its finish reason, then [DONE]. A body that is not a completion ends
 * the stream with our error event, as a stream cut short would; so does a completion cut short
 * (`null`).
 */
export function completionAsEventStream(
  text: string | null,
  model: string,
  errors: ProviderErrorOptions,
): ReadableStream<Uint8Array> {
  const events = completionEvents(text, model, errors);
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(events.map((event) => `data: ${event}\n\n`).join('')));
      controller.close();
    },
  });
}

function completionEvents(text: string | null, model: string, errors: ProviderErrorOptions): string[] {
  if (text === null) {
    const { label } = errors;
    const message = `${label} API error: The connection to ${label} was cut before the post was finished.`;
    return [JSON.stringify({ error: { message, type: 'api_error', code: 'stream_interrupted' } })];
  }
  let completion: unknown;
  try {
    completion = JSON.parse(text);
  } catch {
    completion = null;
  }
  const choice = (completion as { choices?: { message?: { content?: unknown }; finish_reason?: unknown }[] })
    ?.choices?.[0];
  const content = choice?.message?.content;
  if (typeof content !== 'string') {
    const said = errorMessageIn(completion);
    const detail = said ? ` (${sanitiseProviderMessage(said, errors.secrets)})` : '';
    return [
      JSON.stringify({
        error: {
          message: `${errors.label} answered without a reply${detail}.`,
          type: 'api_error',
          code: 'stream_interrupted',
        },
      }),
    ];
  }
  const { id, created } = completion as { id?: unknown; created?: unknown };
  const head = {
    id: typeof id === 'string' ? id : 'chatcmpl-unstreamed',
    object: 'chat.completion.chunk',
    created: typeof created === 'number' ? created : Math.floor(Date.now() / 1000),
    model,
  };
  const finish = typeof choice?.finish_reason === 'string' ? choice.finish_reason : 'stop';
  return [
    JSON.stringify({
      ...head,
      choices: [{ index: 0, delta: { role: 'assistant', content }, finish_reason: null }],
    }),
    JSON.stringify({ ...head, choices: [{ index: 0, delta: {}, finish_reason: finish }] }),
    '[DONE]',
  ];
}
