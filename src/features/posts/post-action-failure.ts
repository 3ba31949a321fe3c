import { messages } from '@/config/messages';
import { storeErrorMessage } from '@/lib/errors/store-error-message';

/** The reasons the backend mapping gives that a user can act on, shown after what failed. */
const reasonsInWords = new Set<string>([
  messages.session_expired,
  messages.auth_required,
  messages.permission_denied,
  messages.connection_interrupted,
  messages.value_rejected,
  messages.value_missing,
]);

/** SQLSTATE object_in_use: raised by our own trigger with a sentence written for people. */
const postBeingPublished = '55006';

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * The error a failed change of one post rejects with (docs/product.md §7.2): what did not happen,
 * then why when the app can say it in the user's words ("Session expired. Please sign in again.",
 * "Post not found", the database's "This post is being published…"), else what to do. A database
 * message the mapping has no words for ("patch down"), and a lost connection, end with "Check your
 * connection and try again." The original error is kept as the cause, for the console.
 */
export function postActionFailure(what: string, error: unknown): Error {
  const message = storeErrorMessage(error);
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  let reason: string | null = null;
  if (message === messages.post_not_found || message === messages.not_found) reason = messages.post_not_found;
  else if (reasonsInWords.has(message) || cause?.code === postBeingPublished) reason = message;
  // The app's own errors (no backend cause) are written for people: "No authenticated user".
  else if (error instanceof Error && error.cause === undefined && !('code' in error)) reason = message;
  return new Error(`${what} ${sentence(reason ?? messages.check_connection_and_retry)}`, { cause: error });
}
