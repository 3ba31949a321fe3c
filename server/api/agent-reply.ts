import { passedHeadersOf } from './pass-through.ts';
import { errorMessageIn } from './provider-error-response.ts';
import { sanitiseProviderMessage } from './redact-secrets.ts';

/**
 * A successful Agent API answer for the browser. Perplexity reports some failures as HTTP 200 with
 * `status: "failed"` and an `error` object whose message the browser shows as it is (docs/wire-formats.md §7),
 * so that object is rebuilt from its sanitised message and type; any other answer is passed on
 * byte for byte. The JSON is small and the browser reads it whole, so reading it first costs nothing.
 */
export async function agentReply(upstream: Response, secrets: readonly string[]): Promise<Response> {
  const text = await upstream.text();
  return new Response(withSanitisedError(text, secrets) ?? text, {
    status: upstream.status,
    statusText: upstream.statusText,
    headers: passedHeadersOf(upstream),
  });
}

/** The reply with its `error` rebuilt, or null when it has no error to sanitise. */
function withSanitisedError(text: string, secrets: readonly string[]): string | null {
  let reply: unknown;
  try {
    reply = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof reply !== 'object' || reply === null || Array.isArray(reply)) return null;
  const { error } = reply as { error?: unknown };
  if (error === null || error === undefined) return null;
  const message = errorMessageIn({ error });
  const type = (error as { type?: unknown }).type;
  return JSON.stringify({
    ...reply,
    error: {
      ...(message !== null ? { message: sanitiseProviderMessage(message, secrets) } : {}),
      ...(typeof type === 'string' ? { type: sanitiseProviderMessage(type, secrets) } : {}),
    },
  });
}
