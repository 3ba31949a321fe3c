import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  escapeLittleText,
  startFakeProviders,
  type FakeProviders,
  type LinkedInToken,
} from '../../harness/fakes/fake-providers.ts';

// The fake LinkedIn's Comments API over real HTTP, as the publisher uses it: a post first, then
// POST /rest/socialActions/{the post's URN, URL-encoded}/comments.
let fake: FakeProviders;

beforeAll(async () => {
  fake = await startFakeProviders();
});
afterAll(() => fake.close());
afterEach(() => fake.reset());

const version = '202607';

function call(
  path: string,
  token: LinkedInToken,
  body: unknown,
  headers: Record<string, string | null> = {},
) {
  const all: Record<string, string | null> = {
    authorization: `Bearer ${token.accessToken}`,
    'LinkedIn-Version': version,
    'X-Restli-Protocol-Version': '2.0.0',
    'content-type': 'application/json',
    ...headers,
  };
  const sent = Object.fromEntries(
    Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== null),
  );
  return fetch(`${fake.url}${path}`, { method: 'POST', headers: sent, body: JSON.stringify(body) });
}

/** A post by the token's member; its URN. */
async function newPost(token: LinkedInToken): Promise<string> {
  const response = await call('/rest/posts', token, {
    author: `urn:li:person:${token.member.sub}`,
    commentary: 'We shipped.',
    visibility: 'PUBLIC',
    distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
    lifecycleState: 'PUBLISHED',
  });
  expect(response.status).toBe(201);
  return response.headers.get('x-restli-id') ?? '';
}

const commentsPath = (urn: string) => `/rest/socialActions/${encodeURIComponent(urn)}/comments`;

function comment(
  token: LinkedInToken,
  postUrn: string,
  text: string,
  headers: Record<string, string | null> = {},
) {
  const body = { actor: `urn:li:person:${token.member.sub}`, object: postUrn, message: { text } };
  return call(commentsPath(postUrn), token, body, headers);
}

describe('fake LinkedIn comments', () => {
  it('comments under a post, answers with the comment, and records what a reader sees', async () => {
    const token = fake.linkedin.issueToken();
    const postUrn = await newPost(token);
    const text = 'Sources (all three) are in deck_v2, *slide 4* #shipping';
    const response = await comment(token, postUrn, escapeLittleText(text));
    expect(response.status).toBe(201);
    const [post] = fake.linkedin.posts;
    const [recorded] = post?.comments ?? [];
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      actor: `urn:li:person:${token.member.sub}`,
      object: post?.activityUrn,
      message: { text: escapeLittleText(text), attributes: [] },
    });
    expect(body.$URN).toBe(recorded?.urn);
    expect(body.commentUrn).toBe(recorded?.urn);
    expect(recorded?.urn).toBe(`urn:li:comment:(${post?.activityUrn},${recorded?.id})`);
    expect(response.headers.get('x-restli-id')).toBe(recorded?.id);
    expect(recorded).toMatchObject({ postUrn, shownText: text, linkedinVersion: version });
    expect(Date.parse(recorded!.createdAt)).toBeGreaterThanOrEqual(Date.parse(post!.createdAt));
    // Unescaped little text is cut where LinkedIn would cut it.
    await comment(token, postUrn, 'Sources (all three)');
    expect(post?.comments.map((item) => item.shownText)).toEqual([text, 'Sources ']);
  });

  it('checks the sign-in, the version and the Rest.li header like every REST call', async () => {
    const token = fake.linkedin.issueToken();
    const postUrn = await newPost(token);
    expect((await comment(token, postUrn, 'Hi', { authorization: null })).status).toBe(401);
    expect((await comment(token, postUrn, 'Hi', { 'LinkedIn-Version': null })).status).toBe(400);
    const retired = await comment(token, postUrn, 'Hi', { 'LinkedIn-Version': '202401' });
    expect(retired.status).toBe(426);
    expect(await retired.json()).toMatchObject({ code: 'NONEXISTENT_VERSION' });
    expect((await comment(token, postUrn, 'Hi', { 'X-Restli-Protocol-Version': null })).status).toBe(400);
    fake.setScenario('linkedin', { expireTokens: true });
    expect((await comment(token, postUrn, 'Hi')).status).toBe(401);
    expect(fake.linkedin.posts[0]?.comments).toEqual([]);
  });

  it('refuses a URN that is not URL-encoded, an unknown post, another actor and a bad body', async () => {
    const token = fake.linkedin.issueToken();
    const postUrn = await newPost(token);
    const body = { actor: `urn:li:person:${token.member.sub}`, object: postUrn, message: { text: 'Hi' } };
    const raw = await call(`/rest/socialActions/${postUrn}/comments`, token, body);
    expect(raw.status).toBe(400);
    expect(((await raw.json()) as { message: string }).message).toContain('URL-encoded');

    const unknown = 'urn:li:share:7000000000000000000';
    expect((await comment(token, unknown, 'Hi')).status).toBe(404);
    const foreign = await call(commentsPath(postUrn), token, { ...body, actor: 'urn:li:person:someoneElse' });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({
      message: 'Not enough permissions to access: partnerApiSocialActions.CREATE.20260701',
    });

    const invalid = await call(commentsPath(postUrn), token, {
      actor: body.actor,
      object: unknown,
      extra: 1,
    });
    expect(invalid.status).toBe(422);
    expect(((await invalid.json()) as { message: string }).message).toBe(
      'ERROR :: /message :: field is required but not found and has no default value\n' +
        'ERROR :: /extra :: unrecognized field found but not allowed\n' +
        `ERROR :: /object :: "${unknown}" is not the entity of the path (${postUrn})\n`,
    );
    expect((await comment(token, postUrn, 'a'.repeat(1250))).status).toBe(201);
    const tooLong = await comment(token, postUrn, 'a'.repeat(1251));
    expect(tooLong.status).toBe(422);
    expect(await tooLong.json()).toEqual({
      message: 'ERROR :: /message/text :: length 1251 exceeds the maximum of 1250 characters\n',
      status: 422,
    });
    expect(fake.linkedin.posts[0]?.comments).toHaveLength(1);
  });

  it('failComments fails the next comments (posts still go out), then accepts; created keeps the lost one', async () => {
    const token = fake.linkedin.issueToken();
    const control = await fetch(`${fake.url}/__control/scenario`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'linkedin', scenario: { failComments: { times: 1, status: 500 } } }),
    });
    expect(control.status).toBe(200);
    const postUrn = await newPost(token);
    const failed = await comment(token, postUrn, 'First try');
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ status: 500, message: 'Internal Server Error' });
    expect((await comment(token, postUrn, 'Second try')).status).toBe(201);

    fake.setScenario('linkedin', { failComments: { times: 1, status: 422 } });
    expect((await comment(token, postUrn, 'Refused')).status).toBe(422);

    fake.setScenario('linkedin', { failComments: { times: 1, status: 504, created: true } });
    const lost = await comment(token, postUrn, 'Taken, answer lost');
    expect(lost.status).toBe(504);
    expect(fake.linkedin.posts[0]?.comments.map((item) => item.shownText)).toEqual([
      'Second try',
      'Taken, answer lost',
    ]);

    const listed = (await (await fetch(`${fake.url}/__control/linkedin/posts`)).json()) as {
      comments: { shownText: string }[];
    }[];
    expect(listed[0]?.comments).toHaveLength(2);
    fake.reset();
    expect(fake.linkedin.posts).toEqual([]);
  });
});
