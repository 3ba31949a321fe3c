import { LinkedInError } from './linkedin-client.ts';

/** What the author can do about a post that did not go out (posts.publish_error_kind). */
export type PublishFailureKind =
  'retrying' | 'reconnect' | 'rejected' | 'version' | 'unavailable' | 'unconfirmed';

export interface PublishFailure {
  kind: PublishFailureKind;
  /** In the author's words, shown next to the post. */
  message: string;
  /** When to try again; null settles the post (failed, or scheduled until LinkedIn is reconnected). */
  retryAt: Date | null;
  /** LinkedIn refused the token: the connection is marked for reconnecting. */
  revokeConnection: boolean;
}

export interface RetryPolicy {
  /** Publishing attempts in all, the first included. */
  maxAttempts: number;
  /** Seconds to wait after the 1st, 2nd, … failed attempt (LinkedIn's Retry-After wins when longer). */
  delaysSeconds: readonly number[];
}

export const defaultRetryPolicy: RetryPolicy = { maxAttempts: 3, delaysSeconds: [60, 300] };

/** The longest post LinkedIn takes, in characters. */
export const linkedinMaxCharacters = 3000;

export const tooLongMessage = (length: number) =>
  `This post has ${length.toLocaleString('en-US')} characters; LinkedIn takes at most ` +
  `${linkedinMaxCharacters.toLocaleString('en-US')}. Shorten it, then publish again.`;

/** When LinkedIn may have the post: the request left and no answer said whether it was taken. */
export const unconfirmedMessage =
  'We sent this post to LinkedIn but did not hear back, so it may already be on your profile. ' +
  'Check LinkedIn before you try again.';

export const reconnectMessage =
  'LinkedIn no longer accepts the sign-in this app had (it expired or was revoked). ' +
  'Reconnect LinkedIn in Settings; the post stays scheduled.';

/**
 * Sorts a failed attempt: a passing fault (LinkedIn busy, down or unreachable) is tried again with
 * backoff until `maxAttempts`; a refused sign-in waits for a reconnect; a retired API version and
 * a refused post need someone to act, so they fail at once. Once the post request has left
 * (`postRequested`), a failure that does not say LinkedIn refused the post (a 5xx, a timeout, a
 * connection lost after sending) may hide a created post: it is never retried by itself but
 * settled as 'unconfirmed' for the author to check (docs/decisions/018). A 429, 401 or 403 on the
 * post request says LinkedIn did not take it, so those are retried or wait for a reconnect as before.
 */
export function classifyPublishFailure(
  error: unknown,
  attempt: number,
  context: { apiVersion: string; now: Date; policy: RetryPolicy; postRequested: boolean },
): PublishFailure {
  const settled = (kind: PublishFailureKind, message: string, revokeConnection = false): PublishFailure => ({
    kind,
    message,
    retryAt: null,
    revokeConnection,
  });
  const status = error instanceof LinkedInError ? error.status : null;
  const detail = error instanceof Error ? error.message : String(error);

  if (status === 401) return settled('reconnect', reconnectMessage, true);
  if (status === 403) {
    return settled(
      'reconnect',
      'LinkedIn did not let this app post for you. Reconnect LinkedIn in Settings and allow sharing.',
      true,
    );
  }
  if (status === 426) {
    return settled(
      'version',
      `LinkedIn no longer accepts the API version this server uses (${context.apiVersion}). ` +
        'The server owner needs to set LINKEDIN_API_VERSION to a current version; then publish again.',
    );
  }
  if (status !== null && status !== 429 && status >= 400 && status < 500) {
    return settled('rejected', `LinkedIn refused the post: ${detail}`);
  }

  if (context.postRequested && outcomeUnknown(error)) return settled('unconfirmed', unconfirmedMessage);

  const reason =
    status === 429
      ? 'LinkedIn asked us to slow down (too many requests)'
      : status === null
        ? 'LinkedIn could not be reached'
        : `LinkedIn had a problem (it answered ${status})`;
  if (attempt >= context.policy.maxAttempts) {
    return settled(
      'unavailable',
      `${reason}, and ${attempt} tries did not get the post through. Publish again when LinkedIn is back.`,
    );
  }
  const delays = context.policy.delaysSeconds;
  const delay = delays[Math.min(attempt - 1, delays.length - 1)] ?? 60;
  const retryAfter = error instanceof LinkedInError ? (error.retryAfterSeconds ?? 0) : 0;
  return {
    kind: 'retrying',
    message: `${reason}. Trying again shortly (attempt ${attempt + 1} of ${context.policy.maxAttempts}).`,
    retryAt: new Date(context.now.getTime() + Math.max(delay, retryAfter) * 1000),
    revokeConnection: false,
  };
}

/**
 * Whether a failed request may still have done its work: LinkedIn answered 5xx (or 2xx without
 * the post's URN, thrown as 502), or no answer came after the request may have left. Anything
 * that is not LinkedIn's own answer is treated as unknown too.
 */
function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof LinkedInError)) return true;
  if (error.status === null) return error.sent;
  return error.status >= 500;
}
