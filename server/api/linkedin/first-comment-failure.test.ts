import { describe, expect, it } from 'vitest';
import { classifyCommentFailure, unconfirmedCommentMessage } from './first-comment-failure.ts';
import { LinkedInError } from './linkedin-client.ts';

const classify = (error: unknown) => classifyCommentFailure(error, '202607');

describe('classifyCommentFailure', () => {
  it('asks to reconnect (and marks the connection) when LinkedIn refuses the token or the permission', () => {
    expect(classify(new LinkedInError(401, 'Invalid access token'))).toEqual({
      message:
        'LinkedIn no longer accepts the sign-in this app had (it expired or was revoked). Reconnect LinkedIn in Settings, then retry the comment.',
      revokeConnection: true,
    });
    expect(classify(new LinkedInError(403, 'Not enough permissions'))).toMatchObject({
      message: expect.stringContaining('Reconnect LinkedIn in Settings'),
      revokeConnection: true,
    });
  });

  it('names the setting for a retired API version, and quotes any other refusal', () => {
    expect(classify(new LinkedInError(426, 'Requested version 20260701 is not active')).message).toBe(
      'LinkedIn no longer accepts the API version this server uses (202607). The server owner needs to set LINKEDIN_API_VERSION to a current version; then retry the comment.',
    );
    expect(classify(new LinkedInError(422, 'ERROR :: /message/text :: too long'))).toEqual({
      message: 'LinkedIn refused the comment: ERROR :: /message/text :: too long',
      revokeConnection: false,
    });
    expect(classify(new LinkedInError(429, 'throttled')).message).toBe(
      'LinkedIn asked us to slow down (too many requests). Retry the comment in a few minutes.',
    );
  });

  it('says the comment may already be there when the request left and no answer came back', () => {
    for (const error of [
      new LinkedInError(500, 'Internal Server Error'),
      new LinkedInError(504, 'Gateway Timeout'),
      new LinkedInError(null, 'The operation was aborted due to timeout'),
      new Error('socket hang up'),
    ]) {
      expect(classify(error)).toEqual({ message: unconfirmedCommentMessage, revokeConnection: false });
    }
    expect(unconfirmedCommentMessage).toBe(
      'LinkedIn did not confirm the first comment, so it may already be under your post. Check LinkedIn before you retry.',
    );
  });

  it('quotes LinkedIn for exactly the 4xx answers; a 3xx that fetch did not follow leaves the outcome unknown', () => {
    for (const status of [400, 499]) {
      expect(classify(new LinkedInError(status, 'Bad request'))).toEqual({
        message: 'LinkedIn refused the comment: Bad request',
        revokeConnection: false,
      });
    }
    expect(classify(new LinkedInError(308, 'Permanent Redirect'))).toEqual({
      message: unconfirmedCommentMessage,
      revokeConnection: false,
    });
  });
});
