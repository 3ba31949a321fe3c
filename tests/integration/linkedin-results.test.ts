import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedServer } from '../../server/embedded/start-embedded-server.ts';
import { startApiTestServer } from '../helpers/api-server.ts';
import {
  fakeLinkedInEnv,
  newLinkedInUser,
  newPost,
  type LinkedInTestUser,
  useLinkedInApiServer,
} from '../helpers/linkedin-api-server.ts';

// Results from LinkedIn's API (issue 28): POST /api/linkedin/results/refresh reads
// memberCreatorPostAnalytics from the fake LinkedIn for the user's posts published through the
// app, with their stored token, and stores them (source 'api') on the real embedded backend; a
// 403 (no r_member_postAnalytics) or a 429 stores nothing and says which source is unavailable.

const stack = useLinkedInApiServer();

const refresh = (user: LinkedInTestUser, on: EmbeddedServer = stack.server) =>
  fetch(`${on.url}/api/linkedin/results/refresh`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: '{}',
  });

async function publishedPost(user: LinkedInTestUser, content: string, on: EmbeddedServer = stack.server) {
  const post = await newPost(user, { topic: content, content });
  const response = await fetch(`${on.url}/api/linkedin/publish`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ postId: post.id }),
  });
  expect(response.status).toBe(200);
  return { id: post.id, sent: stack.fake.linkedin.posts.find((each) => each.shownText === content)! };
}

async function stored(user: LinkedInTestUser) {
  const { data } = await user.client
    .from('post_results')
    .select('post_id, impressions, members_reached, reactions, comments, reshares, engagements, source')
    .order('impressions');
  return data;
}

const analyticsCalls = () =>
  stack.fake.requests.filter((each) => each.path === '/rest/memberCreatorPostAnalytics');

describe('refreshing results from LinkedIn', () => {
  it('says the API source is unavailable without r_member_postAnalytics, and stores nothing', async () => {
    const ada = await newLinkedInUser(stack.server);
    await publishedPost(ada, 'We stopped estimating.');
    const response = await refresh(ada);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      error: {
        code: 'linkedin_analytics_unavailable',
        message: expect.stringMatching(/r_member_postAnalytics/u),
      },
    });
    expect(await stored(ada)).toEqual([]);
  });

  it('reads the five figures of each published post, stores them as api, then waits for the schedule; 429 keeps them', async () => {
    const ada = await newLinkedInUser(stack.server);
    // The operator's LinkedIn app has the permission: the member's token carries it.
    stack.fake.linkedin.tokens.at(-1)!.scope.push('r_member_postAnalytics');
    const one = await publishedPost(ada, 'Why we hire for curiosity.');
    const two = await publishedPost(ada, 'No meetings on Fridays.');
    one.sent.analytics = { IMPRESSION: 2000, MEMBERS_REACHED: 1500, REACTION: 40, COMMENT: 6, RESHARE: 2 };
    two.sent.analytics = { IMPRESSION: 300, MEMBERS_REACHED: 250, REACTION: 5 };
    // A draft and a post published by hand are not asked for.
    await newPost(ada, { content: 'Draft' });
    await newPost(ada, { content: 'By hand', is_published: true });

    const response = await refresh(ada);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ read: 2, due: 2, waiting: 0 });
    expect(await stored(ada)).toEqual([
      {
        post_id: two.id,
        impressions: 300,
        members_reached: 250,
        reactions: 5,
        comments: 0,
        reshares: 0,
        engagements: 5,
        source: 'api',
      },
      {
        post_id: one.id,
        impressions: 2000,
        members_reached: 1500,
        reactions: 40,
        comments: 6,
        reshares: 2,
        engagements: 48,
        source: 'api',
      },
    ]);
    // LinkedIn's request format: the finder, the entity, each queryType, TOTAL, the version header.
    const calls = analyticsCalls();
    expect(calls).toHaveLength(10);
    expect(calls[0]?.query).toEqual({
      q: 'entity',
      // The newest post first.
      entity: `(share:${two.sent.urn})`,
      queryType: 'IMPRESSION',
      aggregation: 'TOTAL',
    });
    expect(new Set(calls.map((call) => call.query.queryType))).toEqual(
      new Set(['IMPRESSION', 'MEMBERS_REACHED', 'REACTION', 'COMMENT', 'RESHARE']),
    );
    expect(calls[0]?.headers['linkedin-version']).toMatch(/^\d{6}$/u);
    expect(calls[0]?.headers.authorization).toBe(`Bearer ${stack.fake.linkedin.tokens.at(-1)!.accessToken}`);

    // Read just now: on their first day the posts wait four hours.
    expect(await (await refresh(ada)).json()).toEqual({ read: 0, due: 0, waiting: 2 });
    expect(analyticsCalls()).toHaveLength(10);

    // Due again, but LinkedIn says too many requests: nothing changes, and the answer says why.
    await stack.server.db.query(`update public.post_results set read_at = now() - interval '5 hours'`);
    stack.fake.setScenario('linkedin', { failAnalytics: { status: 429 } });
    const limited = await refresh(ada);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ error: { code: 'linkedin_rate_limited' } });
    expect((await stored(ada))?.map((row) => row.impressions)).toEqual([300, 2000]);
    stack.fake.setScenario('linkedin', {});
  });

  it('refuses a user who has not connected LinkedIn', async () => {
    const grace = await newLinkedInUser(stack.server, { connected: false });
    const response = await refresh(grace);
    expect(response.status).toBe(409);
  });
});

describe('an operator whose LinkedIn app has the analytics permission (LINKEDIN_POST_ANALYTICS=true)', () => {
  let withAnalytics: EmbeddedServer;
  beforeAll(async () => {
    withAnalytics = await startApiTestServer({
      linkedin: { ...fakeLinkedInEnv(stack.fake), LINKEDIN_POST_ANALYTICS: 'true' },
    });
  });
  afterAll(() => withAnalytics.close());

  it('asks for r_member_postAnalytics when the member connects, and then reads their results', async () => {
    const ada = await newLinkedInUser(withAnalytics);
    const asked = stack.fake.requests.filter((each) => each.path === '/oauth/v2/authorization').at(-1);
    expect(asked?.query.scope).toBe('openid profile w_member_social r_member_postAnalytics');
    expect(stack.fake.linkedin.tokens.at(-1)!.scope).toContain('r_member_postAnalytics');

    const post = await publishedPost(ada, 'Why we hire for curiosity.', withAnalytics);
    post.sent.analytics = { IMPRESSION: 900, MEMBERS_REACHED: 700, REACTION: 12 };
    const response = await refresh(ada, withAnalytics);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ read: 1, due: 1, waiting: 0 });
    expect(await stored(ada)).toMatchObject([{ post_id: post.id, impressions: 900, members_reached: 700 }]);
  });
});
