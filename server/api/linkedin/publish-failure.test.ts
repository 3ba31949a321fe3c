import { describe, expect, it } from 'vitest';
import { LinkedInError } from './linkedin-client.ts';
import {
  classifyPublishFailure,
  defaultRetryPolicy,
  reconnectMessage,
  tooLongMessage,
  unconfirmedMessage,
} from './publish-failure.ts';

const now = new Date('2026-11-28T09:00:00Z');
const classify = (error: unknown, postRequested: boolean, attempt = 1) =>
  classifyPublishFailure(error, attempt, {
    apiVersion: '202607',
    now,
    policy: defaultRetryPolicy,
    postRequested,
  });

const secondsLater = (seconds: number) => new Date(now.getTime() + seconds * 1000);

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

  it('tells the author exactly why a refused sign-in or permission stops the post, and marks the connection', () => {
    expect(classify(new LinkedInError(401, 'Invalid access token'), true)).toEqual({
      kind: 'reconnect',
      message: reconnectMessage,
      retryAt: null,
      revokeConnection: true,
    });
    expect(classify(new LinkedInError(403, 'Not enough permissions'), false)).toEqual({
      kind: 'reconnect',
      message:
        'LinkedIn did not let this app post for you. Reconnect LinkedIn in Settings and allow sharing.',
      retryAt: null,
      revokeConnection: true,
    });
  });

  it('names the API version and the setting to change when LinkedIn retired the version, without touching the connection', () => {
    expect(classify(new LinkedInError(426, 'NONEXISTENT_VERSION'), false)).toEqual({
      kind: 'version',
      message:
        'LinkedIn no longer accepts the API version this server uses (202607). The server owner needs to set LINKEDIN_API_VERSION to a current version; then publish again.',
      retryAt: null,
      revokeConnection: false,
    });
  });

  it('treats exactly 400 to 499 (but 429) as a refusal of the post; a 3xx that fetch did not follow is retried', () => {
    for (const status of [400, 499]) {
      expect(classify(new LinkedInError(status, 'Bad request'), true)).toEqual({
        kind: 'rejected',
        message: 'LinkedIn refused the post: Bad request',
        retryAt: null,
        revokeConnection: false,
      });
    }
    expect(classify(new LinkedInError(308, 'Permanent Redirect'), false)).toEqual({
      kind: 'retrying',
      message: 'LinkedIn had a problem (it answered 308). Trying again shortly (attempt 2 of 3).',
      retryAt: secondsLater(60),
      revokeConnection: false,
    });
  });

  it('says why it retries and which attempt comes next, and waits the policy delay or a longer Retry-After', () => {
    expect(classify(new LinkedInError(429, 'slow down', 120), true)).toEqual({
      kind: 'retrying',
      message: 'LinkedIn asked us to slow down (too many requests). Trying again shortly (attempt 2 of 3).',
      retryAt: secondsLater(120),
      revokeConnection: false,
    });
    expect(classify(new LinkedInError(429, 'slow down', 1), true).retryAt).toEqual(secondsLater(60));
    expect(classify(new LinkedInError(503, 'Service Unavailable'), false)).toEqual({
      kind: 'retrying',
      message: 'LinkedIn had a problem (it answered 503). Trying again shortly (attempt 2 of 3).',
      retryAt: secondsLater(60),
      revokeConnection: false,
    });
    expect(classify(refused, true, 2)).toEqual({
      kind: 'retrying',
      message: 'LinkedIn could not be reached. Trying again shortly (attempt 3 of 3).',
      retryAt: secondsLater(300),
      revokeConnection: false,
    });
  });

  it('keeps waiting the last delay of the policy once the attempts outnumber the delays', () => {
    const policy = { maxAttempts: 5, delaysSeconds: [60, 300] };
    for (const attempt of [3, 4]) {
      expect(
        classifyPublishFailure(refused, attempt, { apiVersion: '202607', now, policy, postRequested: true })
          .retryAt,
      ).toEqual(secondsLater(300));
    }
  });

  it('gives up after the last attempt, saying why and how many tries were made', () => {
    expect(classify(new LinkedInError(503, 'Service Unavailable'), false, 3)).toEqual({
      kind: 'unavailable',
      message:
        'LinkedIn had a problem (it answered 503), and 3 tries did not get the post through. Publish again when LinkedIn is back.',
      retryAt: null,
      revokeConnection: false,
    });
    expect(classify(refused, true, 3).message).toBe(
      'LinkedIn could not be reached, and 3 tries did not get the post through. Publish again when LinkedIn is back.',
    );
    expect(classify(new LinkedInError(429, 'slow down'), true, 3).message).toBe(
      'LinkedIn asked us to slow down (too many requests), and 3 tries did not get the post through. Publish again when LinkedIn is back.',
    );
  });
});

describe('tooLongMessage', () => {
  it('gives the length and the limit with thousands separators', () => {
    expect(tooLongMessage(3412)).toBe(
      'This post has 3,412 characters; LinkedIn takes at most 3,000. Shorten it, then publish again.',
    );
  });
});
