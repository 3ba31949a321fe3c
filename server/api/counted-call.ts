import type { AiQuota, QuotaCall } from './ai-quota.ts';
import { readingAhead } from './read-ahead.ts';

/**
 * A paid provider call, started while its request is counted (docs/decisions/025): the provider's
 * answer is handed on only once the budget allowed the request, so no byte of a refused request
 * reaches the browser, and the round trip to the quota is hidden behind the provider's own time
 * to first byte. A refusal aborts the provider request. A caller this process already saw refused
 * (until its Retry-After) is counted first and never reaches the provider, so a spent budget
 * costs at most one aborted provider request per window and process. The answer's body is read
 * ahead from the moment it arrives (read-ahead.ts), so a cut connection loses no byte. `signal`: the browser's
 * request, which aborts the provider request when the browser leaves.
 */
export async function countedCall(
  quota: AiQuota,
  call: QuotaCall,
  signal: AbortSignal,
  start: (signal: AbortSignal) => Promise<Response>,
): Promise<Response> {
  if (quota.mayRefuse(call)) {
    await quota.take(call);
    return readingAhead(await start(signal));
  }
  const refused = new AbortController();
  // The count goes out first: the database works on it while this thread sets up the provider request.
  const counted = quota.take(call);
  counted.catch(() => {});
  const provider = start(AbortSignal.any([signal, refused.signal])).then(readingAhead);
  // Settled below either way: its rejection is never left unhandled.
  provider.catch(() => {});
  try {
    await counted;
  } catch (error) {
    refused.abort();
    void provider.then((response) => response.body?.cancel()).catch(() => {});
    throw error;
  }
  return provider;
}
