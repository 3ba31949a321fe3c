import { LinkedInError } from './linkedin-client.ts';

/** Why a first comment is not under the post, in the author's words (posts.first_comment_error). */
export interface FirstCommentFailure {
  message: string;
  /** LinkedIn refused the token: the connection is marked for reconnecting. */
  revokeConnection: boolean;
}

/** When LinkedIn may have the comment: the request left and no answer said whether it was taken. */
export const unconfirmedCommentMessage =
  'LinkedIn did not confirm the first comment, so it may already be under your post. ' +
  'Check LinkedIn before you retry.';

/**
 * Sorts a failed comment. Unlike a post it is never tried again by itself (the post is out; the
 * author decides), so every failure settles: a refused sign-in asks to reconnect, a retired API
 * version names the setting, a refusal quotes LinkedIn, and a 5xx, a timeout or an unreachable
 * LinkedIn is an unknown outcome, since the comment may have been created before the answer was lost.
 */
export function classifyCommentFailure(error: unknown, apiVersion: string): FirstCommentFailure {
  const status = error instanceof LinkedInError ? error.status : null;
  const detail = error instanceof Error ? error.message : String(error);
  const settled = (message: string, revokeConnection = false) => ({ message, revokeConnection });

  if (status === 401) {
    return settled(
      'LinkedIn no longer accepts the sign-in this app had (it expired or was revoked). ' +
        'Reconnect LinkedIn in Settings, then retry the comment.',
      true,
    );
  }
  if (status === 403) {
    return settled(
      'LinkedIn did not let this app comment for you. Reconnect LinkedIn in Settings and allow sharing, then retry the comment.',
      true,
    );
  }
  if (status === 426) {
    return settled(
      `LinkedIn no longer accepts the API version this server uses (${apiVersion}). ` +
        'The server owner needs to set LINKEDIN_API_VERSION to a current version; then retry the comment.',
    );
  }
  if (status === 429) {
    return settled('LinkedIn asked us to slow down (too many requests). Retry the comment in a few minutes.');
  }
  if (status !== null && status >= 400 && status < 500) {
    return settled(`LinkedIn refused the comment: ${detail}`);
  }
  return settled(unconfirmedCommentMessage);
}
