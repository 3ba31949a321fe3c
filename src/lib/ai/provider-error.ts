import { AiRequestError } from './ai-error';

const maxBodyInMessage = 500;

/**
 * The error for a non-OK answer from a provider route of our /api (spec §8: "<provider> API error:
 * {status} {body}"). Our /api's own refusals (no key on the server, our rate limit, a bad request)
 * carry a string `code` and a message meant for people, which is shown instead; providers' error
 * codes are numbers. An expired session reads as such.
 */
export async function providerError(response: Response, label: string): Promise<AiRequestError> {
  const text = await response.text().catch(() => '');
  const own = ownApiError(text);
  if (own?.code === 'invalid_token' && response.status === 401) {
    return new AiRequestError('Session expired. Please sign in again.', 401);
  }
  if (own) return new AiRequestError(own.message, response.status);
  const body = text.trim().slice(0, maxBodyInMessage);
  return new AiRequestError(`${label} API error: ${response.status} ${body}`.trim(), response.status);
}

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
