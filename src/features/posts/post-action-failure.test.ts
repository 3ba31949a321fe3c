import { describe, expect, it } from 'vitest';
import { userFacingError } from '@/lib/errors/store-error-message';
import { postActionFailure } from './post-action-failure';

// What a failed change of one post says: what did not happen, then why in the user's words, or what
// to do. The errors are shaped as the data layer throws them (userFacingError around the backend's).
const what = "Couldn't change the post's status.";
const backend = (fields: { code?: string; message: string; status?: number }) => userFacingError(fields);

describe('postActionFailure', () => {
  it('never passes on a database message it has no words for', () => {
    const error = postActionFailure(what, backend({ code: 'XX000', message: 'patch down' }));
    expect(error.message).toBe("Couldn't change the post's status. Check your connection and try again.");
  });

  it('says to check the connection when the server cannot be reached', () => {
    const error = postActionFailure(what, backend({ code: '', message: 'TypeError: Failed to fetch' }));
    expect(error.message).toBe("Couldn't change the post's status. Check your connection and try again.");
  });

  it('says why when the reason is in the user’s words', () => {
    expect(postActionFailure(what, backend({ message: 'JWT expired' })).message).toBe(
      "Couldn't change the post's status. Session expired. Please sign in again.",
    );
    expect(postActionFailure(what, backend({ code: '42501', message: 'denied' })).message).toBe(
      "Couldn't change the post's status. You do not have permission to perform this action.",
    );
  });

  it('passes on the sentence the database writes for a post being published', () => {
    const busy = 'This post is being published to LinkedIn right now. Try again in a minute.';
    expect(postActionFailure(what, backend({ code: '55006', message: busy })).message).toBe(
      `Couldn't change the post's status. ${busy}`,
    );
  });

  it('says "Post not found" for a post that is gone, whoever noticed', () => {
    expect(postActionFailure(what, backend({ code: 'PGRST116', message: '0 rows' })).message).toBe(
      "Couldn't change the post's status. Post not found.",
    );
    expect(postActionFailure(what, new Error('Post not found')).message).toBe(
      "Couldn't change the post's status. Post not found.",
    );
  });

  it('keeps the app’s own messages and the original error as the cause', () => {
    const signedOut = new Error('No authenticated user');
    const error = postActionFailure("Couldn't delete the post.", signedOut);
    expect(error.message).toBe("Couldn't delete the post. No authenticated user.");
    expect(error.cause).toBe(signedOut);
  });
});
