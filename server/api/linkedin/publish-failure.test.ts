import { describe, expect, it } from 'vitest';
import { LinkedInError } from './linkedin-client.ts';
import { classifyPublishFailure, defaultRetryPolicy, unconfirmedMessage } from './publish-failure.ts';

const now = new Date('2026-11-28T09:00:00Z');
const classify = (error: unknown, postRequested: boolean, attempt = 1) =>
  classifyPublishFailure(error, attempt, {
    apiVersion: '202607',
    now,
    policy: defaultRetryPolicy,
    postRequested,
  });

const timeout = new LinkedInError(null, 'The operation was aborted due to timeout');
const refused = new LinkedInError(null, 'fetch failed', null, false);

describe('classifyPublishFailure', () => {
  it('settles every unknown outcome of the post request as unconfirmed, never to retry', () => {
    for (const error of [
      new LinkedInError(500, 'Internal Server Error'),
      new LinkedInError(502, 'LinkedIn accepted the post but did not say where it is.'),
      new LinkedInError(503, 'Service Unavailable'),
      timeout,
      new TypeError('something broke mid-request'),
    ]) {
      expect(classify(error, true)).toEqual({
        kind: 'unconfirmed',
        message: unconfirmedMessage,
        retryAt: null,
        revokeConnection: false,
      });
    }
  });

  it('retries what LinkedIn cannot have taken: a refused connection, 429, anything before the post request', () => {
    expect(classify(refused, true)).toMatchObject({
      kind: 'retrying',
      message: expect.stringMatching(/could not be reached/),
    });
    expect(classify(new LinkedInError(429, 'slow down', 1), true)).toMatchObject({ kind: 'retrying' });
    expect(classify(new LinkedInError(503, 'Service Unavailable'), false)).toMatchObject({
      kind: 'retrying',
      retryAt: new Date(now.getTime() + 60_000),
    });
    expect(classify(timeout, false)).toMatchObject({ kind: 'retrying' });
    expect(classify(new LinkedInError(503, 'Service Unavailable'), false, 3)).toMatchObject({
      kind: 'unavailable',
    });
  });

  it('keeps refusals as they were, before or after the post request', () => {
    expect(classify(new LinkedInError(401, 'Invalid access token'), true)).toMatchObject({
      kind: 'reconnect',
      revokeConnection: true,
    });
    expect(classify(new LinkedInError(403, 'Not enough permissions'), true)).toMatchObject({
      kind: 'reconnect',
    });
    expect(classify(new LinkedInError(426, 'NONEXISTENT_VERSION'), true)).toMatchObject({ kind: 'version' });
    expect(classify(new LinkedInError(422, 'ERROR :: /commentary'), true)).toMatchObject({
      kind: 'rejected',
      message: 'LinkedIn refused the post: ERROR :: /commentary',
    });
  });
});
