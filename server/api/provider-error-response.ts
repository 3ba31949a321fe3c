import { isTransientProviderFailure, shouldRetryHeader } from '../../shared/ai-retry-policy.ts';
import { errorResponse } from './api-error.ts';
import { statusTextOf } from './http-status-text.ts';
import { sanitiseProviderMessage } from './redact-secrets.ts';

// An error body worth reading is small; anything beyond this is not read at all.
const maxErrorBodyBytes = 16 * 1024;

export interface ProviderErrorOptions {
  /** "Groq", "Perplexity"…: the start of the message the browser shows. */
  label: string;
  /** The server's provider keys, hidden by value wherever they appear. */
  secrets: readonly string[];
  /** The status the browser gets; the provider's by default. */
  status?: number;
  /** Add the provider's own error message (sanitised) after the status. Default true. */
  detail?: boolean;
}

/**
 * A provider's non-OK answer as the browser may see it, never its body as it came (a provider can
 * echo the key it was sent): `{"error":{"message","type","code"}}`, the shape groq-sdk and our
 * fetch clients read, with "<Provider> API error: {status} {statusText}" and, when the provider
 * gave one, its own short message, redacted. Retry-After survives on 429, as does the request id.
 * `x-should-retry` says whether the browser may try again (only a transient failure: 408, 409, 5xx,
 * a 429 with a short Retry-After).
 */
export async function providerErrorResponse(
  upstream: Response,
  options: ProviderErrorOptions,
): Promise<Response> {
  let detail: string | null = null;
  if (options.detail === false) {
    // Not awaited: only the status matters, and some bodies settle their cancel late.
    void upstream.body?.cancel().catch(() => {});
  } else {
    detail = await readProviderMessage(upstream, options.secrets);
  }
  const statusText = statusTextOf(upstream);
  const summary = `${options.label} API error: ${upstream.status} ${statusText}`.trim();
  // "503 Service Unavailable (Service Unavailable)" says nothing more.
  const message = detail && detail !== statusText ? `${summary} (${detail})` : summary;

  // Whether the browser may try again is decided here, on the provider's own status and pause
  // (shared/ai-retry-policy.ts), since the status the browser gets may be ours (502 for a 529).
  const transient = isTransientProviderFailure(upstream.status, upstream.headers);
  const headers: Record<string, string> = {
    'cache-control': 'no-store',
    [shouldRetryHeader]: String(transient),
  };
  // The pause it asks for: shown on a 429 ("Try again in …"), waited for before a retry.
  if (upstream.status === 429 || transient) {
    for (const name of ['retry-after', 'retry-after-ms']) {
      const value = upstream.headers.get(name);
      if (value) headers[name] = value;
    }
  }
  const requestId = upstream.headers.get('x-request-id');
  if (requestId) headers['x-request-id'] = requestId;

  return errorResponse(
    options.status ?? upstream.status,
    {
      message,
      type: upstream.status === 429 ? 'rate_limit' : 'api_error',
      // Our own code, not the provider's: the browser reads some codes (invalid_token) as ours.
      code: 'provider_error',
    },
    headers,
  );
}

/** The provider's own error message (`error.message`, `error` or `message` in a JSON body), sanitised. */
async function readProviderMessage(upstream: Response, secrets: readonly string[]): Promise<string | null> {
  const text = await readCapped(upstream.body, maxErrorBodyBytes);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (an HTML error page, a proxy's text): nothing in it is worth showing.
    return null;
  }
  const message = errorMessageIn(body);
  if (message === null) return null;
  const sanitised = sanitiseProviderMessage(message, secrets);
  return sanitised === '' ? null : sanitised;
}

export function errorMessageIn(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const { error, message } = body as { error?: unknown; message?: unknown };
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null) {
    const inner = (error as { message?: unknown }).message;
    if (typeof inner === 'string') return inner;
  }
  return typeof message === 'string' ? message : null;
}

/** The body's text up to `maxBytes` (a longer body is cut, which makes it invalid JSON: ignored). */
async function readCapped(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<string> {
  if (!body) return '';
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        void reader.cancel().catch(() => {});
        return '';
      }
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // The provider cut the connection mid-body: the status is still worth reporting.
    return '';
  }
  return text + decoder.decode();
}
