import { shouldRetryHeader } from '../../shared/ai-retry-policy.ts';
import { ApiError } from './api-error.ts';

/**
 * Calls a provider; 502 "Could not reach {label}" when there is no HTTP answer at all (DNS, refused,
 * reset, TLS), including a network-error Response (status 0) that some fetch stand-ins resolve with.
 * An abort because the browser left is rethrown as it is: nobody is waiting for an answer.
 */
export async function fetchProvider(
  fetchImpl: typeof fetch,
  label: string,
  url: string,
  init: RequestInit,
): Promise<Response> {
  let response: Response;
  try {
    response = await fetchImpl(url, init);
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw unreachable(label);
  }
  if (response.type === 'error' || response.status === 0) throw unreachable(label);
  return response;
}

// No answer from the provider at all (nothing was generated, so nothing was paid for): the
// browser may try again, as it does when it cannot reach /api itself.
function unreachable(label: string): ApiError {
  return new ApiError(
    502,
    `Could not reach ${label}. Please try again.`,
    'api_error',
    'provider_unreachable',
    { [shouldRetryHeader]: 'true' },
  );
}
