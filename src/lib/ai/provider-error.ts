import { AiRequestError } from './ai-error';
import { providerFailureMessage, providerStatusIn } from './provider-failure-message';
import { messages } from '@/config/messages';
import { endSessionHere } from '@/lib/supabase/client';

/** What the user reads when the provider cut a post short: the words so far stay, as an unfinished post. */
export const streamInterruptedMessage =
  'The connection to the AI service was interrupted before the post was finished.';

/**
 * The error for a non-OK answer from a provider route of our /api. Our /api's own refusals (no key
 * on the server, our rate limit, a bad request) carry a string `code` and a message meant for
 * people, which is shown as it is; an ended session reads as such, and is ended in this browser too. A provider's failure (code
 * `provider_error`, or a body that is not ours at all) reads "<Provider> API error: {status}
 * {statusText}. <what to do>"; the body itself (already stripped of keys by /api) goes to the
 * console only, as a warning (reporting the failure is the caller's job).
 */
export async function providerError(response: Response, label: string): Promise<AiRequestError> {
  const text = await response.text().catch(() => '');
  const own = ownApiError(text);
  if (own?.code === 'invalid_token' && response.status === 401) {
    // The app refreshes tokens before they expire, so this sign-in was ended elsewhere.
    void endSessionHere();
    return new AiRequestError(messages.session_expired, 401);
  }
  if (own && own.code !== providerErrorCode) return new AiRequestError(own.message, response.status);
  console.warn(`${label} API error ${response.status}:`, text);
  const status = providerStatusIn(own?.message ?? null, label, response.status);
  return new AiRequestError(
    providerFailureMessage(label, status, response.headers.get('retry-after')),
    response.status,
  );
}

/** The code our /api gives a provider's own failure (server/api/provider-error-response.ts). */
export const providerErrorCode = 'provider_error';

function ownApiError(text: string): { message: string; code: string } | null {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown; code?: unknown } };
    const { message, code } = body.error ?? {};
    return typeof message === 'string' && typeof code === 'string' ? { message, code } : null;
  } catch {
    return null;
  }
}

/** A fetch to our /api that never got an answer: the user's abort, or the network. */
export function unreachableError(signal: AbortSignal | undefined, what: string): AiRequestError {
  if (signal?.aborted) return new AiRequestError(`${what} was stopped.`);
  return new AiRequestError(
    'The connection to the AI service was interrupted. Please check your connection and try again.',
  );
}
